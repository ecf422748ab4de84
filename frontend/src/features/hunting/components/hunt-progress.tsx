/** The hunt under way: a bar of values checked and a cancel. */
import { Button, Flex, Progress } from '@chakra-ui/react';
import { formatInteger } from '@/lib/format/format';
import type { HuntProgress as Progressing } from '@/features/hunting/hooks/use-hunt-runner';

export function HuntProgress({ progress, onCancel }: { progress: Progressing; onCancel: () => void }) {
  return (
    <Flex gap="3" align="center">
      <Progress.Root
        value={progress.checked}
        max={Math.max(progress.total, 1)}
        size="sm"
        flex="1"
        // The bar's accessible name (a bare percentage by default).
        translations={{
          value: () => `Checked ${formatInteger(progress.checked)} of ${formatInteger(progress.total)}`,
        }}
      >
        <Progress.Label fontSize="sm" mb="1">
          Checked {formatInteger(progress.checked)} of {formatInteger(progress.total)}
        </Progress.Label>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Button size="sm" variant="outline" onClick={onCancel}>
        Cancel hunt
      </Button>
    </Flex>
  );
}
