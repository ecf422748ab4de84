/** Command-line options of `npm run bench:ingest`. */
import { parseArgs } from 'node:util';

export interface IngestOptions {
  /** Rows of each ingest, ascending; the last is "the largest size" (lookups, table sizes). */
  sizes: number[];
  /** The size whose file is imported again, then under a second source (1M when measured). */
  provenanceSize: number;
  /** Leave the bench stack running, with the largest size's data, and the generated files. */
  keep: boolean;
  skipAttack: boolean;
  quick: boolean;
}

/** The size the re-import target (≤ 30 s) is set for. */
export const REIMPORT_SIZE = 1_000_000;
/** values.ts keeps values unique up to 2^24 of each kind: about 60M rows of the feed's type mix. */
const MAX_ROWS = 50_000_000;

export const USAGE = `usage: npm run bench:ingest -- [options]
  --sizes a,b     rows of synthetic ThreatFox CSV to ingest, each on a fresh stack
                  (default 1000000,10000000; at most ${MAX_ROWS.toLocaleString('en')})
  --quick         100,000 rows only: a check of the harness, not a measurement of the targets
  --skip-attack   leave out the MITRE ATT&CK enterprise bundle
  --keep          leave the bench stack running (ports 25721/25722) with the largest size's data,
                  and the generated files in .temp/bench-ingest`;

export function parseOptions(argv: string[]): IngestOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      sizes: { type: 'string' },
      quick: { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      'skip-attack': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return 'help';
  const quick = values.quick ?? false;
  if (quick && values.sizes !== undefined) throw new Error('--quick and --sizes do not go together');
  const raw = quick ? '100000' : (values.sizes ?? '1000000,10000000');
  const sizes = raw.split(',').map((item) => {
    const n = Number(item.trim().replace(/_/g, ''));
    if (!Number.isSafeInteger(n) || n < 1000 || n > MAX_ROWS)
      throw new Error(
        `--sizes takes row counts from 1,000 to ${MAX_ROWS.toLocaleString('en')}; got "${item}"`,
      );
    return n;
  });
  const unique = [...new Set(sizes)].sort((a, b) => a - b);
  return {
    sizes: unique,
    provenanceSize: unique.includes(REIMPORT_SIZE) ? REIMPORT_SIZE : unique[0]!,
    keep: values.keep ?? false,
    skipAttack: values['skip-attack'] ?? false,
    quick,
  };
}
