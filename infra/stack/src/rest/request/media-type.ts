/**
 * `Accept` negotiation for the media types this service produces. Vendor types carry options:
 * `vnd.pgrst.object+json` (single object), `nulls=stripped`. Anything else is 406 PGRST107.
 */
import { mediaTypeError } from '../errors.js';

export type OutputFormat =
  | { kind: 'json'; stripNulls: boolean }
  | { kind: 'object'; stripNulls: boolean }
  | { kind: 'csv' }
  | { kind: 'openapi' };

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

function formatFor(entry: AcceptEntry, isRoot: boolean): OutputFormat | undefined {
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
  return undefined;
}

const DEFAULT_JSON: OutputFormat = Object.freeze({ kind: 'json', stripNulls: false });

export function negotiateOutput(accept: string | undefined, isRoot = false): OutputFormat {
  if (!isRoot && (accept === undefined || accept === '*/*' || accept === 'application/json'))
    return DEFAULT_JSON;
  const entries = parseAccept(accept);
  if (entries.length === 0) return isRoot ? { kind: 'openapi' } : { kind: 'json', stripNulls: false };
  for (const entry of entries) {
    const format = formatFor(entry, isRoot);
    if (format) return format;
  }
  throw mediaTypeError(entries.map((e) => e.mime));
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
    case 'openapi':
      return 'application/openapi+json; charset=utf-8';
  }
}
