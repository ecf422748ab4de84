import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { ClientBase } from 'pg';
import { closeQueuedRun } from '../pipeline/run-state.js';
import {
  runTelemetryImport,
  type TelemetryFormatName,
  type TelemetrySummary,
} from '../telemetry-import/run-telemetry-import.js';
import { WorkspaceImportFailed } from '../workspace-import/import-run.js';

/**
 * Telemetry uploaded from the Network Monitoring page (request_telemetry_import): the worker
 * downloads the object through the storage API as the service role, imports it as the CLI would,
 * then removes the object, whatever the outcome, so uploads never pile up on the server's disk.
 */

/** Where the worker reaches storage: the stack's API and its service-role key. */
export interface StorageAccess {
  apiUrl: string;
  serviceRoleKey: string;
}

export interface QueuedUpload {
  runId: number;
  requestedBy: string | undefined;
  format: TelemetryFormatName | undefined;
  bucket: string;
  object: string;
  sensor: string | undefined;
}

export type UploadResult =
  | { source: string; result: 'imported'; summary: TelemetrySummary }
  | { source: string; result: 'failed'; error: string };

export async function takeQueuedUpload(db: ClientBase): Promise<QueuedUpload | undefined> {
  const { rows } = await db.query<{
    id: string;
    requested_by: string | null;
    format: string;
    upload: { bucket: string; object: string; sensor: string | null };
  }>(
    `select id, requested_by, format, upload from public.import_runs
     where status = 'queued' and upload is not null order by id limit 1`,
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    runId: Number(row.id),
    requestedBy: row.requested_by ?? undefined,
    format: row.format === 'suricata-eve' || row.format === 'zeek' ? row.format : undefined,
    bucket: row.upload.bucket,
    object: row.upload.object,
    sensor: row.upload.sensor ?? undefined,
  };
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

export async function importUpload(
  db: ClientBase,
  job: QueuedUpload,
  storage: StorageAccess | undefined,
  signal?: AbortSignal,
): Promise<UploadResult> {
  const source = `upload ${path.posix.basename(job.object)}`;
  if (!storage) {
    const error = 'the importer worker has no storage access (start it with the stack, or pass --api-url)';
    await closeQueuedRun(db, job.runId, 'failed', error);
    return { source, result: 'failed', error };
  }
  const folder = await mkdtemp(path.join(os.tmpdir(), 'telemetry-upload-'));
  try {
    // The object's own base name, so rejects and the fallback sensor name read as the user's file.
    const file = path.join(folder, path.posix.basename(job.object));
    await download(storage, job, file);
    const summary = await runTelemetryImport(db, {
      inputs: [file],
      format: job.format,
      sensor: job.sensor,
      requestedBy: job.requestedBy,
      queuedRunId: job.runId,
      signal,
    });
    return { source, result: 'imported', summary };
  } catch (error) {
    const message = error instanceof WorkspaceImportFailed ? error.summary.error! : (error as Error).message;
    // A run refused before it was claimed (not telemetry at all) is still queued: close it here.
    await closeQueuedRun(db, job.runId, 'failed', message);
    return { source, result: 'failed', error: message };
  } finally {
    await rm(folder, { recursive: true, force: true });
    await removeObject(storage, job).catch(() => undefined);
  }
}
