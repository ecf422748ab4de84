/** The inventory's four figures: how many assets, how many exposed, to how many KEV entries, how many late. */
import { Grid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { formatInteger } from '@/lib/format/format';
import type { ExposureSummary } from '@/features/assets/utils/exposures';

const FIGURES: readonly { key: keyof ExposureSummary; label: string; hint: string; alarming?: boolean }[] = [
  { key: 'assets', label: 'Assets', hint: 'in the inventory' },
  { key: 'exposedAssets', label: 'Exposed assets', hint: 'run a product on CISA’s KEV list', alarming: true },
  { key: 'kevExposures', label: 'KEV exposures', hint: 'asset products × KEV entries', alarming: true },
  { key: 'overdue', label: 'Overdue', hint: 'past CISA’s remediation due date', alarming: true },
];

export function AssetSummary({ summary }: { summary: ExposureSummary | undefined }) {
  return (
    <Grid
      as="dl"
      templateColumns="repeat(auto-fit, minmax(10rem, 1fr))"
      gap="3"
      aria-label="Exposure summary"
    >
      {FIGURES.map((figure) => {
        const value = summary?.[figure.key];
        return (
          <Stack key={figure.key} gap="1" borderWidth="1px" borderRadius="md" p="4">
            <Text as="dt" fontSize="sm" fontWeight="medium">
              {figure.label}
            </Text>
            <Stack as="dd" gap="1">
              <Skeleton loading={value === undefined} minHeight="9">
                <Text
                  fontSize="3xl"
                  fontWeight="bold"
                  lineHeight="short"
                  color={figure.alarming && value ? 'severity.critical' : 'fg'}
                >
                  {formatInteger(value)}
                </Text>
              </Skeleton>
              <Text fontSize="xs" color="fg.muted">
                {figure.hint}
              </Text>
            </Stack>
          </Stack>
        );
      })}
    </Grid>
  );
}
