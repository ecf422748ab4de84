/**
 * Executive Briefing: the period in sentences and figures against the period before (alerts, the most
 * active malware and actors, KEV entries and our exposure), marked with a TLP label, and exported as a
 * PDF in one click. The period and the marking live in the URL; what the reader may not see is not
 * counted (the server reads as the reader).
 */
import { Button, Flex, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { PageHeading } from '@/components/ui/page-heading';
import { platformPath } from '@/config/paths';
import { useBriefingAlerts } from '@/features/briefing/api/get-briefing-alerts';
import { useBriefingKev } from '@/features/briefing/api/get-briefing-kev';
import { useBriefingThreats } from '@/features/briefing/api/get-briefing-threats';
import { BriefingControls } from '@/features/briefing/components/briefing-controls';
import { BriefingReport } from '@/features/briefing/components/briefing-report';
import { ExportPdfButton } from '@/features/briefing/components/export-pdf-button';
import { TlpWarning } from '@/features/briefing/components/tlp-warning';
import { briefingViewSchema, PERIOD_DAYS } from '@/features/briefing/schemas/briefing-view';
import { briefingDocument } from '@/features/briefing/utils/briefing-document';
import { summariseBriefing } from '@/features/briefing/utils/briefing-summary';
import { utcToday } from '@/features/briefing/utils/period-label';
import { useUrlState } from '@/lib/url-state';
import type { PlatformPageProps } from './pages';

/** Malware families and actors each. */
const TOP_THREATS = 5;

export default function ExecutiveBriefingPage({ definition }: PlatformPageProps) {
  const [view, setView] = useUrlState(briefingViewSchema);
  const days = PERIOD_DAYS[view.period];
  const alerts = useBriefingAlerts(days);
  const threats = useBriefingThreats(days, TOP_THREATS);
  const kev = useBriefingKev(days);
  const queries = [alerts, threats, kev];
  const failed = queries.find((query) => query.isError);
  const asOfMs = Math.max(alerts.dataUpdatedAt, threats.dataUpdatedAt, kev.dataUpdatedAt);

  const summary = useMemo(() => {
    if (!alerts.data || !threats.data || !kev.data) return null;
    return summariseBriefing({
      days,
      alerts: alerts.data,
      threats: threats.data,
      kev: kev.data,
      today: utcToday(new Date(asOfMs)),
    });
  }, [days, alerts.data, threats.data, kev.data, asOfMs]);

  const document = summary
    ? () => briefingDocument(summary, view.tlp, { asOf: new Date(asOfMs), generated: new Date() })
    : null;

  return (
    <Stack gap="5" p={{ base: '3', md: '6' }}>
      <PageHeading title={definition.title}>
        The period at a glance for leadership: alerts, the most active threats, known exploited
        vulnerabilities and our exposure, against the period before.
      </PageHeading>
      <BriefingControls view={view} onChange={setView}>
        <ExportPdfButton document={document} />
      </BriefingControls>
      {summary && <TlpWarning chosen={view.tlp} highest={summary.highestTlp} />}
      {failed ? (
        <Stack role="alert" gap="2" align="flex-start">
          <Text>The briefing could not be prepared: {failed.error?.message}</Text>
          <Button
            size="sm"
            variant="outline"
            onClick={() => queries.filter((query) => query.isError).forEach((query) => void query.refetch())}
          >
            Retry
          </Button>
        </Stack>
      ) : !summary ? (
        <Flex gap="2" align="center" role="status" color="fg.muted">
          <Spinner size="sm" /> Preparing the briefing…
        </Flex>
      ) : (
        <BriefingReport
          summary={summary}
          tlp={view.tlp}
          asOf={new Date(asOfMs)}
          exposuresHref={platformPath('externalAssets')}
        />
      )}
    </Stack>
  );
}
