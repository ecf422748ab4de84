/**
 * Global Threat Feed: new intelligence as it lands — KEV additions, indicator batches per source,
 * new alerts, import runs — newest first, filterable by kind, pushed live.
 */
import {
  Badge,
  Button,
  Center,
  Checkbox,
  Flex,
  Link as ChakraLink,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { PageHeading } from '@/components/ui/page-heading';
import { entityPaths, platformLink } from '@/config/paths';
import {
  EVENT_KINDS,
  useIntelEvents,
  type EventKind,
  type IntelEvent,
} from '@/features/feed/api/list-intel-events';
import { EventItem, EVENT_KIND_LABELS } from '@/features/feed/components/event-item';
import { useIntelEventStream } from '@/features/feed/hooks/use-intel-event-stream';
import { urlList, useUrlState } from '@/lib/url-state';
import type { PlatformPageProps } from './pages';

const feedStateSchema = z.object({ kind: urlList(z.enum(EVENT_KINDS)) });

function eventLink(event: IntelEvent) {
  if (event.alert_id) return entityPaths.alert(String(event.alert_id));
  if (event.kind === 'kev_added') return platformLink('liveCveFeed', { added: '30d' });
  if (event.kind === 'indicators_imported' && event.source_id)
    return platformLink('iocIntelligence', { source: String(event.source_id), seen: '7d' });
  return undefined;
}

export default function GlobalThreatFeedPage({ definition }: PlatformPageProps) {
  const [state, setState] = useUrlState(feedStateSchema);
  const events = useIntelEvents(state.kind);
  const stream = useIntelEventStream();
  const rows = useMemo(() => events.data?.pages.flat() ?? [], [events.data]);
  const toggle = (kind: EventKind, on: boolean) =>
    setState({ kind: on ? [...state.kind, kind] : state.kind.filter((item) => item !== kind) });

  return (
    <Stack gap="4" p={{ base: '3', md: '6' }} maxWidth="56rem">
      <PageHeading
        title={definition.title}
        aside={
          <Badge colorPalette={stream.live ? 'green' : 'gray'} variant="subtle" aria-live="polite">
            {stream.live ? 'Live' : 'Connecting…'}
          </Badge>
        }
      />
      <Flex gap="4" wrap="wrap" role="group" aria-label="Kinds of intelligence shown">
        {EVENT_KINDS.map((kind) => (
          <Checkbox.Root
            key={kind}
            size="sm"
            checked={state.kind.includes(kind)}
            onCheckedChange={(details) => toggle(kind, details.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{EVENT_KIND_LABELS[kind]}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Flex>
      <Text fontSize="sm" color="fg.muted">
        {state.kind.length
          ? 'Showing the kinds ticked.'
          : 'Showing every kind; tick some to narrow the stream.'}
      </Text>
      {events.isPending && (
        <Center role="status" py="8" gap="2">
          <Spinner size="sm" /> Loading…
        </Center>
      )}
      {events.isError && (
        <Stack role="alert" align="flex-start">
          <Text>The stream could not be loaded: {events.error.message}</Text>
          <Button size="sm" onClick={() => void events.refetch()}>
            Retry
          </Button>
        </Stack>
      )}
      {events.isSuccess && rows.length === 0 && (
        <Text color="fg.muted">Nothing has arrived yet: new intelligence shows here as imports land.</Text>
      )}
      <Stack
        as="ol"
        gap="4"
        listStyleType="none"
        ps="0"
        aria-label="Intelligence stream"
        aria-live="polite"
        aria-relevant="additions"
      >
        {rows.map((event) => {
          const href = eventLink(event);
          return (
            <li key={event.id}>
              <EventItem
                event={event}
                link={
                  href && (
                    <ChakraLink asChild fontSize="sm">
                      <Link to={href}>Open</Link>
                    </ChakraLink>
                  )
                }
              />
            </li>
          );
        })}
      </Stack>
      {events.hasNextPage && (
        <Button
          size="sm"
          variant="outline"
          alignSelf="center"
          loading={events.isFetchingNextPage}
          onClick={() => void events.fetchNextPage()}
        >
          Older events
        </Button>
      )}
    </Stack>
  );
}
