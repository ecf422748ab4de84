// Query parameters of a feed URL: they may only narrow what the feed's own selection serves.
//   type=T (repeatable, or comma-separated)  only these types (of those the feed serves);
//   min_score=N                               a higher minimum score (a lower one is ignored);
//   max_tlp=LEVEL                             a lower TLP ceiling (a higher one is ignored).
// The feed's TLP ceiling and minimum score are floors no parameter can get under.
import {
  isIndicatorType,
  isTlp,
  TLP_LEVELS,
  type IndicatorType,
  type Tlp,
} from '../_shared/controls/model.ts';

export interface Narrowing {
  types: IndicatorType[] | null;
  minScore: number | null;
  maxTlp: Tlp | null;
}

export class BadRequest extends Error {}

const KNOWN = new Set(['type', 'min_score', 'max_tlp']);

export function parseNarrowing(params: URLSearchParams): Narrowing {
  for (const name of params.keys()) {
    if (!KNOWN.has(name))
      throw new BadRequest(`Unknown query parameter "${name.slice(0, 40)}": use type, min_score or max_tlp.`);
  }
  const typeNames = params.getAll('type').flatMap((v) =>
    v
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  );
  const unknown = typeNames.filter((t) => !isIndicatorType(t));
  if (unknown.length) throw new BadRequest(`Unknown indicator type: ${unknown.join(', ').slice(0, 120)}.`);
  const score = params.get('min_score');
  if (score !== null && !/^(100|[1-9]?[0-9])$/.test(score))
    throw new BadRequest('min_score is a whole number from 0 to 100.');
  const tlp = params.get('max_tlp');
  if (tlp !== null && !isTlp(tlp.toLowerCase()))
    throw new BadRequest(`Unknown TLP level: use ${TLP_LEVELS.join(', ')}.`);
  return {
    types: typeNames.length ? [...new Set(typeNames as IndicatorType[])].sort() : null,
    minScore: score === null ? null : Number(score),
    maxTlp: tlp === null ? null : (tlp.toLowerCase() as Tlp),
  };
}

/** The selection served: the feed's, narrowed. */
export function narrowed(
  feed: { types: IndicatorType[] | null; minScore: number; maxTlp: Tlp },
  n: Narrowing,
): { types: IndicatorType[] | null; minScore: number; maxTlp: Tlp } {
  const rank = (t: Tlp) => TLP_LEVELS.indexOf(t);
  return {
    types:
      n.types === null ? feed.types : n.types.filter((t) => feed.types === null || feed.types.includes(t)),
    minScore: Math.max(feed.minScore, n.minScore ?? 0),
    maxTlp: n.maxTlp !== null && rank(n.maxTlp) < rank(feed.maxTlp) ? n.maxTlp : feed.maxTlp,
  };
}

/** A stable text of the narrowing, part of the ETag (the same parameters give the same bytes). */
export const narrowingKey = (n: Narrowing): string =>
  `${n.types?.join(',') ?? '*'}|${n.minScore ?? '*'}|${n.maxTlp ?? '*'}`;
