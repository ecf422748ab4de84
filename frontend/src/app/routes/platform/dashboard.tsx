/**
 * The dashboard: key figures that each open the page filtered to them, the alert trend, the malware
 * families with the most indicators, the newest KEV entries and the services' health.
 */
import { Grid, Stack, Text } from '@chakra-ui/react';
import { PageHeading } from '@/components/ui/page-heading';
import { entityPaths, platformPath } from '@/config/paths';
import { PastSlaCard } from '@/features/cases/components/past-sla-card';
import { useAlertTrend } from '@/features/dashboard/api/get-alert-trend';
import { useDashboardFigures } from '@/features/dashboard/api/get-dashboard-figures';
import { useExposureFigures } from '@/features/dashboard/api/get-exposure-figures';
import { useLatestKev } from '@/features/dashboard/api/get-latest-kev';
import { useTopMalware } from '@/features/dashboard/api/get-top-malware';
import { AlertTrendChart } from '@/features/dashboard/components/alert-trend-chart';
import { FigureCard } from '@/features/dashboard/components/figure-card';
import { LatestKevList } from '@/features/dashboard/components/latest-kev-list';
import { TopMalwareChart } from '@/features/dashboard/components/top-malware-chart';
import { DemoDatasetProgress } from '@/features/demo-dataset/components/demo-dataset-progress';
import { ServiceHealthList } from '@/features/health/components/service-health-list';
import type { PlatformPageProps } from './pages';

const TREND_DAYS = 14;
const hub = platformPath('threatIntelligenceHub');
const iocs = platformPath('iocIntelligence');
const cves = platformPath('liveCveFeed');

export default function DashboardPage({ definition }: PlatformPageProps) {
  const figures = useDashboardFigures();
  const trend = useAlertTrend(TREND_DAYS);
  const malware = useTopMalware(10);
  const kev = useLatestKev(6);
  const exposure = useExposureFigures();
  const f = figures.data;
  return (
    <Stack gap="5" p={{ base: '3', md: '6' }}>
      <PageHeading title={definition.title} />
      <DemoDatasetProgress />
      {figures.isError && (
        <Text role="alert">The key figures could not be loaded: {figures.error.message}</Text>
      )}
      <Grid templateColumns="repeat(auto-fit, minmax(11rem, 1fr))" gap="3">
        <FigureCard label="New alerts, 24 h" value={f?.new_alerts_24h} to={`${hub}?status=new&window=24h`} />
        <FigureCard
          label="Open critical alerts"
          value={f?.open_critical_alerts}
          to={`${hub}?status=open&severity=critical`}
          tone="critical"
        />
        <FigureCard
          label="Added to KEV, 30 days"
          value={f?.kev_added_30d}
          to={`${cves}?added=30d`}
          hint={f ? `${f.kev_total.toLocaleString()} in the catalogue` : undefined}
        />
        <FigureCard
          label="Active indicators"
          value={f?.active_indicators}
          to={iocs}
          hint={f ? `${f.indicators_total.toLocaleString()} in all` : undefined}
        />
        <FigureCard
          label="Assets exposed to KEV"
          value={exposure.data?.exposedAssets}
          to={platformPath('externalAssets')}
          hint={
            exposure.data === undefined
              ? undefined
              : exposure.data.exposures === 0
                ? 'Add your assets to see exposure'
                : `${exposure.data.exposures.toLocaleString()} KEV exposures`
          }
        />
      </Grid>
      <Grid templateColumns={{ base: '1fr', xl: '3fr 2fr' }} gap="4">
        <AlertTrendChart rows={trend.data ?? []} days={TREND_DAYS} />
        <TopMalwareChart
          rows={malware.data ?? []}
          hrefFor={(stixId) => `${iocs}?malware=${encodeURIComponent(stixId)}`}
        />
      </Grid>
      <Grid templateColumns={{ base: '1fr', xl: '3fr 2fr' }} gap="4">
        <LatestKevList rows={kev.data ?? []} hrefFor={(cve) => `${cves}?cve=${cve}`} allHref={cves} />
        <ServiceHealthList />
      </Grid>
      <PastSlaCard hrefFor={entityPaths.case} allHref={platformPath('cases')} />
    </Stack>
  );
}
