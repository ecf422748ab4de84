/**
 * "Perhaps you meant" suggestions. PostgREST uses a fuzzy set scored by Levenshtein similarity
 * (1 - distance / longer length, case-insensitive); this reproduces that scoring.
 */
function levenshtein(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = prev[j]!;
      prev[j] = Math.min(above + 1, prev[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return prev[b.length]!;
}

export function similarity(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  const longer = Math.max(x.length, y.length);
  return longer === 0 ? 1 : 1 - levenshtein(x, y) / longer;
}

/** The closest candidate scoring at least `minScore` (and below `maxScore`), if any. */
export function closest(
  needle: string,
  candidates: Iterable<string>,
  minScore: number,
  maxScore = Infinity,
): string | undefined {
  let best: string | undefined;
  let bestScore = -1;
  for (const candidate of candidates) {
    const score = similarity(needle, candidate);
    if (score >= minScore && score < maxScore && score > bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

/** Table and function names need a close match; parameter lists may be looser. */
export const NAME_HINT_MIN_SCORE = 0.75;
export const LOOSE_HINT_MIN_SCORE = 0.33;
