/**
 * A synthetic ThreatFox CSV export of any size, streamed to disk in constant memory. The layout is
 * abuse.ch's as intel/src/formats/threatfox.ts reads it (and its test fixtures write it): a `#`
 * banner, the column names as a `#` comment, rows of `"`-quoted fields joined by `, `, `None` for
 * null, an empty last_seen_utc when never seen again, and a `# Number of entries` trailer. The
 * columns are today's (is_compromised was added in 2025); the importer maps them by name.
 * Deterministic: the same seed and size give the same rows (dates count back from today, UTC).
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { Prng } from './prng.js';
import { DAY, RowMaker } from './rows.js';
import { COLUMNS_2026 } from '../../intel/src/formats/lib/threatfox-fixtures.js';

/** The 2026 export's columns, in the order abuse.ch writes them (shared with the importer's tests). */
export const COLUMNS = COLUMNS_2026;

export const SEED = 20260724;
/** Share of rows that re-report an earlier IOC (same id and value, later last_seen). */
const DUPLICATE_SHARE = 0.05;
/**
 * Re-reports repeat one of the last RING new rows: with the importer's 20,000-record batches
 * some fall in the same batch (folded before the merge), most in an earlier one (an update).
 */
const RING = 1 << 16;
/**
 * Rows are joined in small groups and copied into 1 MiB buffers for the stream: joining thousands
 * of rows at once (or appending to one string) flattens large ropes and ran 3× slower (measured).
 */
const LINES_PER_JOIN = 64;
const BUFFER_BYTES = 1 << 20;

export interface GeneratedFile {
  file: string;
  rows: number;
  /** Rows that repeat an earlier row's IOC: distinct values = rows − duplicates. */
  duplicates: number;
  bytes: number;
  seconds: number;
}

/** Writes `rows` rows to `file`; `anchor` (Unix seconds, default today 00:00 UTC) is the newest time. */
export async function generateThreatFoxCsv(
  file: string,
  rows: number,
  options: { seed?: number; anchor?: number } = {},
): Promise<GeneratedFile> {
  const started = performance.now();
  const seed = options.seed ?? SEED;
  const maker = new RowMaker(seed, options.anchor ?? Math.floor(Date.now() / 1000 / DAY) * DAY);
  // Decides which rows are re-reports; each row's content comes from its own stream (rows.ts).
  const random = new Prng(seed, -1);
  const ringRow = new Int32Array(RING);
  const ringSerial = new Int32Array(RING);
  let kept = 0;
  let duplicates = 0;

  const out = createWriteStream(file, { highWaterMark: 1 << 20 });
  // A write error (disk full) is thrown by the next drain wait or by finished() below.
  let failure: Error | undefined;
  out.on('error', (error) => (failure = error));
  const header = [
    '#'.repeat(64),
    `# ThreatFox IOCs: CSV export (synthetic: npm run bench:ingest, ${rows} rows, seed ${seed})`,
    '#',
    `# ${COLUMNS.map((c) => `"${c}"`).join(',')}`,
    '',
  ].join('\n');
  out.write(header);
  const lines: string[] = [];
  let buffer = Buffer.allocUnsafe(BUFFER_BYTES);
  let used = 0;
  // Every value is ASCII, so latin1 is exact, and faster than utf8. True when the stream is full.
  const put = (text: string): boolean => {
    let full = false;
    if (used + text.length > BUFFER_BYTES) {
      full = !out.write(buffer.subarray(0, used));
      buffer = Buffer.allocUnsafe(BUFFER_BYTES);
      used = 0;
    }
    used += buffer.write(text, used, 'latin1');
    return full;
  };
  for (let i = 0; i < rows; i++) {
    if (kept > 1000 && random.chance(DUPLICATE_SHARE)) {
      const slot = random.below(Math.min(kept, RING));
      // Seen again one hour to thirty days after it was last seen.
      lines.push(maker.row(ringRow[slot]!, ringSerial[slot]!, 3600 + random.below(30 * DAY)));
      duplicates++;
    } else {
      lines.push(maker.row(i, -1, 0));
      const slot = kept++ % RING;
      ringRow[slot] = i;
      ringSerial[slot] = maker.lastSerial;
    }
    if (lines.length === LINES_PER_JOIN) {
      const full = put(lines.join(''));
      lines.length = 0;
      if (failure) throw failure;
      if (full) await once(out, 'drain');
    }
  }
  put(`${lines.join('')}#\n# Number of entries: ${rows}\n`);
  out.end(buffer.subarray(0, used));
  await finished(out);
  return { file, rows, duplicates, bytes: out.bytesWritten, seconds: (performance.now() - started) / 1000 };
}
