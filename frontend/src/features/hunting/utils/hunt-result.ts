/**
 * The server answers only what matched, each with its 1-based position in its slice; the rest of the
 * input did not match (or is beyond the caller's TLP, which reads the same).
 */
import type { Database } from '@db/types';
import type { HuntValue } from './parse-hunt-text';

export type HuntRow = Database['public']['Functions']['hunt_indicators']['Returns'][number];

export interface HuntMatch extends HuntRow {
  /** Position of the matched value in the hunt. */
  index: number;
  key: string;
}

export interface NotMatched extends HuntValue {
  index: number;
}

export interface HuntResult {
  total: number;
  matched: HuntMatch[];
  notMatched: NotMatched[];
}

export interface SliceAnswer {
  start: number;
  rows: readonly HuntRow[];
}

export function mergeSliceAnswers(values: readonly HuntValue[], answers: readonly SliceAnswer[]): HuntResult {
  const hit = new Uint8Array(values.length);
  const matched: HuntMatch[] = [];
  for (const { start, rows } of answers) {
    for (const row of rows) {
      const index = start + row.ordinal - 1;
      if (index < 0 || index >= values.length) continue;
      hit[index] = 1;
      matched.push({ ...row, index, key: `${index}:${row.id}` });
    }
  }
  matched.sort((a, b) => a.index - b.index);
  const notMatched: NotMatched[] = [];
  values.forEach((value, index) => {
    if (!hit[index]) notMatched.push({ ...value, index });
  });
  return { total: values.length, matched, notMatched };
}
