/**
 * Test data, loaded once and shared by every VU (SharedArray): 1,000 hunt values (300 known to the
 * demo dataset, 700 that are not, interleaved) and IOC search terms cut from demo indicators.
 * `open()` runs in the init context only; lib/ and scenarios/ are siblings, so '../data' is the
 * same folder whichever of them k6 resolves the path from.
 */
import { SharedArray } from 'k6/data';

export interface HuntValue {
  type: string;
  value: string;
}

export const huntValues = new SharedArray<HuntValue>(
  'hunt values',
  () => JSON.parse(open('../data/hunt-values.json')) as HuntValue[],
);

export const iocQueries = new SharedArray<string>(
  'ioc queries',
  () => JSON.parse(open('../data/ioc-queries.json')) as string[],
);

/** A different element per VU and iteration, without randomness (runs repeat). */
export function pick<T>(items: { readonly length: number; readonly [index: number]: T }): T {
  return items[(__VU * 7 + __ITER) % items.length]!;
}
