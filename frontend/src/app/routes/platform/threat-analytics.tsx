/**
 * Threat Analytics: charts over the knowledge base and the alerts, each with its own period in the URL,
 * a table view and a CSV download. Every chart is one aggregate read on the server, counted within
 * the caller's TLP clearance.
 */
import { SimpleGrid, Stack } from '@chakra-ui/react';
import { PageHeading } from '@/components/ui/page-heading';
import { AlertResponseChart } from '@/features/analytics/components/alert-response-chart';
import { AlertVolumeChart } from '@/features/analytics/components/alert-volume-chart';
import { EpssHistogramChart } from '@/features/analytics/components/epss-histogram-chart';
import { IndicatorsByNetworkChart } from '@/features/analytics/components/indicators-by-network-chart';
import { IndicatorsBySourceChart } from '@/features/analytics/components/indicators-by-source-chart';
import { IndicatorsByTypeChart } from '@/features/analytics/components/indicators-by-type-chart';
import { KevAdditionsChart } from '@/features/analytics/components/kev-additions-chart';
import { KevVendorChart } from '@/features/analytics/components/kev-vendor-chart';
import { TechniqueFrequencyChart } from '@/features/analytics/components/technique-frequency-chart';
import { analyticsFiltersSchema } from '@/features/analytics/schemas/analytics-filters';
import { useUrlState } from '@/lib/url-state';
import type { PlatformPageProps } from './pages';

export default function ThreatAnalyticsPage({ definition }: PlatformPageProps) {
  const [periods, setPeriods] = useUrlState(analyticsFiltersSchema);
  return (
    <Stack gap="5" p={{ base: '3', md: '6' }}>
      <PageHeading title={definition.title}>
        Trends in the indicators, the alerts, the known exploited vulnerabilities and ATT&CK. Each chart has
        its own period, a table view and a CSV download; counts stay within your TLP clearance.
      </PageHeading>
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4" alignItems="start">
        <IndicatorsByTypeChart period={periods.types} onPeriodChange={(types) => setPeriods({ types })} />
        <IndicatorsBySourceChart
          period={periods.sources}
          onPeriodChange={(sources) => setPeriods({ sources })}
        />
        <IndicatorsByNetworkChart />
        <AlertVolumeChart period={periods.alerts} onPeriodChange={(alerts) => setPeriods({ alerts })} />
        <AlertResponseChart
          period={periods.response}
          onPeriodChange={(response) => setPeriods({ response })}
        />
        <KevAdditionsChart period={periods.kev} onPeriodChange={(kev) => setPeriods({ kev })} />
        <KevVendorChart period={periods.vendors} onPeriodChange={(vendors) => setPeriods({ vendors })} />
        <EpssHistogramChart period={periods.epss} onPeriodChange={(epss) => setPeriods({ epss })} />
        <TechniqueFrequencyChart
          period={periods.techniques}
          onPeriodChange={(techniques) => setPeriods({ techniques })}
        />
      </SimpleGrid>
    </Stack>
  );
}
