/** How many lookalikes each permutation family produced for the open watch, with its table. */
import { Text } from '@chakra-ui/react';
import { ChartFrame } from '@/components/charts/chart-frame';
import { HorizontalBars } from '@/components/charts/horizontal-bars';
import { formatInteger } from '@/lib/format/format';
import type { FamilyCount } from '@/features/brand/utils/family-counts';

export function FamilyChart({ domain, counts }: { domain: string; counts: readonly FamilyCount[] }) {
  const total = counts.reduce((sum, item) => sum + item.count, 0);
  return (
    <ChartFrame
      title="Lookalikes by family"
      summary={`${formatInteger(total)} lookalikes of ${domain} in ${counts.length} permutation families.`}
      table={{ columns: ['Family', 'Lookalikes'], rows: counts.map((item) => [item.family, item.count]) }}
    >
      {total === 0 ? (
        <Text color="fg.muted" fontSize="sm" py="6" textAlign="center">
          No lookalike is stored for this domain.
        </Text>
      ) : (
        <HorizontalBars data={counts.map((item) => ({ label: item.family, value: item.count }))} />
      )}
    </ChartFrame>
  );
}
