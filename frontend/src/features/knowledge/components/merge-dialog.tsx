/**
 * Merge duplicates into the open object: pick objects of the same type, read the server's preview
 * (what moves, the aliases after), then merge. The server refuses another type, the object itself
 * and what the analyst cannot read, in words; the merged ids keep resolving to this object.
 */
import { Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Facts } from '@/components/entity/facts';
import { FormDialog } from '@/components/ui/form-dialog';
import { toast } from '@/components/ui/toast';
import { formatCount } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import { useMergeObjects, useMergePreview } from '@/features/knowledge/api/merge-objects';
import type { FoundObject } from '@/features/knowledge/api/search-intel-objects';
import { kindName } from '@/features/knowledge/utils/object-kinds';
import { ObjectPicker } from './object-picker';

interface MergeDialogProps {
  object: { stix_id: string; type: string; name: string | null };
  onClose: () => void;
}

export function MergeDialog({ object, onClose }: MergeDialogProps) {
  const [duplicates, setDuplicates] = useState<FoundObject[]>([]);
  const ids = duplicates.map((duplicate) => duplicate.stix_id);
  const preview = useMergePreview(object.stix_id, ids);
  const merge = useMergeObjects();
  const data = ids.length ? preview.data : undefined;

  const submit = async () => {
    try {
      const result = await merge.mutateAsync({ into: object.stix_id, from: ids });
      toast({
        title: `Merged ${formatCount(ids.length, 'object')} into ${object.name ?? object.stix_id}`,
        description: `${formatCount(result.relationships_moved, 'relationship')} moved, ${formatCount(result.duplicates_dropped, 'duplicate link')} dropped.`,
      });
      onClose();
    } catch {
      // Shown in the dialog.
    }
  };

  return (
    <FormDialog
      title={`Merge duplicates into ${object.name ?? object.stix_id}`}
      submitLabel="Merge"
      canSubmit={Boolean(data) && !preview.isFetching}
      busy={merge.isPending}
      error={merge.error ?? (ids.length && preview.isError ? preview.error : null)}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <ObjectPicker
        label={`Duplicates (${kindName(object.type).toLowerCase()} only)`}
        types={[object.type]}
        chosen={duplicates}
        onChange={setDuplicates}
        exclude={[object.stix_id]}
        max={100}
      />
      {data && (
        <Stack gap="2" as="section" aria-label="What the merge does">
          <Text fontSize="sm" fontWeight="semibold">
            What the merge does
          </Text>
          <Facts
            items={[
              [
                'Aliases after',
                <InertText key="a" value={data.aliases.join(', ') || '—'} defangLinks={false} />,
              ],
              ['Relationships moved', String(data.relationships)],
              ['Indicators moved', String(data.indicators)],
              ['Sightings moved', String(data.sightings)],
              ['Reports that cover them', String(data.reports)],
            ]}
          />
          <Text fontSize="sm" color="fg.muted">
            The duplicates are removed; their ids keep pointing here, so a later import of one lands on this
            object. Links this object already has are not doubled.
          </Text>
        </Stack>
      )}
    </FormDialog>
  );
}
