/** One event of the stream: when, what kind, the headline, the numbers. */
import { Badge, Flex, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { TlpBadge } from '@/components/intel/tlp-badge';
import { formatDateTime } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import type { EventKind, IntelEvent } from '@/features/feed/api/list-intel-events';

export const EVENT_KIND_LABELS: Record<EventKind, string> = {
  kev_added: 'KEV addition',
  indicators_imported: 'Indicators',
  objects_imported: 'Knowledge',
  alert_raised: 'Alert',
  import_succeeded: 'Import',
  import_failed: 'Import failed',
};
const PALETTE: Record<EventKind, string> = {
  kev_added: 'red',
  indicators_imported: 'blue',
  objects_imported: 'purple',
  alert_raised: 'orange',
  import_succeeded: 'green',
  import_failed: 'red',
};

function countsText(counts: unknown): string {
  if (!counts || typeof counts !== 'object') return '';
  return Object.entries(counts as Record<string, unknown>)
    .filter(([, value]) => typeof value === 'number' && value > 0)
    .map(([key, value]) => `${(value as number).toLocaleString()} ${key.replace(/_/g, ' ')}`)
    .join(' · ');
}

export function EventItem({ event, link }: { event: IntelEvent; link?: ReactNode }) {
  const kind = event.kind as EventKind;
  return (
    <Stack
      as="article"
      gap="1"
      borderLeftWidth="3px"
      borderColor={`${PALETTE[kind] ?? 'gray'}.500`}
      ps="3"
      py="1"
    >
      <Flex gap="2" align="center" wrap="wrap">
        <Badge size="sm" colorPalette={PALETTE[kind] ?? 'gray'}>
          {EVENT_KIND_LABELS[kind] ?? event.kind}
        </Badge>
        <Text as="span" fontSize="xs" color="fg.muted">
          <time dateTime={event.occurred_at}>{formatDateTime(event.occurred_at)}</time>
        </Text>
        {event.tlp !== 'clear' && <TlpBadge tlp={event.tlp} />}
      </Flex>
      <Text fontWeight="medium">
        {/* Platform-written titles name sources (abuse.ch) and would read badly defanged; an alert's title is intelligence. */}
        <InertText value={event.title} defangLinks={kind === 'alert_raised'} />
      </Text>
      {event.summary && (
        <Text fontSize="sm" color="fg.muted">
          <InertText value={event.summary} maxLength={500} />
        </Text>
      )}
      {countsText(event.counts) && <Text fontSize="xs">{countsText(event.counts)}</Text>}
      {event.cve_ids.length > 0 && (
        <Text fontSize="xs" fontFamily="mono" color="fg.muted">
          {event.cve_ids.slice(0, 12).join(' ')}
          {event.cve_ids.length > 12 ? ` and ${event.cve_ids.length - 12} more` : ''}
        </Text>
      )}
      {link}
    </Stack>
  );
}
