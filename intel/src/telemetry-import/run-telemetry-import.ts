import path from 'node:path';
import type { ClientBase } from 'pg';
import type { SourceDefaults } from '../formats/format.js';
import { InputRefused } from '../formats/format.js';
import { listInputFiles } from '../input/list-inputs.js';
import { openInput } from '../input/open-input.js';
import type { ImportProgress, ImportSummary } from '../pipeline/run-import.js';
import {
  ensureSource,
  finishRun,
  ImportRefused,
  lockSource,
  startRun,
  unlockSource,
} from '../pipeline/run-state.js';
import {
  detectTelemetryFormat,
  TELEMETRY_FORMATS,
  type TelemetryEvent,
  type TelemetryFormat,
} from '../telemetry/index.js';
import { createObservablesTable, matchEvents } from './match-events.js';
import { SightingFold } from './sighting-fold.js';
import { TelemetryTally } from './telemetry-tally.js';

export type TelemetryFormatName = TelemetryFormat['name'];
export const TELEMETRY_FORMAT_NAMES = TELEMETRY_FORMATS.map((f) => f.name);

export interface TelemetryImportOptions {
  inputs: string[];
  format?: TelemetryFormatName;
  /** Names the sensor of every event (else the EVE host, or the file's name). */
  sensor?: string;
  /** Where relative Zeek timestamps count from (ISO 8601). */
  baseTime?: string;
  requestedBy?: string;
  queuedRunId?: number;
  /** Events matched per round trip. */
  batchSize?: number;
  onProgress?: (progress: ImportProgress) => void;
  signal?: AbortSignal;
}

export type TelemetrySummary = Omit<ImportSummary, 'format'> & { format: TelemetryFormatName | 'unknown' };

const MAX_KEPT_REJECTS = 1000;

const SOURCES: Record<TelemetryFormatName, SourceDefaults> = {
  'suricata-eve': {
    name: 'Suricata EVE telemetry',
    kind: 'file',
    reliability: 'B',
    tlp: 'amber',
    confidence: 80,
  },
  zeek: { name: 'Zeek telemetry', kind: 'file', reliability: 'B', tlp: 'amber', confidence: 80 },
};

/** The import failed as a whole; nothing was written. */
export class TelemetryImportFailed extends Error {
  override name = 'TelemetryImportFailed';
  constructor(readonly summary: TelemetrySummary) {
    super(summary.error);
  }
}

async function resolveFormat(files: string[], requested?: TelemetryFormatName): Promise<TelemetryFormat> {
  if (files.length === 0) throw new ImportRefused('no file to import (the folder is empty)');
  if (requested) return TELEMETRY_FORMATS.find((f) => f.name === requested)!;
  const { sample, stream } = await openInput(files[0]!);
  stream.destroy();
  const detected = detectTelemetryFormat(sample);
  if (!detected)
    throw new ImportRefused(
      `${path.basename(files[0]!)} is not Suricata EVE or Zeek telemetry; name it with --format`,
    );
  return detected;
}

/** Whether a file looks like telemetry (for the CLI's format detection). */
export async function looksLikeTelemetry(file: string): Promise<TelemetryFormatName | undefined> {
  const [first] = await listInputFiles(file);
  if (!first) return undefined;
  const { sample, stream } = await openInput(first);
  stream.destroy();
  return detectTelemetryFormat(sample)?.name;
}

/**
 * Imports telemetry as one run: events streamed in batches, each batch's observables matched in
 * the database, matches folded into sightings per (indicator, sensor), the telemetry rule raising
 * alerts, and volume per sensor and hour recorded. One transaction: an input refused part-way
 * writes nothing; malformed lines are rejects and the rest commits.
 */
export async function runTelemetryImport(
  db: ClientBase,
  options: TelemetryImportOptions,
): Promise<TelemetrySummary> {
  const started = Date.now();
  const state = new TelemetryRun();
  let format: TelemetryFormat | undefined;
  let runId: number | undefined;
  let locked = false;
  let source: Awaited<ReturnType<typeof ensureSource>> | undefined;
  try {
    const files = (await Promise.all(options.inputs.map((input) => listInputFiles(input)))).flat();
    format = await resolveFormat(files, options.format);
    const defaults = SOURCES[format.name];
    source = await ensureSource(db, defaults.name, format.name, defaults);
    await lockSource(db, source);
    locked = true;
    runId = await startRun(
      db,
      source,
      format.name,
      options.inputs.join(', '),
      options.requestedBy,
      options.queuedRunId,
    );
    await db.query('begin');
    await db.query('set local role service_role');
    await db.query(`set local statement_timeout = '30min'`);
    await db.query('set local jit = off');
    await db.query('set local enable_hashjoin = off');
    await db.query('set local enable_mergejoin = off');
    await createObservablesTable(db);
    await state.readAll(db, format, files, options);
    await state.tally.writeSensors(db, format.name === 'zeek' ? 'zeek' : 'suricata');
    await state.tally.writeVolume(db);
    state.written = await state.fold.write(db);
    await db.query('commit');
    const summary = state.summary(runId, format.name, source.name, 'succeeded', started);
    await finishRun(db, runId, summary);
    return summary;
  } catch (error) {
    await db.query('rollback').catch(() => undefined);
    const known = error instanceof InputRefused || error instanceof ImportRefused;
    if (!known && runId === undefined && (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const reason =
      known || runId === undefined ? (error as Error).message : `import failed: ${(error as Error).message}`;
    const summary = {
      ...state.summary(runId, format?.name ?? 'unknown', source?.name ?? '', 'failed', started),
      error: reason,
    };
    if (runId !== undefined) await finishRun(db, runId, summary).catch(() => undefined);
    throw new TelemetryImportFailed(summary);
  } finally {
    if (locked && source) await unlockSource(db, source).catch(() => undefined);
  }
}

class TelemetryRun {
  readonly tally = new TelemetryTally();
  readonly fold = new SightingFold();
  rejects: { where: string; reason: string }[] = [];
  rejected = 0;
  lines = 0;
  bytes = 0;
  written = { inserted: 0, updated: 0, alerts: 0 };

  private reject(where: string, reason: string): void {
    this.rejected++;
    if (this.rejects.length < MAX_KEPT_REJECTS) this.rejects.push({ where, reason });
  }

  private async flush(db: ClientBase, events: TelemetryEvent[]): Promise<void> {
    if (events.length === 0) return;
    const matches = await matchEvents(db, events);
    const matched = new Set<number>();
    for (const m of matches) {
      matched.add(m.event);
      this.fold.add(events[m.event]!, m.indicatorId);
    }
    events.forEach((event, i) => this.tally.add(event, matched.has(i)));
  }

  async readAll(
    db: ClientBase,
    format: TelemetryFormat,
    files: string[],
    options: TelemetryImportOptions,
  ): Promise<void> {
    const batchSize = options.batchSize ?? 10_000;
    let bytesBefore = 0;
    for (const file of files) {
      const input = await openInput(file);
      const detected = detectTelemetryFormat(input.sample);
      if (detected?.name !== format.name) {
        input.stream.destroy();
        throw new InputRefused(
          `${path.basename(file)} is not ${format.name} telemetry (it ${detected ? `looks like ${detected.name}` : 'is neither EVE nor Zeek'})`,
        );
      }
      const prefix = files.length > 1 ? `${path.basename(file)}: ` : '';
      let pending: TelemetryEvent[] = [];
      let lastReport = 0;
      for await (const items of format.parse(input.stream, {
        fileName: path.basename(file),
        head: input.sample.head,
        sensor: options.sensor,
        baseTime: options.baseTime,
      })) {
        if (options.signal?.aborted)
          throw new ImportRefused('the import was interrupted; nothing of it was kept');
        for (const item of items) {
          this.lines++;
          if (item.kind === 'reject') this.reject(prefix + item.where, item.reason);
          else pending.push(item);
        }
        if (pending.length >= batchSize) {
          await this.flush(db, pending);
          pending = [];
        }
        if (options.onProgress && Date.now() - lastReport > 200) {
          lastReport = Date.now();
          options.onProgress({
            records: this.lines,
            bytesRead: bytesBefore + input.bytesRead(),
            bytesTotal: input.bytesTotal,
            file,
          });
        }
      }
      await this.flush(db, pending);
      bytesBefore += input.bytesTotal;
      this.bytes += input.bytesTotal;
    }
  }

  summary(
    runId: number | undefined,
    format: TelemetryFormatName | 'unknown',
    source: string,
    status: 'succeeded' | 'failed',
    started: number,
  ): TelemetrySummary {
    const ok = status === 'succeeded';
    return {
      runId,
      format,
      source,
      status,
      records: this.lines,
      inserted: ok ? this.written.inserted : 0,
      updated: ok ? this.written.updated : 0,
      unchanged: 0,
      rejected: this.rejected,
      ignored: 0,
      counts: {
        events: this.tally.events,
        eventTypes: Object.fromEntries([...this.tally.byType].sort((a, b) => b[1] - a[1])),
        matchedEvents: this.tally.matchedEvents,
        sightings: { inserted: ok ? this.written.inserted : 0, updated: ok ? this.written.updated : 0 },
        alerts: ok ? this.written.alerts : 0,
        sensors: this.tally.sensorNames(),
        rejectsKept: this.rejects.length,
      },
      rejects: this.rejects,
      bytes: this.bytes,
      seconds: (Date.now() - started) / 1000,
    };
  }
}
