/**
 * The briefing as it will be shared, between its TLP bands: the period, the sentences, the key figures,
 * the charts and the KEV tables. The PDF says the same from the same data (utils/briefing-document).
 */
import { Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { tlpLabel, type TlpLevel } from '@/components/intel/tlp-badge';
import { TlpBanner } from '@/components/intel/tlp-banner';
import { TLP_DEFINITIONS } from '@/components/intel/tlp-marking';
import { formatDateTime } from '@/lib/format/format';
import { briefingCharts } from '@/features/briefing/utils/briefing-charts';
import { briefingTables } from '@/features/briefing/utils/briefing-document';
import { briefingFigures } from '@/features/briefing/utils/briefing-figures';
import type { BriefingSummary } from '@/features/briefing/utils/briefing-summary';
import { periodLabel } from '@/features/briefing/utils/period-label';
import { briefingSentences } from '@/features/briefing/utils/sentences';
import { BriefingChart } from './briefing-chart';
import { BriefingFigures } from './briefing-figures';
import { KevTable } from './kev-table';

interface BriefingReportProps {
  summary: BriefingSummary;
  tlp: TlpLevel;
  asOf: Date;
  exposuresHref: string;
}

export function BriefingReport({ summary, tlp, asOf, exposuresHref }: BriefingReportProps) {
  return (
    <Stack
      as="article"
      aria-label="Briefing"
      gap="5"
      borderWidth="1px"
      borderRadius="md"
      p={{ base: '3', md: '5' }}
    >
      <TlpBanner tlp={tlp} />
      <Stack as="section" aria-labelledby="briefing-summary" gap="2">
        <Heading as="h2" size="lg" id="briefing-summary">
          Summary
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {periodLabel(summary.days, asOf)}. Figures as of {formatDateTime(asOf.toISOString())}.
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {tlpLabel(tlp)}: {TLP_DEFINITIONS[tlp]}
        </Text>
        <Stack as="ul" aria-label="The period in sentences" gap="1.5" ps="5" listStyleType="disc">
          {briefingSentences(summary).map((sentence) => (
            <li key={sentence}>{sentence}</li>
          ))}
        </Stack>
      </Stack>
      <BriefingFigures figures={briefingFigures(summary)} days={summary.days} />
      <Grid templateColumns={{ base: '1fr', xl: '1fr 1fr' }} gap="4">
        {briefingCharts(summary).map((chart) => (
          <BriefingChart key={chart.key} chart={chart} />
        ))}
      </Grid>
      <Stack as="section" aria-labelledby="briefing-kev" gap="3">
        <Heading as="h2" size="md" id="briefing-kev">
          Known exploited vulnerabilities
        </Heading>
        <Grid templateColumns={{ base: '1fr', '2xl': '1fr 1fr' }} gap="4">
          {briefingTables(summary).map((table) => (
            <KevTable key={table.title} table={table} moreHref={exposuresHref} />
          ))}
        </Grid>
      </Stack>
      <TlpBanner tlp={tlp} />
    </Stack>
  );
}
