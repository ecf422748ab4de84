/**
 * `Accept` negotiation for the media types this service produces. Vendor types carry options:
 * `vnd.pgrst.object+json` (single object), `nulls=stripped`, and the execution plan
 * `vnd.pgrst.plan[+json|+text]; for="…"; options=analyze|…` when `db-plan-enabled`.
 * `application/geo+json` needs PostGIS. Anything else is 406 PGRST107.
 */
import { mediaTypeError } from '../errors.js';

export type OutputFormat =
  | { kind: 'json'; stripNulls: boolean }
  | { kind: 'object'; stripNulls: boolean }
  | { kind: 'csv' }
  | { kind: 'geojson' }
  | { kind: 'openapi' };

export type PlanOption = 'analyze' | 'verbose' | 'settings' | 'buffers' | 'wal';

/** `EXPLAIN` of the statement that would produce `for`, instead of running it. */
export interface PlanRequest {
  format: 'json' | 'text';
  for: OutputFormat;
  options: PlanOption[];
  /** PostgREST's spelling of the media type (MediaType.hs toMime), for Content-Type and errors. */
  mime: string;
}

/** What the server can produce right now: plans only with db-plan-enabled, GeoJSON only with PostGIS. */
export interface Producible {
  plan: boolean;
  geoJson: boolean;
}

const PLAN_OPTIONS: PlanOption[] = ['analyze', 'verbose', 'settings', 'buffers', 'wal'];

interface AcceptEntry {
  mime: string;
  type: string;
  subtype: string;
  params: Record<string, string>;
  quality: number;
}

function parseAccept(header: string | undefined): AcceptEntry[] {
  if (header === undefined || header.trim() === '') return [];
  const entries: AcceptEntry[] = [];
  for (const part of header.split(',')) {
    const [mimePart, ...paramParts] = part.split(';');
    const mime = (mimePart ?? '').trim();
    if (mime === '') continue;
    const [type = '', subtype = ''] = mime.toLowerCase().split('/');
    const params: Record<string, string> = {};
    for (const p of paramParts) {
      const eq = p.indexOf('=');
      if (eq !== -1)
        params[p.slice(0, eq).trim().toLowerCase()] = p
          .slice(eq + 1)
          .trim()
          .replace(/^"|"$/g, '');
    }
    const quality = params.q === undefined ? 1 : Number(params.q);
    delete params.q;
    const paramText = Object.entries(params)
      .map(([k, v]) => `;${k}=${v}`)
      .join('');
    entries.push({
      mime: mime + paramText,
      type,
      subtype,
      params,
      quality: Number.isFinite(quality) ? quality : 1,
    });
  }
  return entries.filter((e) => e.quality > 0).sort((a, b) => b.quality - a.quality);
}

/** A vendor plan type, or undefined when the entry is something else. */
function planFor(entry: AcceptEntry): PlanRequest | undefined {
  if (entry.type !== 'application') return undefined;
  const format =
    entry.subtype === 'vnd.pgrst.plan' || entry.subtype === 'vnd.pgrst.plan+text'
      ? 'text'
      : entry.subtype === 'vnd.pgrst.plan+json'
        ? 'json'
        : undefined;
  if (!format) return undefined;
  const forMime = entry.params.for ?? 'application/json';
  const requested = (entry.params.options ?? '').split('|');
  const options = PLAN_OPTIONS.filter((o) => requested.includes(o));
  const forEntry = parseAccept(forMime)[0];
  const target = forEntry ? formatFor(forEntry, false, { plan: false, geoJson: true }) : undefined;
  const mime =
    `application/vnd.pgrst.plan+${format}; for="${forMime}"` +
    (options.length > 0 ? `; options=${options.join('|')}` : '');
  return { format, for: target ?? { kind: 'json', stripNulls: false }, options, mime };
}

function formatFor(entry: AcceptEntry, isRoot: boolean, producible: Producible): OutputFormat | undefined {
  const stripNulls = entry.params.nulls === 'stripped';
  const { type, subtype } = entry;
  if (isRoot) {
    if (
      (type === 'application' && (subtype === 'openapi+json' || subtype === 'json')) ||
      (type === '*' && subtype === '*')
    ) {
      return { kind: 'openapi' };
    }
    return undefined;
  }
  if (type === '*' && subtype === '*') return { kind: 'json', stripNulls: false };
  if (type === 'application' && subtype === 'json') return { kind: 'json', stripNulls: false };
  if (type === 'application' && (subtype === 'vnd.pgrst.object+json' || subtype === 'vnd.pgrst.object')) {
    return { kind: 'object', stripNulls };
  }
  if (type === 'application' && (subtype === 'vnd.pgrst.array+json' || subtype === 'vnd.pgrst.array')) {
    return { kind: 'json', stripNulls };
  }
  if (type === 'text' && subtype === 'csv') return { kind: 'csv' };
  if (type === 'application' && subtype === 'geo+json' && producible.geoJson) return { kind: 'geojson' };
  return undefined;
}

const DEFAULT_JSON: OutputFormat = Object.freeze({ kind: 'json', stripNulls: false });

const NOTHING_EXTRA: Producible = { plan: false, geoJson: false };

export interface Negotiated {
  format: OutputFormat;
  /** Set when the client asked for the execution plan of `format` rather than the result. */
  plan?: PlanRequest;
}

/**
 * The first acceptable entry wins, in the client's order of preference. A plan type while plans
 * are off is unknown, as in PostgREST (Negotiate.hs), so the 406 lists it in PostgREST's spelling.
 */
export function negotiate(
  accept: string | undefined,
  isRoot = false,
  producible = NOTHING_EXTRA,
): Negotiated {
  if (!isRoot && (accept === undefined || accept === '*/*' || accept === 'application/json'))
    return { format: DEFAULT_JSON };
  const entries = parseAccept(accept);
  if (entries.length === 0)
    return { format: isRoot ? { kind: 'openapi' } : { kind: 'json', stripNulls: false } };
  for (const entry of entries) {
    const plan = isRoot ? undefined : planFor(entry);
    if (plan && producible.plan) return { format: plan.for, plan };
    if (plan) continue;
    const format = formatFor(entry, isRoot, producible);
    if (format) return { format };
  }
  throw mediaTypeError(entries.map((e) => planFor(e)?.mime ?? e.mime));
}

export function negotiateOutput(accept: string | undefined, isRoot = false): OutputFormat {
  return negotiate(accept, isRoot).format;
}

export function contentTypeOf(format: OutputFormat): string {
  switch (format.kind) {
    case 'json':
      return format.stripNulls
        ? 'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8'
        : 'application/json; charset=utf-8';
    case 'object':
      return format.stripNulls
        ? 'application/vnd.pgrst.object+json;nulls=stripped; charset=utf-8'
        : 'application/vnd.pgrst.object+json; charset=utf-8';
    case 'csv':
      return 'text/csv; charset=utf-8';
    case 'geojson':
      return 'application/geo+json; charset=utf-8';
    case 'openapi':
      return 'application/openapi+json; charset=utf-8';
  }
}
