/** Order statistics over small samples. */

export function median(values: number[]): number {
  return percentile(values, 50);
}

/** Percentile with linear interpolation between the two nearest ranks; NaN values are ignored. */
export function percentile(values: number[], p: number): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}
