/**
 * The results table (stdout) and its JSON twin: each figure, its target and pass/miss, and for
 * throughput the ratio to the published speeds of MISP and OpenCTI. Those figures are quoted from
 * /work/shared/reference/cti-landscape.md §3, which cites the GitHub issues they come from.
 */
import os from 'node:os';

export interface Row {
  scenario: string;
  figure: string;
  /** NaN when the scenario failed. */
  value: number;
  unit: string;
  digits: number;
  /** Absent: the figure has no target. `pass` is undefined when the target does not apply here. */
  target?: { text: string; pass?: boolean };
  /** Ratios to the published figures, for throughput rows. */
  versus?: string;
  notes: string;
}

/** Published ingestion speeds (cti-landscape.md §3, "MISP write speed", "OpenCTI field throughput"). */
export const PUBLISHED = {
  mispAttributesPerSecond: 340,
  mispSource: 'MISP: 43 K attributes in 2 min 6 s ≈ 340 attributes/s (MISP issue #9092, 2023)',
  openctiBundlesPerSecond: [0.2, 30] as const,
  openctiSource:
    'OpenCTI: 0.2–3 msgs/s (v4.5, #1360) up to 20–30 bundles/s with 6 workers, falling below 1/s (6.0.9, #6716); ' +
    'a bundle holds one or more objects, so per object this flatters OpenCTI',
  openctiAttackObjectsPerSecond: 12_000 / (5 * 3600),
  openctiAttackSource: 'OpenCTI: ATT&CK, 12 K objects in 5 h ≈ 0.67 objects/s (v3, #623)',
};

const round = (x: number): string =>
  x >= 100 ? Math.round(x).toLocaleString('en') : x >= 10 ? x.toFixed(0) : x.toFixed(1);

/** "×24 MISP · ×270–40,400 OpenCTI" for indicators (or attributes) per second. */
export function versusIndicators(perSecond: number): string {
  const [low, high] = PUBLISHED.openctiBundlesPerSecond;
  return (
    `×${round(perSecond / PUBLISHED.mispAttributesPerSecond)} MISP · ` +
    `×${round(perSecond / high)}–${round(perSecond / low)} OpenCTI`
  );
}

export function versusAttack(objectsPerSecond: number): string {
  return `×${round(objectsPerSecond / PUBLISHED.openctiAttackObjectsPerSecond)} OpenCTI (ATT&CK)`;
}

export interface Machine {
  cores: number;
  cpu: string;
  memoryGb: number;
  node: string;
  postgres: string;
  /** 1, 5 and 15 minute load averages. */
  loadAtStart: number[];
  loadAtEnd: number[];
}

export function machineNow(): Omit<Machine, 'postgres' | 'loadAtEnd'> {
  return {
    cores: os.availableParallelism(),
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    loadAtStart: os.loadavg(),
  };
}

const verdict = (row: Row): string =>
  row.target === undefined || row.target.pass === undefined ? '' : row.target.pass ? 'pass' : 'MISS';

const valueText = (row: Row): string =>
  Number.isNaN(row.value)
    ? 'failed'
    : `${row.value.toLocaleString('en', { minimumFractionDigits: row.digits, maximumFractionDigits: row.digits })} ${row.unit}`;

export function formatTable(rows: Row[]): string {
  const header = ['scenario', 'figure', 'value', 'target', '', 'vs MISP · OpenCTI', 'notes'];
  const cells = rows.map((r) => [
    r.scenario,
    r.figure,
    valueText(r),
    r.target?.text ?? '–',
    verdict(r),
    r.versus ?? '',
    r.notes,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]): string =>
    c
      .map((v, i) => (i === 2 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

const loads = (l: number[]): string => l.map((x) => x.toFixed(2)).join(' / ');

export function formatReport(rows: Row[], machine: Machine, seconds: number, quick: boolean): string {
  return [
    '',
    `bench:ingest — ${rows.length} figures in ${(seconds / 60).toFixed(1)} min${quick ? ' (--quick: 100,000 rows, a check of the harness; the targets are set for 1M and 10M)' : ''}`,
    '',
    formatTable(rows),
    '',
    'Published figures the ratios are taken to (cti-landscape.md §3):',
    `  ${PUBLISHED.mispSource}`,
    `  ${PUBLISHED.openctiSource}`,
    `  ${PUBLISHED.openctiAttackSource}`,
    '',
    `Machine: ${machine.cores} cores (${machine.cpu}), ${machine.memoryGb} GB, Node ${machine.node}, PostgreSQL ${machine.postgres}.`,
    `Load average (1/5/15 min): ${loads(machine.loadAtStart)} at start, ${loads(machine.loadAtEnd)} at the end.`,
    'The machine is shared: anything else running competes with the importer and Postgres for the same',
    'cores, so a load above the core count means the figures are lower than this code can do on its own.',
    'Each figure says the load and CPU steal while it ran; the ratio to the floor (COPY of the same rows into an',
    'unlogged, unindexed table in the same run) is the figure that compares across runs and machines.',
    '',
  ].join('\n');
}
