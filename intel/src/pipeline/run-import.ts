import path from 'node:path';
import type { ClientBase } from 'pg';
import type { Draft } from '../model/drafts.js';
import {
  InputRefused,
  type FormatAdapter,
  type FormatName,
  type MappedFormatName,
  type SourceDefaults,
} from '../formats/format.js';
import { adapterFor, detectFormat } from '../formats/registry.js';
import { listInputFiles } from '../input/list-inputs.js';
import { openInput } from '../input/open-input.js';
import { Batch, type BatchResult, type CountedKind } from './batch.js';
import { createStageTables } from './staging.js';
import { TableStatistics } from './statistics.js';
import { collectGarbageIfLarge } from './heap.js';
import { prepareIndicator } from './prepare/indicator.js';
import { prepareVulnerability } from './prepare/vulnerability.js';
import { prepareObject, prepareRelationship, prepareSighting } from './prepare/stix.js';
import { RecordRejected } from './prepare/fields.js';
import type { SourceContext } from './prepare/source-context.js';
import { inRun } from './in-run.js';
import { MERGED_KINDS, resolveMerges, type MergeReport } from './duplicates/resolve-merges.js';
import { ensureSource, ImportRefused, type RunOutcome } from './run-state.js';

export interface ImportOptions {
  /** Files or folders, imported as one run of one source. */
  inputs: string[];
  format?: FormatName;
  /** An importer made from a feed map (formats/mapped): used as it is, with no format detection. */
  adapter?: FormatAdapter;
  /** Source name; the format's default source when absent. */
  source?: string;
  requestedBy?: string;
  /** A run queued from the app (request_source_sync) that this import carries out. */
  queuedRunId?: number;
  /** Records per batch (one COPY and one merge per kind). */
  batchSize?: number;
  onProgress?: (progress: ImportProgress) => void;
  /** Stops the run between records (Ctrl+C): it fails as a whole and writes nothing. */
  signal?: AbortSignal;
}

export interface ImportProgress {
  records: number;
  bytesRead: number;
  bytesTotal: number;
  file: string;
}

export interface ImportSummary extends RunOutcome {
  runId: number | undefined;
  format: FormatName | MappedFormatName | 'unknown';
  source: string;
  seconds: number;
}

const MAX_KEPT_REJECTS = 1000;
const BATCH_BYTES = 32 * 1024 * 1024;

/** The run failed as a whole: nothing was written; the summary says why. */
export class ImportFailed extends Error {
  override name = 'ImportFailed';
  constructor(readonly summary: ImportSummary) {
    super(summary.error);
  }
}

/** The format named or detected, and the source an import that names none is recorded under. */
async function resolveFormat(
  files: string[],
  requested: FormatName | undefined,
): Promise<{ adapter: FormatAdapter; defaults: SourceDefaults }> {
  if (files.length === 0) throw new ImportRefused('no file to import (the folder is empty)');
  const { sample, stream } = await openInput(files[0]!);
  stream.destroy();
  const adapter = requested ? adapterFor(requested) : detectFormat(sample);
  if (!adapter)
    throw new ImportRefused(
      `the format of ${path.basename(files[0]!)} is not one we read`,
      'name-the-format',
    );
  return { adapter, defaults: adapter.defaultsFor?.(sample) ?? adapter.defaults };
}

/**
 * Imports files into the knowledge base as one run: stream → drafts → validated and normalised
 * records → batches staged with COPY → merged. All batches share one transaction, so an input
 * refused part-way (truncated, malformed) writes nothing; record-level problems are rejects and
 * the rest commits. `db` is a dedicated connection (it holds the source's lock).
 */
export async function runImport(db: ClientBase, options: ImportOptions): Promise<ImportSummary> {
  const started = Date.now();
  try {
    const files = (await Promise.all(options.inputs.map((input) => listInputFiles(input)))).flat();
    const resolved = options.adapter
      ? { adapter: options.adapter, defaults: options.adapter.defaults }
      : await resolveFormat(files, options.format);
    if (files.length === 0) throw new ImportRefused('no file to import (the folder is empty)');
    return await importWith(db, resolved.adapter, resolved.defaults, files, options, started);
  } catch (error) {
    if (error instanceof ImportFailed) throw error;
    if (!(
      error instanceof InputRefused ||
      error instanceof ImportRefused ||
      (error as NodeJS.ErrnoException).code === 'ENOENT'
    ))
      throw error;
    // Refused before any run began (unreadable, empty, unknown format): nothing to record.
    throw new ImportFailed({
      runId: undefined,
      format: options.adapter?.name ?? options.format ?? 'unknown',
      source: options.source ?? '',
      status: 'failed',
      records: 0,
      inserted: 0,
      updated: 0,
      unchanged: 0,
      rejected: 0,
      ignored: 0,
      counts: {},
      rejects: [],
      bytes: 0,
      seconds: (Date.now() - started) / 1000,
      error: (error as Error).message,
      remedy: error instanceof ImportRefused ? error.remedy : undefined,
    });
  }
}

async function importWith(
  db: ClientBase,
  adapter: FormatAdapter,
  defaults: SourceDefaults,
  files: string[],
  options: ImportOptions,
  started: number,
): Promise<ImportSummary> {
  const source = await ensureSource(db, options.source ?? defaults.name, adapter.name, defaults);
  const state = new RunState(adapter, source);
  return inRun(
    db,
    {
      source,
      format: adapter.name,
      input: options.inputs.join(', '),
      requestedBy: options.requestedBy,
      queuedRunId: options.queuedRunId,
      summarise: (runId, status) => state.summary(runId, status, started),
      failure: (summary) => new ImportFailed(summary),
    },
    async (runId) => {
      await createStageTables(db);
      await state.readAll(db, files, runId, options);
      await state.mergeDuplicates(db);
    },
  );
}

/** Counts and batches of one run. */
class RunState {
  records = 0;
  bytes = 0;
  rejects: { where: string; reason: string }[] = [];
  rejected = 0;
  /** Values stored in another form than received, with why (the first 1,000, like rejects). */
  normalised: { where: string; note: string }[] = [];
  ignored = new Map<string, number>();
  objectTypes = new Map<string, number>();
  byKind: Partial<Record<CountedKind, { inserted: number; updated: number; unchanged: number }>> = {};
  derived = { malware: 0, links: 0 };
  duplicates: MergeReport | undefined;

  constructor(
    readonly adapter: FormatAdapter,
    readonly source: SourceContext,
  ) {}

  reject(where: string, reason: string): void {
    this.rejected++;
    if (this.rejects.length < MAX_KEPT_REJECTS) this.rejects.push({ where, reason });
  }

  private add(result: BatchResult): void {
    for (const [kind, counts] of Object.entries(result.byKind) as [
      CountedKind,
      { inserted: number; updated: number; unchanged: number },
    ][]) {
      const total = (this.byKind[kind] ??= { inserted: 0, updated: 0, unchanged: 0 });
      total.inserted += counts.inserted;
      total.updated += counts.updated;
      total.unchanged += counts.unchanged;
    }
    this.derived.malware += result.derivedMalware;
    this.derived.links += result.derivedLinks;
  }

  /** Routes one draft into the batch, or counts it as rejected or ignored. */
  private take(batch: Batch, draft: Draft, where: string): void {
    switch (draft.kind) {
      case 'reject':
        return this.reject(where, draft.reason);
      case 'ignored':
        this.ignored.set(draft.what, (this.ignored.get(draft.what) ?? 0) + 1);
        return;
      case 'indicator': {
        const staged = prepareIndicator(draft, this.source);
        if (staged.note && this.normalised.length < MAX_KEPT_REJECTS)
          this.normalised.push({ where, note: staged.note });
        return batch.addIndicator(staged);
      }
      case 'vulnerability':
        return batch.addVulnerability(prepareVulnerability(draft));
      case 'object': {
        const staged = prepareObject(draft, this.source);
        this.objectTypes.set(draft.stix.type, (this.objectTypes.get(draft.stix.type) ?? 0) + 1);
        return batch.addStix(
          'objects',
          staged,
          500 + (draft.stix.description ? String(draft.stix.description).length : 0),
        );
      }
      case 'relationship':
        return batch.addStix('relationships', prepareRelationship(draft, this.source), 600);
      case 'sighting':
        return batch.addStix('sightings', prepareSighting(draft, this.source), 600);
    }
  }

  private batch = new Batch();
  /** One batch merges while the next one is parsed: Node and Postgres work at the same time. */
  private merging: Promise<void> = Promise.resolve();
  private failure: unknown;
  private readonly statistics = new TableStatistics();

  private async flush(db: ClientBase, runId: number): Promise<void> {
    // Node would wait for the previous merge here: the cheapest moment to keep the heap small.
    collectGarbageIfLarge();
    await this.merging;
    if (this.failure) throw this.failure;
    const full = this.batch;
    this.batch = new Batch();
    this.merging = full.flush(db, this.source.id, runId, this.statistics).then(
      (result) => this.add(result),
      (error: unknown) => {
        this.failure = error;
      },
    );
  }

  async readAll(db: ClientBase, files: string[], runId: number, options: ImportOptions): Promise<void> {
    try {
      await this.readFiles(db, files, runId, options);
      await this.flush(db, runId);
    } finally {
      // Never leave a merge running on the connection behind an error: the caller rolls back next.
      await this.merging;
    }
    if (this.failure) throw this.failure;
  }

  private async readFiles(
    db: ClientBase,
    files: string[],
    runId: number,
    options: ImportOptions,
  ): Promise<void> {
    const batchSize = options.batchSize ?? 20_000;
    let bytesBefore = 0;
    for (const file of files) {
      const input = await openInput(file);
      const detected = options.adapter ? this.adapter : detectFormat(input.sample);
      if (detected?.name !== this.adapter.name) {
        input.stream.destroy();
        const what = detected ? `looks like ${detected.name}` : 'is not a format we read';
        throw new InputRefused(`${path.basename(file)} is not ${this.adapter.name} data (it ${what})`);
      }
      const prefix = files.length > 1 ? `${path.basename(file)}: ` : '';
      let lastReport = 0;
      for await (const draft of this.adapter.parse(input.stream, {
        fileName: path.basename(file),
        head: input.sample.head,
      })) {
        this.records++;
        if (options.signal?.aborted)
          throw new ImportRefused('the import was interrupted; nothing of it was kept');
        try {
          this.take(this.batch, draft, prefix + draft.where);
        } catch (error) {
          if (!(error instanceof RecordRejected)) throw error;
          this.reject(prefix + draft.where, error.message);
        }
        if (this.batch.records >= batchSize || this.batch.approxBytes >= BATCH_BYTES)
          await this.flush(db, runId);
        if (options.onProgress && (this.records & 1023) === 0 && Date.now() - lastReport > 200) {
          lastReport = Date.now();
          options.onProgress({
            records: this.records,
            bytesRead: bytesBefore + input.bytesRead(),
            bytesTotal: input.bytesTotal,
            file,
          });
        }
      }
      bytesBefore += input.bytesTotal;
      this.bytes += input.bytesTotal;
    }
  }

  /** A run that brought actors, malware, tools or campaigns re-decides which are one (see plan-merges). */
  async mergeDuplicates(db: ClientBase): Promise<void> {
    const brought = MERGED_KINDS.some((kind) => this.objectTypes.has(kind)) || this.derived.malware > 0;
    if (brought) this.duplicates = await resolveMerges(db);
  }

  summary(runId: number | undefined, status: 'succeeded' | 'failed', started: number): ImportSummary {
    const kinds = Object.values(this.byKind);
    const sum = (key: 'inserted' | 'updated' | 'unchanged') => kinds.reduce((n, k) => n + k[key], 0);
    const ignored = [...this.ignored.values()].reduce((n, k) => n + k, 0);
    return {
      runId,
      format: this.adapter.name,
      source: this.source.name,
      status,
      records: this.records,
      inserted: status === 'succeeded' ? sum('inserted') : 0,
      updated: status === 'succeeded' ? sum('updated') : 0,
      unchanged: status === 'succeeded' ? sum('unchanged') : 0,
      rejected: this.rejected,
      ignored,
      counts: {
        byKind: this.byKind,
        objectTypes: Object.fromEntries([...this.objectTypes].sort((a, b) => b[1] - a[1])),
        ignored: Object.fromEntries(this.ignored),
        derived: this.derived,
        ...(this.duplicates ? { duplicates: this.duplicates } : {}),
        // The CLI shows them as the warninglists' (`~ where: note`).
        ...(this.normalised.length ? { normalised: this.normalised } : {}),
        rejectsKept: this.rejects.length,
      },
      rejects: this.rejects,
      bytes: this.bytes,
      seconds: (Date.now() - started) / 1000,
    };
  }
}
