/** The intelligence stream, newest first, in keyset pages (occurred_at, id); RLS hides what TLP forbids. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { feedKeys } from './keys';

export const FEED_PAGE_SIZE = 50;
export const EVENT_KINDS = [
  'kev_added',
  'indicators_imported',
  'objects_imported',
  'alert_raised',
  'import_succeeded',
  'import_failed',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

const COLUMNS =
  'id, occurred_at, kind, title, summary, source_id, import_run_id, alert_id, cve_ids, counts, tlp';

interface Cursor {
  occurredAt: string;
  id: number;
}

export async function listIntelEvents(
  kinds: readonly EventKind[],
  after: Cursor | null,
  signal?: AbortSignal,
) {
  let query = supabase().from('intel_events').select(COLUMNS);
  if (kinds.length) query = query.in('kind', [...kinds]);
  if (after)
    query = query.or(
      `occurred_at.lt.${after.occurredAt},and(occurred_at.eq.${after.occurredAt},id.lt.${after.id})`,
    );
  let request = query
    .order('occurred_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(FEED_PAGE_SIZE);
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw new Error(error.message);
  return data;
}

export type IntelEvent = Awaited<ReturnType<typeof listIntelEvents>>[number];

export function listIntelEventsQueryOptions(kinds: readonly EventKind[]) {
  return infiniteQueryOptions({
    queryKey: feedKeys.events(kinds),
    queryFn: ({ pageParam, signal }) => listIntelEvents(kinds, pageParam, signal),
    initialPageParam: null as Cursor | null,
    getNextPageParam: (lastPage): Cursor | null => {
      if (lastPage.length < FEED_PAGE_SIZE) return null;
      const last = lastPage.at(-1)!;
      return { occurredAt: last.occurred_at, id: last.id };
    },
  });
}

export function useIntelEvents(kinds: readonly EventKind[]) {
  return useInfiniteQuery(listIntelEventsQueryOptions(kinds));
}
