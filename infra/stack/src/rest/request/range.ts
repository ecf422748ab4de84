/**
 * The page a read returns: `limit`/`offset` parameters intersected with a `Range: a-b` header
 * (supabase-js never sends one; other clients do), capped by `db-max-rows`.
 */
import { invalidRange } from '../errors.js';
import type { NodeRange } from '../query-params/types.js';

export function rangeFromHeader(header: string | undefined): NodeRange | undefined {
  if (header === undefined) return undefined;
  const match = /^(?:items=)?\s*(\d+)-(\d*)\s*$/.exec(header.trim());
  if (!match) return undefined;
  const lower = Number(match[1]);
  if (match[2] === '') return { offset: lower };
  const upper = Number(match[2]);
  if (lower > upper) {
    throw invalidRange(
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    );
  }
  return { offset: lower, limit: upper - lower + 1 };
}

function upperOf(range: NodeRange): number {
  return range.limit === undefined ? Infinity : range.offset + range.limit - 1;
}

export function intersectRanges(a: NodeRange | undefined, b: NodeRange | undefined): NodeRange | undefined {
  if (!a) return b;
  if (!b) return a;
  const offset = Math.max(a.offset, b.offset);
  const upper = Math.min(upperOf(a), upperOf(b));
  return upper === Infinity ? { offset } : { offset, limit: Math.max(0, upper - offset + 1) };
}

export function checkLimit(range: NodeRange | undefined): void {
  if (range?.limit !== undefined && range.limit < 0)
    throw invalidRange('Limit should be greater than or equal to zero.');
}

/** Applies `db-max-rows`: the limit sent to Postgres never exceeds it. */
export function capRange(range: NodeRange | undefined, maxRows: number | undefined): NodeRange {
  const base = range ?? { offset: 0 };
  if (maxRows === undefined) return base;
  return { offset: base.offset, limit: Math.min(base.limit ?? maxRows, maxRows) };
}
