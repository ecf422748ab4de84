import path from 'node:path';
import type { ClientBase } from 'pg';
import type { SourceDefaults } from '../formats/format.js';
import { InputRefused } from '../formats/format.js';
import { listInputFiles } from '../input/list-inputs.js';
import { openInput } from '../input/open-input.js';
import type { ImportProgress } from '../pipeline/run-import.js';
import { ImportRefused } from '../pipeline/run-state.js';
import {
  addReject,
  emptyOutcome,
  inImportRun,
  WorkspaceImportFailed,
  type WorkspaceSummary,
} from '../workspace-import/import-run.js';
import {
  detectTelemetryFormat,
  TELEMETRY_FORMATS,
  type TelemetryEvent,
  type TelemetryFormat,
} from '../telemetry/index.js';
import { ListedAddresses } from './listed-addresses.js';
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

export type TelemetrySummary = WorkspaceSummary<TelemetryFormatName>;

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

async function resolveFormat(files: string[], requested?: TelemetryFormatName): Promise<TelemetryFormat> {
  if (files.length === 0) throw new ImportRefused('no file to import (the folder is empty)');
  if (requested) return TELEMETRY_FORMATS.find((f) => f.name === requested)!;
  const { sample, stream } = await openInput(files[0]!);
  stream.destroy();
  const detected = detectTelemetryFormat(sample);
  if (!detected)
    throw new ImportRefused(
      `${path.basename(files[0]!)} is not Suricata EVE or Zeek telemetry`,
      'name-the-format',
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
  let format: TelemetryFormat;
  try {
    const files = (await Promise.all(options.inputs.map((input) => listInputFiles(input)))).flat();
    format = await resolveFormat(files, options.format);
    const run = new TelemetryRun();
    return await inImportRun(
      db,
      {
        format: format.name,
        source: SOURCES[format.name],
        inputs: options.inputs,
        requestedBy: options.requestedBy,
        queuedRunId: options.queuedRunId,
      },
      run.outcome,
      async () => {
        // Every statement of the run is point lookups or small: never hash the indicators table.
        await db.query('set local enable_hashjoin = off');
        await db.query('set local enable_mergejoin = off');
        await createObservablesTable(db);
        await run.readAll(db, format, files, options);
        await run.tally.writeSensors(db, format.name === 'zeek' ? 'zeek' : 'suricata');
        await run.tally.writeVolume(db);
        run.finish(await run.fold.write(db));
      },
    );
  } catch (error) {
    if (error instanceof WorkspaceImportFailed) throw error;
    const known =
      error instanceof InputRefused ||
      error instanceof ImportRefused ||
      (error as NodeJS.ErrnoException).code === 'ENOENT';
    if (!known) throw error;
    // Refused before any run began (unreadable, empty, not telemetry): nothing to record.
    throw new WorkspaceImportFailed<TelemetryFormatName>({
      ...emptyOutcome(),
      runId: undefined,
      format: options.format ?? 'unknown',
      source: '',
      status: 'failed',
      seconds: 0,
      error: (error as Error).message,
      remedy: error instanceof ImportRefused ? error.remedy : undefined,
    });
  }
}

class TelemetryRun {
  readonly tally = new TelemetryTally();
  readonly fold = new SightingFold();
  readonly listed = new ListedAddresses();
  readonly outcome = emptyOutcome();

  private async flush(db: ClientBase, events: TelemetryEvent[]): Promise<void> {
    if (events.length === 0) return;
    const matches = await this.listed.keep(db, await matchEvents(db, events));
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
          this.outcome.records++;
          if (item.kind === 'reject') addReject(this.outcome, prefix + item.where, item.reason);
          else pending.push(item);
        }
        if (pending.length >= batchSize) {
          await this.flush(db, pending);
          pending = [];
        }
        if (options.onProgress && Date.now() - lastReport > 200) {
          lastReport = Date.now();
          options.onProgress({
            records: this.outcome.records,
            bytesRead: bytesBefore + input.bytesRead(),
            bytesTotal: input.bytesTotal,
            file,
          });
        }
      }
      await this.flush(db, pending);
      bytesBefore += input.bytesTotal;
      this.outcome.bytes += input.bytesTotal;
    }
    this.finish({ inserted: 0, updated: 0, alerts: 0 });
  }

  /** The counts so far (a failed run reports how far it got). */
  finish(written: { inserted: number; updated: number; alerts: number }): void {
    this.outcome.inserted = written.inserted;
    this.outcome.updated = written.updated;
    this.outcome.counts = {
      events: this.tally.events,
      eventTypes: Object.fromEntries([...this.tally.byType].sort((a, b) => b[1] - a[1])),
      matchedEvents: this.tally.matchedEvents,
      sightings: { inserted: written.inserted, updated: written.updated },
      alerts: written.alerts,
      sensors: this.tally.sensorNames(),
      rejectsKept: this.outcome.rejects.length,
      // Range and AS hits on an address a warninglist or exclusion list holds (no sighting, no alert).
      listedAddressHits: this.listed.dropped,
    };
  }
}
