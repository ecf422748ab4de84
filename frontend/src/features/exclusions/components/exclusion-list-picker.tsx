/** Which list is shown: one button per list, with its entry count. */
import { Button, Flex } from '@chakra-ui/react';
import { formatInteger } from '@/lib/format/format';
import { inertString } from '@/lib/security/inert-text';
import type { ExclusionList } from '@/features/exclusions/api/get-exclusion-lists';

interface ExclusionListPickerProps {
  lists: readonly ExclusionList[];
  selectedId: number | undefined;
  onSelect: (id: number) => void;
}

export function ExclusionListPicker({ lists, selectedId, onSelect }: ExclusionListPickerProps) {
  return (
    <Flex as="ul" gap="2" wrap="wrap" listStyleType="none" ps="0" aria-label="Exclusion lists">
      {lists.map((list) => (
        <li key={list.id}>
          <Button
            size="sm"
            variant={list.id === selectedId ? 'solid' : 'outline'}
            aria-pressed={list.id === selectedId}
            onClick={() => onSelect(list.id)}
          >
            {inertString(list.name, { defang: false })} ({formatInteger(list.entryCount)})
          </Button>
        </li>
      ))}
    </Flex>
  );
}
