import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ClientBase } from 'pg';
import { z } from 'zod';
import { fetchFeed, FeedUnavailable, type FetchOptions } from './fetch-feed.js';
import { fetchMany } from './fetch-many.js';

/**
 * A MISP feed (MISP's own feed format, e.g. CIRCL's OSINT feed): `manifest.json` lists the events
 * by UUID with their last-change timestamp, and each event is `<uuid>.json` beside it. The
 * manifest is fetched conditionally; then only the events the knowledge base does not hold at that
 * timestamp are downloaded. What it holds is read from the data itself (each imported event is a
 * `report--<uuid>` object whose `modified` is the event's timestamp), so a failed or rolled-back
 * import simply fetches the same events again next time.
 */
export interface MispFeedFetch {
  changed: boolean;
  etag?: string;
  lastModified?: string;
  /** Events downloaded into `folder`, ready for one import run. */
  events: number;
  /** Events the manifest lists (all of them, wanted or not). */
  listed: number;
  /** Wanted events the feed does not have (404 or 410): the rest is imported without them. */
  missing: string[];
  bytes: number;
}

const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;
const PARALLEL_DOWNLOADS = 4;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const manifestSchema = z.record(
  z.string(),
  z
    .object({ timestamp: z.union([z.string().regex(/^\d{1,12}$/), z.number().int().nonnegative()]) })
    .passthrough(),
);

/** Whether a source's URL names a MISP feed (its folder or its manifest) rather than one event file. */
export function isMispFeedUrl(url: string): boolean {
  const { pathname } = new URL(url);
  return pathname.endsWith('/') || pathname.endsWith('/manifest.json');
}

function manifestUrl(url: string): URL {
  const parsed = new URL(url);
  if (!parsed.pathname.endsWith('/manifest.json')) parsed.pathname += 'manifest.json';
  return parsed;
}

/** The manifest's events as uuid → last change (ms); entries that are not MISP events are refused. */
async function readManifest(file: string, url: string): Promise<Map<string, number>> {
  const text = await readFile(file, 'utf8');
  if (text.length > MAX_MANIFEST_BYTES) throw new FeedUnavailable(`${url}: the manifest is over 64 MB`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new FeedUnavailable(`${url} is not a MISP feed manifest: ${(error as Error).message}`);
  }
  const checked = manifestSchema.safeParse(parsed);
  if (!checked.success)
    throw new FeedUnavailable(
      `${url} is not a MISP feed manifest (an object of event UUIDs with their timestamps): ${checked.error.issues[0]?.message}`,
    );
  const events = new Map<string, number>();
  for (const [uuid, entry] of Object.entries(checked.data))
    if (UUID.test(uuid)) events.set(uuid.toLowerCase(), Number(entry.timestamp) * 1000);
  return events;
}

/** The events of the manifest that are new here, or changed since they were imported. */
async function wantedEvents(db: ClientBase, listed: Map<string, number>): Promise<string[]> {
  const { rows } = await db.query<{ uuid: string; modified: Date | null }>(
    `select substr(stix_id, 9) as uuid, modified from public.intel_objects
     where stix_id = any($1) and type = 'report'`,
    [[...listed.keys()].map((uuid) => `report--${uuid}`)],
  );
  const held = new Map(rows.map((r) => [r.uuid, r.modified?.getTime() ?? 0]));
  return [...listed].filter(([uuid, changed]) => (held.get(uuid) ?? -1) < changed).map(([uuid]) => uuid);
}

export async function fetchMispFeed(
  db: ClientBase,
  source: { url: string; etag: string | null; last_modified: string | null },
  folder: string,
  fetchOptions: Partial<FetchOptions>,
): Promise<MispFeedFetch> {
  const manifest = manifestUrl(source.url);
  const manifestFile = path.join(folder, 'manifest.json');
  const fetched = await fetchFeed({
    ...fetchOptions,
    url: manifest.href,
    etag: source.etag,
    lastModified: source.last_modified,
    destination: manifestFile,
  });
  if (!fetched.changed) return { changed: false, events: 0, listed: 0, missing: [], bytes: 0 };
  const listed = await readManifest(manifestFile, manifest.href);
  const wanted = await wantedEvents(db, listed);
  const eventsFolder = path.join(folder, 'events');
  await mkdir(eventsFolder);
  // A few downloads at a time; an event the manifest lists but the feed lacks does not hold the
  // others back (fetch-many.ts).
  const { bytes: eventBytes, missing } = await fetchMany(
    wanted.map((uuid) => ({
      key: uuid,
      url: new URL(`${uuid}.json`, manifest).href,
      destination: path.join(eventsFolder, `${uuid}.json`),
    })),
    fetchOptions,
    PARALLEL_DOWNLOADS,
  );
  const bytes = fetched.bytes + eventBytes;
  return {
    changed: true,
    etag: fetched.etag,
    lastModified: fetched.lastModified,
    events: wanted.length - missing.length,
    listed: listed.size,
    missing,
    bytes,
  };
}

/** Where fetchMispFeed puts the events it downloaded. */
export const mispEventsFolder = (folder: string): string => path.join(folder, 'events');
