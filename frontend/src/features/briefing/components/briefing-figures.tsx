/** The key figures of the period, each with its trend against the period before (arrow and words). */
import { Grid, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { formatInteger } from '@/lib/format/format';
import type { BriefingFigure } from '@/features/briefing/utils/briefing-figures';
import { trendBadge, trendInWords } from '@/features/briefing/utils/trend';

export function BriefingFigures({ figures, days }: { figures: readonly BriefingFigure[]; days: number }) {
  return (
    <Grid
      as="ul"
      aria-label="Key figures"
      templateColumns="repeat(auto-fit, minmax(10rem, 1fr))"
      gap="3"
      listStyleType="none"
    >
      {figures.map((figure) => (
        <Stack as="li" key={figure.label} gap="0.5" borderWidth="1px" borderRadius="md" p="3">
          <Text fontSize="sm" color="fg.muted">
            {figure.label}
          </Text>
          <Text fontSize="2xl" fontWeight="bold" lineHeight="short">
            {formatInteger(figure.value)}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {figure.trend ? (
              <>
                <span aria-hidden="true">{trendBadge(figure.trend)}</span>
                <VisuallyHidden>{trendInWords(figure.trend, days)}</VisuallyHidden>
              </>
            ) : (
              figure.hint
            )}
          </Text>
        </Stack>
      ))}
    </Grid>
  );
}
