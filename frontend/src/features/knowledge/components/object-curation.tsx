/**
 * What an analyst does with an object they read, on its overview: edit it, relate it to another,
 * merge duplicates into it (the authored types), and its notes (every object).
 */
import { Button, HStack, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuGitMerge, LuLink, LuPencil } from 'react-icons/lu';
import type { IntelObject } from '@/features/knowledge/api/get-intel-object';
import { useObjectNames } from '@/features/knowledge/api/get-object-names';
import { isAuthoredType } from '@/features/knowledge/utils/authoring';
import { IntelObjectDialog } from './intel-object-dialog';
import { MergeDialog } from './merge-dialog';
import { ObjectNotes } from './object-notes';
import { RelationshipDialog } from './relationship-dialog';

type Open = 'edit' | 'relate' | 'merge' | null;

export function ObjectCuration({ object }: { object: IntelObject }) {
  const [open, setOpen] = useState<Open>(null);
  const authored = isAuthoredType(object.type);
  const covered = useObjectNames(object.type === 'report' && open === 'edit' ? object.object_refs : []);
  const close = () => setOpen(null);
  return (
    <Stack gap="4">
      <HStack gap="2" wrap="wrap">
        {authored && (
          <Button size="xs" variant="outline" onClick={() => setOpen('edit')}>
            <LuPencil aria-hidden="true" />
            Edit
          </Button>
        )}
        <Button size="xs" variant="outline" onClick={() => setOpen('relate')}>
          <LuLink aria-hidden="true" />
          Add relationship
        </Button>
        {authored && (
          <Button size="xs" variant="outline" onClick={() => setOpen('merge')}>
            <LuGitMerge aria-hidden="true" />
            Merge duplicates
          </Button>
        )}
      </HStack>
      {open === 'edit' && (object.type !== 'report' || covered.isSuccess) && (
        <IntelObjectDialog
          object={object}
          covered={(covered.data ?? []).map((ref) => ({ ...ref, tlp: '' }))}
          onClose={close}
          onSaved={close}
        />
      )}
      {open === 'relate' && <RelationshipDialog object={object} onClose={close} />}
      {open === 'merge' && <MergeDialog object={object} onClose={close} />}
      <ObjectNotes kind="object" stixId={object.stix_id} tlp={object.tlp} />
    </Stack>
  );
}
