import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ClientBase } from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runTelemetryImport } from '../telemetry-import/run-telemetry-import.js';
import type * as TelemetryImport from '../telemetry-import/run-telemetry-import.js';
import { WorkspaceImportFailed } from '../workspace-import/import-run.js';
import { runAssetsImport } from '../workspace-import/run-assets-import.js';
import { runLeaksImport } from '../workspace-import/run-leaks-import.js';
import { failureReason, importUpload, queuedUploadFrom, type QueuedUpload } from './upload-import.js';

vi.mock('../telemetry-import/run-telemetry-import.js', async (importOriginal) => {
  const actual = await importOriginal<typeof TelemetryImport>();
  return { ...actual, runTelemetryImport: vi.fn(actual.runTelemetryImport) };
});

vi.mock('../workspace-import/run-leaks-import.js', () => ({ runLeaksImport: vi.fn() }));
vi.mock('../workspace-import/run-assets-import.js', () => ({ runAssetsImport: vi.fn() }));

const noDb = { query: vi.fn(async () => ({ rows: [], rowCount: 0 })) } as unknown as ClientBase;

describe('a queued telemetry upload', () => {
  it('carries the capture start time the form gave', () => {
    const job = queuedUploadFrom({
      id: '42',
      requested_by: 'u1',
      format: 'zeek',
      upload: {
        bucket: 'telemetry-uploads',
        object: 'u1/x/http.log',
        sensor: null,
        base_time: '2024-05-01T10:00:00Z',
      },
      source: null,
    });
    expect(job).toMatchObject({
      runId: 42,
      format: 'zeek',
      baseTime: '2024-05-01T10:00:00Z',
      sensor: undefined,
    });
  });

  it('is imported with that start time', async () => {
    const imported = vi.mocked(runTelemetryImport);
    imported.mockResolvedValueOnce({} as Awaited<ReturnType<typeof runTelemetryImport>>);
    const fetchMock = vi.fn(async () => new Response('{"ts":18.8}\n'));
    vi.stubGlobal('fetch', fetchMock);
    const job: QueuedUpload = {
      runId: 7,
      requestedBy: 'u1',
      format: 'zeek',
      bucket: 'telemetry-uploads',
      object: 'u1/x/http.log',
      sensor: undefined,
      baseTime: '2024-05-01T10:00:00Z',
      source: undefined,
    };
    const result = await importUpload(noDb, job, { apiUrl: 'http://api.test', serviceRoleKey: 'k' });
    vi.unstubAllGlobals();
    expect(result.result).toBe('imported');
    expect(imported).toHaveBeenCalledWith(
      noDb,
      expect.objectContaining({ baseTime: '2024-05-01T10:00:00Z', format: 'zeek', queuedRunId: 7 }),
    );
  });
});

describe('a queued leak-post upload', () => {
  it('is imported as leak-site posts into the run the app queued', async () => {
    vi.mocked(runLeaksImport).mockResolvedValueOnce({} as Awaited<ReturnType<typeof runLeaksImport>>);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('[]')),
    );
    const job = queuedUploadFrom({
      id: '11',
      requested_by: 'u2',
      format: 'leak-sites',
      upload: { bucket: 'leak-uploads', object: 'u2/y/posts.json' },
      source: null,
    });
    const result = await importUpload(noDb, job, { apiUrl: 'http://api.test', serviceRoleKey: 'k' });
    vi.unstubAllGlobals();
    expect(result.result).toBe('imported');
    expect(runLeaksImport).toHaveBeenCalledWith(
      noDb,
      expect.objectContaining({
        requestedBy: 'u2',
        queuedRunId: 11,
        inputs: [expect.stringMatching(/posts\.json$/)],
      }),
    );
  });
});

describe('a queued asset inventory upload', () => {
  it('is imported by the asset importer into the run the app queued, as the uploader', async () => {
    vi.mocked(runAssetsImport).mockResolvedValueOnce({} as Awaited<ReturnType<typeof runAssetsImport>>);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('hostname\nweb01\n')),
    );
    const job = queuedUploadFrom({
      id: '12',
      requested_by: 'u3',
      format: 'assets',
      upload: { bucket: 'asset-uploads', object: 'u3/z/assets.csv' },
      source: null,
    });
    const result = await importUpload(noDb, job, { apiUrl: 'http://api.test', serviceRoleKey: 'k' });
    vi.unstubAllGlobals();
    expect(result).toMatchObject({ result: 'imported', source: 'asset inventory: upload assets.csv' });
    expect(runAssetsImport).toHaveBeenCalledWith(
      noDb,
      expect.objectContaining({
        requestedBy: 'u3',
        queuedRunId: 12,
        inputs: [expect.stringMatching(/assets\.csv$/)],
      }),
    );
  });
});

describe('why an upload failed, as the app shows it', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'upload-reason-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('names the form, never a command-line flag, for a file that is not telemetry', async () => {
    const binary = path.join(folder, 'capture.json');
    await writeFile(binary, Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x7f, 0x00, 0x10]));
    const refusal = await runTelemetryImport(noDb, { inputs: [binary] }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(WorkspaceImportFailed);
    const reason = failureReason(refusal);
    expect(reason).toBe(
      'capture.json is not Suricata EVE or Zeek telemetry; choose its format in the upload form and import it again',
    );
    expect(reason).not.toMatch(/--[a-z]/);
  });

  it('does not ask the app user for a flag when the worker cannot reach storage', async () => {
    const query = vi.fn(async () => ({ rows: [], rowCount: 1 }));
    const db = { query } as unknown as ClientBase;
    const job = queuedUploadFrom({
      id: '9',
      requested_by: null,
      format: 'zeek',
      upload: { bucket: 'telemetry-uploads', object: 'u1/x/conn.log' },
      source: null,
    });
    await importUpload(db, job, undefined);
    const stored = (query.mock.calls[0] as unknown as [string, unknown[]])[1][2] as string;
    expect(stored).toContain('cannot reach the uploaded files');
    expect(stored).not.toMatch(/--[a-z]/);
  });
});
