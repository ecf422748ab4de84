/**
 * A hunt cut into requests the API accepts: each slice's JSON body (`{"_types":[…],"_values":[…]}`)
 * stays within a byte budget and a count, and keeps its start so answers map back to the input.
 */
import { HUNT_LIMITS, utf8Length } from './hunt-limits';
import type { HuntValue } from './parse-hunt-text';

export interface ValueSlice {
  /** Index in the whole hunt of the slice's first value. */
  start: number;
  values: HuntValue[];
}

const BODY_OVERHEAD = utf8Length(JSON.stringify({ _types: [], _values: [] }));

/** What one value adds to the body: its JSON string, its type's, and two commas. */
export function valueBytes({ type, value }: HuntValue): number {
  return utf8Length(JSON.stringify(value)) + type.length + 2 + 2;
}

export function sliceValues(
  values: readonly HuntValue[],
  {
    maxBytes = HUNT_LIMITS.sliceBytes,
    maxCount = HUNT_LIMITS.sliceValues,
  }: { maxBytes?: number; maxCount?: number } = {},
): ValueSlice[] {
  const slices: ValueSlice[] = [];
  let current: ValueSlice | null = null;
  let bytes = 0;
  values.forEach((item, index) => {
    const size = valueBytes(item);
    if (!current || current.values.length >= maxCount || bytes + size > maxBytes) {
      current = { start: index, values: [] };
      slices.push(current);
      bytes = BODY_OVERHEAD;
    }
    current.values.push(item);
    bytes += size;
  });
  return slices;
}

/** The exact body size of a slice, as supabase-js sends it. */
export function sliceBodyBytes(slice: ValueSlice): number {
  return utf8Length(
    JSON.stringify({
      _types: slice.values.map((item) => item.type),
      _values: slice.values.map((item) => item.value),
    }),
  );
}
