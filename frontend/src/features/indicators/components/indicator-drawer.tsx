/**
 * One indicator: what it is, every source's report of it, what it is linked to, where our sensors saw
 * it and the alerts it raised; the tab labels count the last two.
 */
import { Button, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { EntityDrawer } from '@/components/entity/entity-drawer';
import { Facts } from '@/components/entity/facts';
import { IndicatorValue } from '@/components/intel/indicator-value';
import { LifecycleBadge } from '@/components/intel/lifecycle-badge';
import { NetworkOriginFacts } from '@/components/intel/network-origin';
import { TlpBadge } from '@/components/intel/tlp-badge';
import { formatDateTime, formatInteger } from '@/lib/format/format';
import { TYPE_NAMES, type IndicatorType } from '@/lib/intel/indicator-input';
import { InertText } from '@/lib/security/inert-text';
import { useIndicator, type IndicatorDetail } from '@/features/indicators/api/get-indicator';
import { useIndicatorActivity } from '@/features/indicators/api/get-indicator-activity';
import { listHitLines } from '@/features/indicators/utils/list-hits';
import { IndicatorAlertsTab } from './indicator-alerts-tab';
import { IndicatorDecay } from './indicator-decay';
import { IndicatorEnrichmentTab } from './indicator-enrichment-tab';
import { IndicatorRelationsTab } from './indicator-relations-tab';
import { IndicatorSightingsTab } from './indicator-sightings-tab';
import { IndicatorSourcesTab } from './indicator-sources-tab';

interface IndicatorDrawerProps {
  id: number | undefined;
  onClose: () => void;
  onRevoke: (indicator: IndicatorDetail) => void;
}

const HAS_ORIGIN = new Set(['ipv4', 'ipv6', 'asn']);
const originOf = (i: IndicatorDetail) => ({ asn: i.asn, asName: i.as_name, country: i.country });

function ListLines({ lines }: { lines: readonly string[] }) {
  return (
    <Stack as="ul" gap="0.5" listStyleType="none" ps="0">
      {lines.map((line) => (
        <li key={line}>
          <InertText value={line} defangLinks={false} />
        </li>
      ))}
    </Stack>
  );
}

function Overview({ indicator }: { indicator: IndicatorDetail }) {
  const lines = listHitLines({
    warninglists: indicator.warninglists ?? [],
    exclusions: indicator.exclusions ?? [],
  });
  return (
    <Stack gap="4">
      <Facts
        items={[
          ['Value', <IndicatorValue key="v" value={indicator.value} />],
          ['Type', TYPE_NAMES[indicator.type as IndicatorType] ?? indicator.type],
          // The offline AS and country of an address (an asn indicator: its AS's name).
          ...(HAS_ORIGIN.has(indicator.type)
            ? [
                ['Network', <NetworkOriginFacts key="n" origin={originOf(indicator)} />] as [
                  string,
                  ReactNode,
                ],
              ]
            : []),
          // The server's verdict: revoked, expired, decayed (score under the type's threshold) or active.
          [
            'Status',
            indicator.lifecycle_state ? <LifecycleBadge key="st" state={indicator.lifecycle_state} /> : null,
          ],
          ['Score', indicator.score ?? null],
          // Held values raise no alert and leave exports for controls, whatever their status.
          [
            'Lists',
            lines.length ? <ListLines key="li" lines={lines} /> : 'On no warninglist or exclusion list',
          ],
          ['Confidence', indicator.confidence ?? null],
          ['TLP', <TlpBadge key="t" tlp={indicator.tlp} />],
          ['First seen', formatDateTime(indicator.first_seen)],
          ['Last seen', formatDateTime(indicator.last_seen)],
          ['Valid until', formatDateTime(indicator.valid_until)],
          [
            'Labels',
            indicator.labels.length ? <InertText key="l" value={indicator.labels.join(', ')} /> : null,
          ],
          [
            'Description',
            indicator.description ? <InertText key="d" value={indicator.description} as="p" /> : null,
          ],
          [
            'STIX id',
            <Text key="s" as="code" fontSize="xs">
              {indicator.stix_id}
            </Text>,
          ],
          // Verbatim, so a copied pattern is valid STIX; inert text all the same.
          ['Pattern', <InertText key="p" value={indicator.pattern} as="code" defangLinks={false} />],
        ]}
      />
      <IndicatorDecay id={indicator.id} type={indicator.type as IndicatorType} />
    </Stack>
  );
}

/** "Sightings (3)" once the count is in. */
function counted(label: string, count: number | undefined): string {
  return count === undefined ? label : `${label} (${formatInteger(count)})`;
}

export function IndicatorDrawer({ id, onClose, onRevoke }: IndicatorDrawerProps) {
  const indicator = useIndicator(id);
  const activity = useIndicatorActivity(id).data ?? null;
  const data = indicator.data;
  const missing = indicator.isSuccess && !data;
  return (
    <EntityDrawer
      open={id !== undefined}
      onClose={onClose}
      kind="Indicator"
      stixId={data?.stix_id ?? undefined}
      title={data ? <InertText value={data.value} /> : missing ? 'Not found' : 'Loading…'}
      subtitle={missing ? 'It does not exist, or your clearance does not cover its TLP.' : undefined}
      actions={
        data && (
          <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => onRevoke(data)}>
            {data.revoked ? 'Restore…' : 'Revoke…'}
          </Button>
        )
      }
      tabs={
        data && id !== undefined
          ? [
              { id: 'overview', label: 'Overview', content: <Overview indicator={data} /> },
              { id: 'sources', label: 'Sources', content: <IndicatorSourcesTab id={id} /> },
              { id: 'relationships', label: 'Relationships', content: <IndicatorRelationsTab id={id} /> },
              {
                id: 'sightings',
                label: counted('Sightings', activity?.sightings),
                content: <IndicatorSightingsTab id={id} activity={activity} />,
              },
              {
                id: 'alerts',
                label: counted('Alerts', activity?.alerts),
                content: <IndicatorAlertsTab id={id} activity={activity} />,
              },
              {
                id: 'enrichment',
                label: 'Enrichment',
                content: <IndicatorEnrichmentTab id={id} type={data.type} />,
              },
            ]
          : []
      }
    />
  );
}
