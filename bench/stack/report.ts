/** The results table (stdout) and its pass/fail marks. */

/** Targets of issue 3: REST throughput at least 0.7 × the floor, p99 under 50 ms at 50 connections. */
export const TARGET_RATIO = 0.7;
export const TARGET_P99_MS = 50;
export const TARGET_CONNECTIONS = 50;

export interface Row {
  scenario: string;
  connections: number;
  stackRps?: number;
  floorRps?: number;
  ratio?: number;
  p50?: number;
  p99?: number;
  floorP50?: number;
  floorP99?: number;
  /** undefined: the scenario has no target. */
  pass?: boolean;
  notes: string;
}

/** The verdict for a compared scenario, with the reasons it failed. */
export function verdict(ratio: number, p99: number, failures: number): { pass: boolean; why: string[] } {
  const why: string[] = [];
  if (ratio < TARGET_RATIO) why.push(`ratio < ${TARGET_RATIO}`);
  if (p99 >= TARGET_P99_MS) why.push(`p99 ≥ ${TARGET_P99_MS} ms`);
  if (failures > 0) why.push(`${failures} failed requests`);
  return { pass: why.length === 0, why };
}

const num = (v: number | undefined, digits = 0): string =>
  v === undefined || Number.isNaN(v) ? '–' : v.toFixed(digits);

const ms = (v: number | undefined, floor: number | undefined): string =>
  floor === undefined ? num(v, 1) : `${num(v, 1)} (${num(floor, 1)})`;

export function formatTable(rows: Row[]): string {
  const header = [
    'scenario',
    'conns',
    'req/s stack',
    'req/s floor',
    'ratio',
    'p50 ms',
    'p99 ms',
    'target',
    'notes',
  ];
  const cells = rows.map((r) => [
    r.scenario,
    String(r.connections),
    num(r.stackRps),
    num(r.floorRps),
    num(r.ratio, 2),
    ms(r.p50, r.floorP50),
    ms(r.p99, r.floorP99),
    r.pass === undefined ? '' : r.pass ? 'PASS' : 'FAIL',
    r.notes,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]): string =>
    c
      .map((v, i) => (i === 0 || i === c.length - 1 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}
