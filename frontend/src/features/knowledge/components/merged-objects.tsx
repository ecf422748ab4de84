/**
 * Where one actor's entries come from when sources named it differently: the entries merged into it
 * (name and sources), or, for such an entry, the object it was merged into.
 */
import { Stack, Text } from '@chakra-ui/react';
import { InertText } from '@/lib/security/inert-text';
import { useMergedObjects } from '@/features/knowledge/api/get-merged-objects';
import { ObjectLink } from './object-link';

interface MergedObjectsProps {
  stixId: string;
  onOpenObject?: (stixId: string) => void;
}

export function MergedObjects({ stixId, onOpenObject }: MergedObjectsProps) {
  const { data } = useMergedObjects(stixId);
  if (!data) return null;
  if (data.mergedInto)
    return (
      <Text fontSize="sm">
        Another source describes the same object; it is listed as{' '}
        <ObjectLink stixId={data.mergedInto.stixId} name={data.mergedInto.name} onOpen={onOpenObject} />.
      </Text>
    );
  if (data.entries.length === 0) return null;
  return (
    <Stack gap="1" as="section" aria-label="Also described by">
      <Text fontSize="sm" fontWeight="semibold">
        Also described by
      </Text>
      {data.entries.map((entry) => (
        <Text key={entry.stixId} fontSize="sm">
          <ObjectLink stixId={entry.stixId} name={entry.name} onOpen={onOpenObject} />{' '}
          <Text as="span" color="fg.muted">
            (<InertText value={entry.sources.join(', ')} defangLinks={false} />)
          </Text>
        </Text>
      ))}
    </Stack>
  );
}
