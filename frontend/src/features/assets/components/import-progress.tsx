/** What an asset import came to (its progress bar is the shared CountProgress). */
import { List, Stack, Text } from '@chakra-ui/react';
import { formatInteger } from '@/lib/format/format';
import type { ImportOutcome } from '@/features/assets/api/import-assets';

const lines = (numbers: readonly number[]) =>
  numbers.length === 1 ? `Line ${numbers[0]}` : `Lines ${numbers.join(', ')}`;

export function ImportOutcomeReport({ outcome }: { outcome: ImportOutcome }) {
  return (
    <Stack gap="2" fontSize="sm">
      <Text role="status">
        Imported: {formatInteger(outcome.created)} assets added, {formatInteger(outcome.updated)} updated,{' '}
        {formatInteger(outcome.unchanged)} unchanged; {formatInteger(outcome.productsAdded)} products added,{' '}
        {formatInteger(outcome.productsKnown)} already listed. Exposures and alerts follow at once.
      </Text>
      {outcome.failures.length > 0 && (
        <>
          <Text role="alert" color="fg.error">
            {formatInteger(outcome.failures.length)} could not be written:
          </Text>
          <List.Root gap="1" ps="5">
            {outcome.failures.map((failure, index) => (
              <List.Item key={index}>
                {lines(failure.lines)}: {failure.reason}
              </List.Item>
            ))}
          </List.Root>
        </>
      )}
    </Stack>
  );
}
