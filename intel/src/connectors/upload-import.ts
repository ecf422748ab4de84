import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { ClientBase } from 'pg';
import { FORMAT_NAMES, type FormatName } from '../formats/format.js';
import { ImportFailed, runImport, type ImportSummary } from '../pipeline/run-import.js';
import { withRemedy } from '../pipeline/remedy.js';
import { closeQueuedRun } from '../pipeline/run-state.js';
import {
  runTelemetryImport,
  TELEMETRY_FORMAT_NAMES,
  type TelemetryFormatName,
  type TelemetrySummary,
} from '../telemetry-import/run-telemetry-import.js';
import { WorkspaceImportFailed, type WorkspaceSummary } from '../workspace-import/import-run.js';
import { runAssetsImport } from '../workspace-import/run-assets-import.js';
import { runLeaksImport } from '../workspace-import/run-leaks-import.js';
import { isMappedFormat, mappedSourceAdapter } from './mapped-source.js';

/**
 * Files uploaded from the app: telemetry from Network Monitoring (request_telemetry_import, bucket
 * telemetry-uploads), leak-site posts from Dark Web Monitoring (request_leak_import, bucket
 * leak-uploads), asset inventories from External Assets (request_asset_import, bucket
 * asset-uploads) and intelligence files for a source from Third-Party Intelligence
 * (request_file_import, bucket intel-uploads). The worker downloads the object through the storage
 * API as the service role, imports it as the CLI would with the bucket's importer, then removes the
 * object whatever the outcome, so uploads never pile up on the server's disk.
 */

/** Where the worker reaches storage: the stack's API and its service-role key. */
export interface StorageAccess {
  apiUrl: string;
  serviceRoleKey: string;
}

export interface QueuedUpload {
  runId: number;
  requestedBy: string | undefined;
  /** The format asked for; undefined: recognised from the file (telemetry only). */
  format: string | undefined;
  bucket: string;
  object: string;
  /** Telemetry: the sensor to file every event under. */
  sensor: string | undefined;
  /** Telemetry: when the capture started, for Zeek logs whose ts counts seconds from it (ISO 8601). */
  baseTime: string | undefined;
  /** Intelligence: the source the records are filed under. */
  source: string | undefined;
}

export type UploadResult =
  | {
      source: string;
      result: 'imported';
      summary: TelemetrySummary | ImportSummary | WorkspaceSummary<'leak-sites' | 'assets'>;
    }
  | { source: string; result: 'failed'; error: string };

type Importer = (
  db: ClientBase,
  job: QueuedUpload,
  file: string,
  signal?: AbortSignal,
) => Promise<UploadResult>;

const importTelemetry: Importer = async (db, job, file, signal) => {
  const format = (TELEMETRY_FORMAT_NAMES as string[]).includes(job.format ?? '')
    ? (job.format as TelemetryFormatName)
    : undefined;
  const summary = await runTelemetryImport(db, {
    inputs: [file],
    format,
    sensor: job.sensor,
    baseTime: job.baseTime,
    requestedBy: job.requestedBy,
    queuedRunId: job.runId,
    signal,
  });
  return { source: `upload ${path.basename(file)}`, result: 'imported', summary };
};

const importIntelligence: Importer = async (db, job, file, signal) => {
  const label = `${job.source ?? 'a removed source'}: upload ${path.basename(file)}`;
  if (!job.source) throw new Error('the source of this upload was removed before it could be imported');
  // A file for a csv-map or json-map source is read through the source's feed map.
  const mapped = isMappedFormat(job.format ?? null)
    ? await mappedSourceAdapter(db, { name: job.source })
    : undefined;
  if (mapped && 'error' in mapped) throw new Error(mapped.error);
  if (!mapped && !(FORMAT_NAMES as readonly string[]).includes(job.format ?? ''))
    throw new Error(`the format "${job.format}" has no importer for the knowledge base`);
  const summary = await runImport(db, {
    inputs: [file],
    format: mapped ? undefined : (job.format as FormatName),
    adapter: mapped?.adapter,
    source: job.source,
    requestedBy: job.requestedBy,
    queuedRunId: job.runId,
    signal,
  });
  return { source: label, result: 'imported', summary };
};

const importLeakPosts: Importer = async (db, job, file, signal) => {
  const summary = await runLeaksImport(db, {
    inputs: [file],
    requestedBy: job.requestedBy,
    queuedRunId: job.runId,
    signal,
  });
  return { source: `leak posts: upload ${path.basename(file)}`, result: 'imported', summary };
};

/** New assets are recorded as created by the uploader (requestedBy), as the page's own writes were. */
const importAssets: Importer = async (db, job, file, signal) => {
  const summary = await runAssetsImport(db, {
    inputs: [file],
    requestedBy: job.requestedBy,
    queuedRunId: job.runId,
    signal,
  });
  return { source: `asset inventory: upload ${path.basename(file)}`, result: 'imported', summary };
};

const IMPORTERS: Record<string, Importer> = {
  'telemetry-uploads': importTelemetry,
  'intel-uploads': importIntelligence,
  'leak-uploads': importLeakPosts,
  'asset-uploads': importAssets,
};

export interface QueuedUploadRow {
  id: string;
  requested_by: string | null;
  format: string;
  upload: { bucket: string; object: string; sensor?: string | null; base_time?: string | null };
  source: string | null;
}

export function queuedUploadFrom(row: QueuedUploadRow): QueuedUpload {
  return {
    runId: Number(row.id),
    requestedBy: row.requested_by ?? undefined,
    format: row.format,
    bucket: row.upload.bucket,
    object: row.upload.object,
    sensor: row.upload.sensor ?? undefined,
    baseTime: row.upload.base_time ?? undefined,
    source: row.source ?? undefined,
  };
}

export async function takeQueuedUpload(db: ClientBase): Promise<QueuedUpload | undefined> {
  const { rows } = await db.query<QueuedUploadRow>(
    `select r.id, r.requested_by, r.format, r.upload, s.name as source
       from public.import_runs r left join public.sources s on s.id = r.source_id
      where r.status = 'queued' and r.upload is not null order by r.id limit 1`,
  );
  return rows[0] && queuedUploadFrom(rows[0]);
}

function objectUrl(storage: StorageAccess, job: QueuedUpload): string {
  const name = job.object.split('/').map(encodeURIComponent).join('/');
  return `${storage.apiUrl}/storage/v1/object/${encodeURIComponent(job.bucket)}/${name}`;
}

async function download(storage: StorageAccess, job: QueuedUpload, file: string): Promise<void> {
  const response = await fetch(objectUrl(storage, job), {
    headers: { authorization: `Bearer ${storage.serviceRoleKey}`, apikey: storage.serviceRoleKey },
  });
  if (!response.ok || !response.body)
    throw new Error(`the uploaded file could not be read from storage (HTTP ${response.status})`);
  await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), createWriteStream(file));
}

async function removeObject(storage: StorageAccess, job: QueuedUpload): Promise<void> {
  await fetch(objectUrl(storage, job), {
    method: 'DELETE',
    headers: { authorization: `Bearer ${storage.serviceRoleKey}`, apikey: storage.serviceRoleKey },
  });
}

/** Why the upload failed, worded for the app (its form, not the CLI's flags). */
export function failureReason(error: unknown): string {
  if (error instanceof WorkspaceImportFailed || error instanceof ImportFailed)
    return withRemedy(error.summary.error ?? 'import failed', error.summary.remedy, 'app');
  return (error as Error).message;
}

export async function importUpload(
  db: ClientBase,
  job: QueuedUpload,
  storage: StorageAccess | undefined,
  signal?: AbortSignal,
): Promise<UploadResult> {
  const label = `upload ${path.posix.basename(job.object)}`;
  const importer = IMPORTERS[job.bucket];
  // The run's error is read in the app; the worker's log may name the flag that fixes it.
  const refusal = !storage
    ? {
        app: 'the importer worker cannot reach the uploaded files; ask an administrator to restart it with the stack',
        log: 'the importer worker has no storage access (start it with the stack, or pass --api-url)',
      }
    : !importer
      ? { app: `uploads in the bucket "${job.bucket}" have no importer` }
      : undefined;
  if (refusal) {
    await closeQueuedRun(db, job.runId, 'failed', refusal.app);
    return { source: label, result: 'failed', error: refusal.log ?? refusal.app };
  }
  const folder = await mkdtemp(path.join(os.tmpdir(), 'app-upload-'));
  try {
    // The object's own base name, so rejects and the fallback sensor name read as the user's file.
    const file = path.join(folder, path.posix.basename(job.object));
    await download(storage!, job, file);
    return await importer!(db, job, file, signal);
  } catch (error) {
    const message = failureReason(error);
    // A run refused before it was claimed (the wrong kind of file) is still queued: close it here.
    await closeQueuedRun(db, job.runId, 'failed', message);
    return { source: label, result: 'failed', error: message };
  } finally {
    await rm(folder, { recursive: true, force: true });
    await removeObject(storage!, job).catch(() => undefined);
  }
}
