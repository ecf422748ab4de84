/** A bar of work counted in items ("Reading indicators 12,000 of 59,620"), named for screen readers. */
import { Progress } from '@chakra-ui/react';
import { formatInteger } from '@/lib/format/format';

export function CountProgress({ step, done, total }: { step: string; done: number; total: number }) {
  const label = `${step} ${formatInteger(done)} of ${formatInteger(total)}`;
  return (
    <Progress.Root
      value={Math.min(done, total)}
      max={Math.max(total, 1)}
      size="sm"
      minWidth="14rem"
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
