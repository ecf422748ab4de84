import path from 'node:path';
import { parseArgs } from 'node:util';
import { FORMAT_NAMES, type FormatName } from '../formats/format.js';
import { connect, resolveDbUrl } from '../db/connect.js';
import type { MergeReport } from '../pipeline/duplicates/resolve-merges.js';
import { withRemedy } from '../pipeline/remedy.js';
import { ImportFailed, runImport, type ImportSummary } from '../pipeline/run-import.js';
import {
  looksLikeTelemetry,
  runTelemetryImport,
  TELEMETRY_FORMAT_NAMES,
  type TelemetryFormatName,
  type TelemetrySummary,
} from '../telemetry-import/run-telemetry-import.js';
import { WorkspaceImportFailed, type WorkspaceSummary } from '../workspace-import/import-run.js';
import { runAssetsImport } from '../workspace-import/run-assets-import.js';
import { runLeaksImport } from '../workspace-import/run-leaks-import.js';
import { looksLikeWarninglists, runWarninglistsImport } from '../workspace-import/run-warninglists-import.js';
import { mappedFormat } from '../formats/mapped/mapped-format.js';
import { dryRun, loadMapFile } from './mapped-import.js';
import { progressBar } from './progress.js';
import { formatTable } from './table.js';

/** The organisation's own data: named with --format (their files could pass for other CSV or JSON). */
const WORKSPACE_FORMATS = ['assets', 'leak-sites', 'misp-warninglist'] as const;
const ALL_FORMATS: readonly string[] = [...FORMAT_NAMES, ...TELEMETRY_FORMAT_NAMES, ...WORKSPACE_FORMATS];

export const IMPORT_USAGE = `npm run intel -- import <file|folder>... [--format ${ALL_FORMATS.join('|')}] [--source NAME] [--sensor NAME] [--base-time ISO] [--json]
  npm run intel -- import <file|folder>... --format csv|json --map <map.json> [--source NAME] [--dry-run]   (any feed, through a map)`;

/** What every import prints: knowledge-base formats and telemetry alike. */
type AnySummary = ImportSummary | WorkspaceSummary<string>;

/** The one JSON line of `--json`: the contract other tools read. */
export function jsonResult(summary: AnySummary): string {
  return JSON.stringify({
    format: summary.format,
    source: summary.source,
    status: summary.status,
    runId: summary.runId ?? null,
    records: summary.records,
    inserted: summary.inserted,
    updated: summary.updated,
    unchanged: summary.unchanged,
    rejected: summary.rejected,
    ignored: summary.ignored,
    rejects: summary.rejects,
    counts: summary.counts,
    seconds: summary.seconds,
    ...(summary.error ? { error: withRemedy(summary.error, summary.remedy, 'cli') } : {}),
  });
}

export function summaryTable(summary: AnySummary): string {
  if (isTelemetry(summary)) return telemetryTable(summary);
  const kinds = (summary.counts.byKind ?? {}) as Record<
    string,
    { inserted: number; updated: number; unchanged: number }
  >;
  const rows = Object.entries(kinds).map(([kind, c]) => [kind, c.inserted, c.updated, c.unchanged]);
  rows.push(['total', summary.inserted, summary.updated, summary.unchanged]);
  const lines = [
    `${summary.source} (${summary.format}): ${summary.records.toLocaleString('en')} records in ${summary.seconds.toFixed(1)} s` +
      ` (${Math.round(summary.records / Math.max(summary.seconds, 0.001)).toLocaleString('en')}/s)`,
    formatTable(['kind', 'inserted', 'updated', 'unchanged'], rows),
    `rejected: ${summary.rejected.toLocaleString('en')}   ignored: ${summary.ignored.toLocaleString('en')}`,
  ];
  // Warninglists count lists; values changed on the way in (a range's host bits cleared) are said.
  const { lists, normalised } = summary.counts as {
    lists?: Record<string, number>;
    normalised?: { where: string; note: string }[];
  };
  if (lists)
    lines.push(
      `lists: ${Object.entries(lists)
        .map(([k, n]) => `${n.toLocaleString('en')} ${k}`)
        .join(', ')}`,
    );
  for (const n of (normalised ?? []).slice(0, 10)) lines.push(`  ~ ${n.where}: ${n.note}`);
  // Assets and leak posts also report what they set off.
  const { exposures, alerts } = summary.counts as { exposures?: number; alerts?: number };
  if (exposures !== undefined) lines.push(`KEV exposures now: ${exposures.toLocaleString('en')}`);
  if (alerts !== undefined) lines.push(`alerts raised or updated: ${alerts.toLocaleString('en')}`);
  // Actors and software another source already describes (see pipeline/duplicates).
  const { duplicates } = summary.counts as { duplicates?: MergeReport };
  if (duplicates) {
    lines.push(
      `merged into another source's entry: ${duplicates.merged.toLocaleString('en')}, separated again: ${duplicates.separated.toLocaleString('en')}` +
        `, left apart (a name several entries share): ${duplicates.conflictCount.toLocaleString('en')}`,
    );
    for (const c of duplicates.conflicts.slice(0, 3))
      lines.push(`  ? ${c.names.join(', ')}: ${c.objects.join('; ')}`);
  }
  for (const r of summary.rejects.slice(0, 10)) lines.push(`  ✗ ${r.where}: ${r.reason}`);
  if (summary.rejected > 10)
    lines.push(`  … ${summary.rejected - 10} more (import_runs.rejects keeps the first 1,000)`);
  return lines.join('\n');
}

export async function importCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      format: { type: 'string' },
      source: { type: 'string' },
      json: { type: 'boolean', default: false },
      sensor: { type: 'string' },
      'base-time': { type: 'string' },
      map: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      'db-url': { type: 'string' },
      workdir: { type: 'string' },
    },
  });
  if (positionals.length === 0) throw new UsageError(IMPORT_USAGE);
  const base = process.env.INIT_CWD ?? process.cwd();
  if (values['dry-run'] && !values.map) throw new UsageError('--dry-run goes with --map');
  const feedMap = values.map ? await loadMapFile(path.resolve(base, values.map), values.format) : undefined;
  if (feedMap && values['dry-run']) {
    const result = await dryRun(
      positionals.map((p) => path.resolve(base, p)),
      feedMap,
    );
    process.stdout.write(`${result.text}\n`);
    return 0;
  }
  if (!feedMap && (values.format === 'csv' || values.format === 'json'))
    throw new UsageError(`--format ${values.format} reads a feed through a map: add --map <map.json>`);
  if (!feedMap && values.format && !ALL_FORMATS.includes(values.format))
    throw new UsageError(`unknown format "${values.format}"; one of: ${ALL_FORMATS.join(', ')}`);
  const inputs = positionals.map((p) => path.resolve(base, p));
  const db = await connect(resolveDbUrl({ dbUrl: values['db-url'], workdir: values.workdir }));
  const bar = progressBar(path.basename(inputs[0]!));
  const out = (text: string) => (values.json ? process.stderr : process.stdout).write(`${text}\n`);
  // Ctrl+C or a service stop ends the run cleanly: rolled back, and recorded as failed.
  const interrupt = new AbortController();
  process.once('SIGINT', () => interrupt.abort());
  process.once('SIGTERM', () => interrupt.abort());
  try {
    const telemetry = feedMap
      ? undefined
      : (TELEMETRY_FORMAT_NAMES as readonly string[]).includes(values.format ?? '')
        ? (values.format as TelemetryFormatName)
        : values.format
          ? undefined
          : await looksLikeTelemetry(inputs[0]!).catch(() => undefined);
    const warninglists =
      !feedMap &&
      (values.format === 'misp-warninglist' || (!values.format && (await looksLikeWarninglists(inputs[0]!))));
    const summary: AnySummary = warninglists
      ? await runWarninglistsImport(db, { inputs, source: values.source })
      : values.format === 'assets'
        ? await runAssetsImport(db, { inputs })
        : values.format === 'leak-sites'
          ? await runLeaksImport(db, { inputs })
          : telemetry
            ? await runTelemetryImport(db, {
                inputs,
                format: telemetry,
                sensor: values.sensor,
                baseTime: values['base-time'],
                onProgress: bar.update,
                signal: interrupt.signal,
              })
            : await runImport(db, {
                inputs,
                format: feedMap ? undefined : (values.format as FormatName | undefined),
                adapter: feedMap ? mappedFormat(feedMap) : undefined,
                source: values.source,
                onProgress: bar.update,
                signal: interrupt.signal,
              });
    bar.stop();
    if (!values.json || process.stderr.isTTY) out(summaryTable(summary));
    if (values.json) process.stdout.write(`${jsonResult(summary)}\n`);
    return 0;
  } catch (error) {
    bar.stop();
    if (!(error instanceof ImportFailed || error instanceof WorkspaceImportFailed)) throw error;
    process.stderr.write(
      `import refused, nothing was written: ${withRemedy(error.summary.error ?? '', error.summary.remedy, 'cli')}\n`,
    );
    if (values.json) process.stdout.write(`${jsonResult(error.summary)}\n`);
    return 1;
  } finally {
    await db.end();
  }
}

function isTelemetry(summary: AnySummary): summary is TelemetrySummary {
  return (TELEMETRY_FORMAT_NAMES as readonly string[]).includes(summary.format);
}

function telemetryTable(summary: TelemetrySummary): string {
  const c = summary.counts as { events: number; matchedEvents: number; alerts: number; sensors: string[] };
  const rate = Math.round(c.events / Math.max(summary.seconds, 0.001)).toLocaleString('en');
  const lines = [
    `${summary.source} (${summary.format}): ${c.events.toLocaleString('en')} events in ${summary.seconds.toFixed(1)} s (${rate}/s)`,
    formatTable(
      ['sensors', 'matched events', 'new sightings', 'grown sightings', 'alerts'],
      [[c.sensors.join(', ') || '—', c.matchedEvents, summary.inserted, summary.updated, c.alerts]],
    ),
    `rejected: ${summary.rejected.toLocaleString('en')}`,
  ];
  for (const r of summary.rejects.slice(0, 10)) lines.push(`  ✗ ${r.where}: ${r.reason}`);
  if (summary.rejected > 10)
    lines.push(`  … ${summary.rejected - 10} more (import_runs.rejects keeps the first 1,000)`);
  return lines.join('\n');
}

export class UsageError extends Error {
  override name = 'UsageError';
}
