/** Command-line options of `npm run bench:stack`. */
import { parseArgs } from 'node:util';

export const SCENARIOS = ['rest', 'rpc', 'signin', 'realtime'] as const;
export type Scenario = (typeof SCENARIOS)[number];

export interface BenchOptions {
  /** Seconds per measured round. */
  duration: number;
  /** Rounds per target; the reported figures are the medians over rounds. */
  rounds: number;
  connections: number;
  only: Scenario[];
  json?: string;
  /** Leave the stack running (and its data) after the run. */
  keep: boolean;
  quick: boolean;
  /** Rows in bench_events. */
  rows: number;
  /** Realtime subscribers and inserts. */
  subscribers: number;
  inserts: number;
}

export const USAGE = `usage: npm run bench:stack -- [options]
  --duration <s>      seconds per measured round (default 5; --quick: 1)
  --rounds <n>        rounds per target, alternating stack and floor (default 5; --quick: 2)
  --connections <n>   concurrent connections for rest and rpc (default 50)
  --only <list>       comma-separated subset of: ${SCENARIOS.join(', ')}
  --json <file>       also write the results as JSON
  --keep              leave the stack running and its data in place afterwards
  --quick             smoke test: 1 s rounds, 50,000 rows, 20 subscribers, 5 inserts`;

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new Error(`--${name} must be a positive integer, got "${raw}"`);
  return n;
}

export function parseOptions(argv: string[]): BenchOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: 'string' },
      rounds: { type: 'string' },
      connections: { type: 'string' },
      only: { type: 'string' },
      json: { type: 'string' },
      keep: { type: 'boolean', default: false },
      quick: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return 'help';
  const quick = values.quick ?? false;
  let only: Scenario[] = [...SCENARIOS];
  if (values.only !== undefined) {
    const names = values.only.split(',').map((s) => s.trim());
    const unknown = names.filter((n) => !(SCENARIOS as readonly string[]).includes(n));
    if (unknown.length > 0 || names.length === 0)
      throw new Error(
        `--only takes a comma-separated subset of ${SCENARIOS.join(', ')}; got "${values.only}"`,
      );
    only = names as Scenario[];
  }
  return {
    duration: positiveInt('duration', values.duration, quick ? 1 : 5),
    rounds: positiveInt('rounds', values.rounds, quick ? 2 : 5),
    connections: positiveInt('connections', values.connections, 50),
    only,
    json: values.json,
    keep: values.keep ?? false,
    quick,
    rows: quick ? 50_000 : 1_000_000,
    subscribers: quick ? 20 : 100,
    inserts: quick ? 5 : 20,
  };
}
