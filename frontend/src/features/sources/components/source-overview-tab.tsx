/** A source's facts, and for an administrator its settings and imports. */
import { Alert, Link, Separator, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { Facts } from '@/components/entity/facts';
import { TlpBadge } from '@/components/intel/tlp-badge';
import { formatDateTime } from '@/lib/format/format';
import { ReferenceLink } from '@/components/intel/reference-link';
import { InertText } from '@/lib/security/inert-text';
import type { SourceOverview } from '@/features/sources/api/get-source-overview';
import { formatLabel } from '@/features/sources/utils/formats';
import { healthReason } from '@/features/sources/utils/source-health';
import { RELIABILITY_LABELS, scheduleText, type Reliability } from '@/features/sources/utils/source-text';
import { RedAudienceForm } from './red-audience-form';
import { SourceActions } from './source-actions';
import { SourceSettingsForm } from './source-settings-form';
import { HealthBadge } from './status-badges';

/** none: an analyst; unverified: an administrator who has not passed the second factor in this session. */
export type AdminAccess = 'verified' | 'unverified' | 'none';

interface Props {
  source: SourceOverview;
  now: number;
  admin: AdminAccess;
  /** Where an administrator verifies the second factor. */
  verifyHref: string;
  live: boolean;
}

export function SourceOverviewTab({ source, now, admin, verifyHref, live }: Props) {
  return (
    <Stack gap="4">
      {source.description && <InertText value={source.description} as="p" />}
      <Facts
        items={[
          [
            'Status',
            <Stack key="h" gap="1" align="flex-start">
              <HealthBadge health={source.health} />
              {healthReason(source, now)}
            </Stack>,
          ],
          ['Kind', source.kind],
          ['Format', source.format ? formatLabel(source.format) : null],
          ['URL', source.url ? <ReferenceLink key="url" url={source.url} /> : null],
          ['Reliability', `${source.reliability} · ${RELIABILITY_LABELS[source.reliability as Reliability]}`],
          ['Default TLP', <TlpBadge key="t" tlp={source.default_tlp} />],
          ['Default confidence', `${source.default_confidence} / 100`],
          ['Schedule', scheduleText(source.sync_interval_seconds)],
          ['Enabled', source.enabled ? 'Yes' : 'No'],
          ['Next sync', formatDateTime(source.next_sync_at)],
          ['Last reached', formatDateTime(source.last_synced_at)],
          ['Last success', formatDateTime(source.last_success_at)],
          ['Last error', source.last_run_error ? <InertText key="e" value={source.last_run_error} /> : null],
        ]}
      />
      {admin === 'verified' && (
        <>
          <Separator />
          <SourceSettingsForm key={source.id} source={source} />
          <Separator />
          <RedAudienceForm key={`audience-${source.id}`} sourceId={source.id} />
          <Separator />
          <SourceActions key={`actions-${source.id}`} source={source} live={live} />
        </>
      )}
      {admin === 'unverified' && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>
              To change this source or import into it, verify your second factor first:{' '}
              <Link asChild colorPalette="blue" textDecoration="underline">
                <RouterLink to={verifyHref}>open the Admin Dashboard</RouterLink>
              </Link>
              .
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
    </Stack>
  );
}
