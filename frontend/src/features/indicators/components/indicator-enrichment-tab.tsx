/**
 * The drawer's Enrichment section (issue 30 §2): the latest answer of each online service about
 * this value (summary, when, until when it is reused, a link to read it at the service, what it
 * does to the score), and "Enrich" to ask the enabled services that apply to its type. A value of
 * PAP:AMBER or above is never sent out: the button is replaced by the reason (the server refuses it
 * too). Answers are data from outside: rendered as inert text.
 */
import { Badge, Box, Button, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Facts } from '@/components/entity/facts';
import { PAP_MEANING, papLabel, type PapLevel } from '@/components/intel/pap-badge';
import { ReferenceLink } from '@/components/intel/reference-link';
import { formatDateTime } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import {
  useIndicatorEnrichment,
  type EnrichmentResult,
  type EnrichmentService,
} from '@/features/indicators/api/get-indicator-enrichment';
import { useIndicatorReports } from '@/features/indicators/api/get-indicator-reports';
import { useRequestEnrichment } from '@/features/indicators/api/request-enrichment';
import { indicatorPap, scoreDeltaText, summaryLines } from '@/features/indicators/utils/enrichment-summary';

function StatusBadge({ result }: { result: EnrichmentResult }) {
  switch (result.status) {
    case 'ok':
      return <Badge colorPalette="green">Answered</Badge>;
    case 'queued':
      return <Badge colorPalette="blue">Waiting for the worker</Badge>;
    case 'rate_limited':
      return <Badge colorPalette="orange">Rate-limited until {formatDateTime(result.retry_at) ?? '—'}</Badge>;
    case 'refused':
      return <Badge colorPalette="orange">Not sent</Badge>;
    default:
      return <Badge colorPalette="red">Failed</Badge>;
  }
}

function ResultCard({ service, result }: { service: string; result: EnrichmentResult }) {
  const lines = summaryLines(result.summary);
  const delta = scoreDeltaText(result.score_delta);
  return (
    <Box as="article" borderWidth="1px" rounded="md" p="3" aria-label={service}>
      <Flex gap="2" align="center" wrap="wrap" mb="2">
        <Heading as="h3" size="sm">
          {service}
        </Heading>
        <StatusBadge result={result} />
        {delta && (
          <Text fontSize="sm" color="fg.muted">
            {delta}
          </Text>
        )}
      </Flex>
      {result.error && result.status !== 'ok' && (
        <Text fontSize="sm" color={result.status === 'failed' ? 'fg.error' : 'fg.warning'} mb="2">
          <InertText value={result.error} defangLinks={false} />
        </Text>
      )}
      {result.fetched_at && (
        <Facts
          items={[
            ...lines.map(([label, text]): [string, ReactNode] => [
              label,
              <InertText key={label} value={text} defangLinks={false} />,
            ]),
            ['Fetched', formatDateTime(result.fetched_at)],
            ['Reused until', formatDateTime(result.expires_at)],
            ['At the service', result.link ? <ReferenceLink key="l" url={result.link} singleLine /> : null],
          ]}
        />
      )}
    </Box>
  );
}

function appliesTo(service: EnrichmentService, type: string): boolean {
  return service.indicator_types.includes(type as never);
}

export function IndicatorEnrichmentTab({ id, type }: { id: number; type: string }) {
  const enrichment = useIndicatorEnrichment(id);
  const reports = useIndicatorReports(id);
  const enrich = useRequestEnrichment(id);
  if (enrichment.isPending || reports.isPending) return <Spinner size="sm" />;
  if (enrichment.isError)
    return <Text role="alert">The enrichment could not be loaded: {enrichment.error.message}</Text>;
  if (reports.isError) return <Text role="alert">The PAP could not be read: {reports.error.message}</Text>;
  const pap = indicatorPap(reports.data.map((r) => r.pap)) as PapLevel;
  const shareable = pap === 'clear' || pap === 'green';
  const names = new Map(enrichment.data.services.map((s) => [s.id, s.name]));
  const usable = enrichment.data.services.filter((s) => s.enabled && appliesTo(s, type));
  const results = [...enrichment.data.results].sort((a, b) =>
    (names.get(a.service_id) ?? '').localeCompare(names.get(b.service_id) ?? ''),
  );
  return (
    <Stack gap="4">
      <Text color="fg.muted" fontSize="sm">
        Online services asked about this value on request. Answers are kept for everyone until they expire,
        and some move the score within a documented bound.
      </Text>
      {!shareable ? (
        <Box role="note" borderWidth="1px" borderColor="border.warning" bg="bg.warning" rounded="md" p="3">
          <Text fontWeight="semibold">{papLabel(pap)} — not sent to outside services.</Text>
          <Text fontSize="sm">
            A report marks this value {papLabel(pap)} ({PAP_MEANING[pap]}): no enrichment service is asked
            about it.
          </Text>
        </Box>
      ) : usable.length === 0 ? (
        <Text fontSize="sm">
          No enrichment service is enabled for this type of value. An administrator enables them in System
          Configuration.
        </Text>
      ) : (
        <Flex gap="3" align="center" wrap="wrap">
          <Button size="sm" onClick={() => enrich.mutate()} loading={enrich.isPending}>
            Enrich
          </Button>
          <Text fontSize="sm" color="fg.muted">
            Asks {usable.map((s) => s.name).join(', ')}.
          </Text>
        </Flex>
      )}
      {enrich.isError && (
        <Text role="alert" color="fg.error" fontSize="sm">
          {enrich.error.message}
        </Text>
      )}
      {results.length === 0 ? (
        <Text color="fg.muted">No service has been asked about this value yet.</Text>
      ) : (
        results.map((result) => (
          <ResultCard
            key={result.id}
            service={names.get(result.service_id) ?? result.service_id}
            result={result}
          />
        ))
      )}
    </Stack>
  );
}
