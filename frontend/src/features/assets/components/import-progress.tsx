/** The import under way (a bar of assets and products written), then what it came to. */
import { List, Progress, Stack, Text } from '@chakra-ui/react';
import { formatInteger } from '@/lib/format/format';
import type { ImportOutcome, ImportProgress } from '@/features/assets/api/import-assets';

export function ImportProgressBar({ progress }: { progress: ImportProgress }) {
  const label = `${progress.step} ${formatInteger(progress.done)} of ${formatInteger(progress.total)}`;
  return (
    <Progress.Root
      value={progress.done}
      max={Math.max(progress.total, 1)}
      size="sm"
      // The bar's accessible name (a bare percentage by default).
      translations={{ value: () => label }}
    >
      <Progress.Label fontSize="sm" mb="1">
        {label}
      </Progress.Label>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}

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
