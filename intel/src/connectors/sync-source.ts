import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ClientBase } from 'pg';
import { FORMAT_NAMES, type FormatName } from '../formats/format.js';
import { loadOutboundPolicy } from '../outbound/policy.js';
import { linkReportMentions } from '../formats/rss/link-mentions.js';
import { ImportFailed, runImport, type ImportSummary } from '../pipeline/run-import.js';
import { closeQueuedRun, recordFailedSync } from '../pipeline/run-state.js';
import { cveRecordsFolder, fetchCveDeltas, isCveDeltaLogUrl } from './cve-delta.js';
import { fetchFeed, FeedUnavailable, type FetchOptions } from './fetch-feed.js';
import { isMappedFormat, mappedSourceAdapter } from './mapped-source.js';
import { fetchMispFeed, isMispFeedUrl, mispEventsFolder } from './misp-feed.js';
import { fetchNvdChanges, isNvdCveApiUrl, nvdPagesFolder } from './nvd-api.js';
import { downloadTaxii, isTaxiiCollectionUrl } from './taxii-download.js';

export interface SyncableSource {
  id: string;
  name: string;
  format: string | null;
  url: string | null;
  etag: string | null;
  last_modified: string | null;
  /** A delta connector's high-water mark (the CVE list's delta log). */
  sync_cursor?: string | null;
}

export type SyncResult =
  | { source: string; result: 'imported'; summary: ImportSummary; bytes: number; warnings?: string[] }
  | { source: string; result: 'not-modified' }
  | { source: string; result: 'failed'; error: string; summary?: ImportSummary };

/** The sources to sync: the named ones, or every enabled one with a URL whose interval elapsed. */
export async function dueSources(db: ClientBase, names: string[]): Promise<SyncableSource[]> {
  const columns = 'id, name, format, url, etag, last_modified, sync_cursor';
  if (names.length > 0) {
    const { rows } = await db.query<SyncableSource>(
      `select ${columns} from public.sources where name = any($1) order by name`,
      [names],
    );
    const missing = names.filter((n) => !rows.some((r) => r.name === n));
    if (missing.length > 0)
      throw new Error(
        `no source named ${missing.map((m) => `"${m}"`).join(', ')} (see \`npm run intel -- sources\`)`,
      );
    return rows;
  }
  const { rows } = await db.query<SyncableSource>(
    `select ${columns} from public.sources
     where enabled and url is not null and sync_interval is not null
       and (last_synced_at is null or last_synced_at + sync_interval <= now())
     order by name`,
  );
  return rows;
}

interface Download {
  changed: boolean;
  etag?: string;
  lastModified?: string;
  bytes: number;
  /** The files to import (none when nothing changed). */
  inputs: string[];
  /** What could not be fetched although the feed lists it; retried by the next sync. */
  missing?: string[];
  /** The high-water mark to keep once imported (cve-delta.ts). */
  cursor?: string;
  /** What the feed holds that could not be read (skipped, reported; not retried). */
  notes?: string[];
}

/** The source's file, or for a MISP feed the events that changed since they were imported. */
async function downloadSource(
  db: ClientBase,
  source: SyncableSource & { url: string },
  folder: string,
  fetchOptions: Partial<FetchOptions>,
): Promise<Download> {
  if (source.format === 'stix' && isTaxiiCollectionUrl(source.url)) {
    return downloadTaxii(source, folder, { outbound: fetchOptions.outbound });
  }
  if (source.format === 'nvd' && isNvdCveApiUrl(source.url)) {
    const nvd = await fetchNvdChanges({ ...source, sync_cursor: source.sync_cursor ?? null }, folder, {
      ...fetchOptions,
      apiKey: process.env.NVD_API_KEY || undefined,
    });
    return { ...nvd, inputs: nvd.cves > 0 ? [nvdPagesFolder(folder)] : [] };
  }
  if (source.format === 'cve' && isCveDeltaLogUrl(source.url)) {
    const deltas = await fetchCveDeltas(
      { ...source, sync_cursor: source.sync_cursor ?? null },
      folder,
      fetchOptions,
    );
    return {
      ...deltas,
      notes: deltas.problems,
      inputs: deltas.records > 0 ? [cveRecordsFolder(folder)] : [],
    };
  }
  if (source.format === 'misp' && isMispFeedUrl(source.url)) {
    const feed = await fetchMispFeed(db, source, folder, fetchOptions);
    const missing = feed.missing.map((uuid) => `event ${uuid} is listed in the manifest but missing`);
    if (feed.events === 0 && missing.length > 0) throw new FeedUnavailable(missing.join('; '));
    return { ...feed, missing, inputs: feed.events > 0 ? [mispEventsFolder(folder)] : [] };
  }
  const destination = path.join(folder, path.basename(new URL(source.url).pathname) || 'feed');
  const fetched = await fetchFeed({
    ...fetchOptions,
    url: source.url,
    etag: source.etag,
    lastModified: source.last_modified,
    destination,
  });
  return fetched.changed ? { ...fetched, inputs: [destination] } : { changed: false, bytes: 0, inputs: [] };
}

/** Fetches one source (conditionally) and imports what changed; remembers the validators on success. */
export async function syncSource(
  db: ClientBase,
  source: SyncableSource,
  fetchOptions: Partial<FetchOptions> = {},
  queuedRunId?: number,
): Promise<SyncResult> {
  const outbound = fetchOptions.outbound ?? (await loadOutboundPolicy(db));
  const result = await fetchAndImport(db, source, { ...fetchOptions, outbound }, queuedRunId);
  // A feed that cannot be reached waits for its next interval instead of being retried every poll,
  // and its failure is a run of its own (a failed import already recorded one).
  if (result.result === 'failed' && !result.summary) {
    await db.query('update public.sources set last_synced_at = now() where id = $1', [source.id]);
    if (queuedRunId === undefined) await recordFailedSync(db, source, result.error);
  }
  // A run requested from the app always ends visibly, even when nothing needed importing.
  if (queuedRunId !== undefined && result.result !== 'imported')
    await closeQueuedRun(
      db,
      queuedRunId,
      result.result === 'failed' ? 'failed' : 'succeeded',
      result.result === 'failed' ? result.error : 'the feed has not changed since the last sync',
    );
  return result;
}

async function fetchAndImport(
  db: ClientBase,
  source: SyncableSource,
  fetchOptions: Partial<FetchOptions>,
  queuedRunId: number | undefined,
): Promise<SyncResult> {
  if (!source.url) return { source: source.name, result: 'failed', error: 'the source has no URL to fetch' };
  // A csv-map or json-map source is read through its stored feed map (formats/mapped).
  const mapped = isMappedFormat(source.format) ? await mappedSourceAdapter(db, { id: source.id }) : undefined;
  if (mapped && 'error' in mapped) return { source: source.name, result: 'failed', error: mapped.error };
  if (!mapped && (!source.format || !(FORMAT_NAMES as readonly string[]).includes(source.format)))
    return {
      source: source.name,
      result: 'failed',
      error: `the source's format "${source.format}" has no importer`,
    };
  const folder = await mkdtemp(path.join(os.tmpdir(), 'cti-sync-'));
  try {
    const fetched = await downloadSource(db, { ...source, url: source.url }, folder, fetchOptions);
    if (!fetched.changed || fetched.inputs.length === 0) {
      // A MISP feed whose manifest changed but lists nothing new: remember the manifest's validators.
      await db.query(
        `update public.sources set last_synced_at = now(), etag = coalesce($2, etag),
           last_modified = coalesce($3, last_modified), sync_cursor = coalesce($4, sync_cursor) where id = $1`,
        [source.id, fetched.etag ?? null, fetched.lastModified ?? null, fetched.cursor ?? null],
      );
      return { source: source.name, result: 'not-modified' };
    }
    const summary = await runImport(db, {
      inputs: fetched.inputs,
      format: mapped ? undefined : (source.format as FormatName),
      adapter: mapped?.adapter,
      source: source.name,
      queuedRunId,
    });
    if (source.format === 'rss') await linkReportMentions(db, source.id);
    // With something missing the validators are not kept: the next sync reads the manifest again
    // and asks for exactly what is still missing (what was imported is no longer wanted).
    const complete = !fetched.missing?.length;
    await db.query(
      `update public.sources set etag = $2, last_modified = $3, last_synced_at = now(),
         sync_cursor = coalesce($4, sync_cursor) where id = $1`,
      [
        source.id,
        complete ? (fetched.etag ?? null) : null,
        complete ? (fetched.lastModified ?? null) : null,
        fetched.cursor ?? null,
      ],
    );
    const warnings = [...(fetched.missing ?? []), ...(fetched.notes ?? [])];
    return {
      source: source.name,
      result: 'imported',
      summary,
      bytes: fetched.bytes,
      ...(warnings.length > 0 ? { warnings } : {}),
    };
  } catch (error) {
    if (error instanceof ImportFailed)
      return {
        source: source.name,
        result: 'failed',
        error: error.summary.error ?? 'import failed',
        summary: error.summary,
      };
    if (error instanceof FeedUnavailable)
      return { source: source.name, result: 'failed', error: error.message };
    throw error;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
