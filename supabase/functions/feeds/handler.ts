// Feeds we serve: GET or HEAD /functions/v1/feeds/<id> with `Authorization: Bearer <token>`
// (RFC 6750 §2.1) answers the feed's export for security controls. A missing or wrong token, or an
// id no feed has, is the same 401 with `WWW-Authenticate: Bearer` (RFC 6750 §3), so the answer never
// tells whether a feed exists; tokens are compared as SHA-256 digests in constant time.
// Conditional requests per RFC 9110 §13: a strong ETag (the feed's version in the database, the
// narrowing parameters and the renderer's version) and Last-Modified; If-None-Match (weak
// comparison, §13.1.2) takes precedence over If-Modified-Since (§13.1.3); a match is 304.
import { jsonResponse } from '../_shared/json-response.ts';
import { controlWriter, isControlFormat } from '../_shared/controls/formats.ts';
import { DEFAULT_SID_BASE } from '../_shared/controls/suricata-sid.ts';
import { SURICATA_LIST_TYPES } from '../_shared/controls/suricata.ts';
import { bodyStream } from './body.ts';
import { BadRequest, narrowed, narrowingKey, parseNarrowing } from './narrowing.ts';
import type { FeedStore } from './store.ts';

/** Bump when the rendering of the same rows changes, so no ETag names two different bodies. */
export const RENDERER_VERSION = 'r1';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;
const DUMMY_HASH = new Uint8Array(32);

const CONTENT_TYPE: Record<string, string> = {
  csv: 'text/csv; charset=utf-8; header=present',
  // RFC 4027: zone files as text/dns.
  rpz: 'text/dns; charset=utf-8',
};

export interface HandlerDeps {
  store: FeedStore;
  log?: (message: string, fields: Record<string, unknown>) => void;
}

const unauthorized = () =>
  jsonResponse(
    401,
    { error: 'Unauthorized: send this feed\'s token as "Authorization: Bearer <token>".' },
    { 'WWW-Authenticate': 'Bearer realm="feeds"' },
  );

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

async function hex(text: string): Promise<string> {
  return [...(await sha256(text))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** If-None-Match holds the ETag (weak comparison: W/ is ignored), or `*`. */
export function noneMatch(header: string, etag: string): boolean {
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/** The feed id: the segment after `feeds` in the path. */
export function feedId(url: URL): string | null {
  const parts = url.pathname.split('/').filter((p) => p !== '');
  const at = parts.lastIndexOf('feeds');
  const rest = at >= 0 ? parts.slice(at + 1) : parts;
  return rest.length === 1 ? decodeURIComponent(rest[0]!) : null;
}

export function createHandler(deps: HandlerDeps): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return jsonResponse(
        405,
        { error: `${req.method} is not supported: use GET or HEAD.` },
        { Allow: 'GET, HEAD' },
      );
    const url = new URL(req.url);
    const id = feedId(url);
    const token = BEARER.exec(req.headers.get('authorization') ?? '')?.[1];
    if (!id) return jsonResponse(404, { error: 'No feed at this address: use /functions/v1/feeds/<id>.' });
    if (!token) return unauthorized();
    const presented = await sha256(token);
    let snapshot;
    try {
      snapshot = UUID.test(id) ? await deps.store.open(id.toLowerCase()) : null;
    } catch (error) {
      deps.log?.('feed lookup failed', { error: String((error as Error)?.message ?? error) });
      return jsonResponse(
        503,
        { error: 'The feed cannot be read right now; try again later.' },
        { 'Retry-After': '30' },
      );
    }
    if (!sameBytes(presented, snapshot?.feed.tokenHash ?? DUMMY_HASH) || !snapshot) {
      await snapshot?.close();
      return unauthorized();
    }
    let keep = false;
    try {
      const { feed } = snapshot;
      const narrowing = parseNarrowing(url.searchParams);
      if (!isControlFormat(feed.format) || feed.format === 'misp-feed')
        throw new Error(`feed format ${feed.format} cannot be served`);
      const etag = `"${(await hex(`${RENDERER_VERSION}|${feed.version}|${narrowingKey(narrowing)}`)).slice(0, 40)}"`;
      const lastModified = await deps.store.recordPull(
        id.toLowerCase(),
        req.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || null,
        feed.version,
      );
      const headers: Record<string, string> = {
        ETag: etag,
        'Last-Modified': lastModified.toUTCString(),
        'Cache-Control': 'private, no-cache',
        Vary: 'Authorization',
        'X-Content-Type-Options': 'nosniff',
      };
      const inm = req.headers.get('if-none-match');
      const ims = Date.parse(req.headers.get('if-modified-since') ?? '');
      const notModified =
        inm !== null
          ? noneMatch(inm, etag)
          : !Number.isNaN(ims) && Math.floor(lastModified.getTime() / 1000) * 1000 <= ims;
      if (notModified) return new Response(null, { status: 304, headers });
      headers['Content-Type'] = CONTENT_TYPE[feed.format] ?? 'text/plain; charset=utf-8';
      if (req.method === 'HEAD') return new Response(null, { status: 200, headers });
      const selection = narrowed(feed, narrowing);
      const writer = controlWriter(feed.format, {
        types: selection.types,
        sidBase: DEFAULT_SID_BASE,
        listStem: 'cti',
        rpzWildcard: false,
      });
      const body = bodyStream(snapshot, {
        writer,
        selection,
        withoutTypes: feed.format === 'suricata' ? SURICATA_LIST_TYPES : [],
      });
      keep = true;
      return new Response(body, { status: 200, headers });
    } catch (error) {
      if (error instanceof BadRequest) return jsonResponse(400, { error: error.message });
      deps.log?.('feed request failed', { error: String((error as Error)?.message ?? error) });
      return jsonResponse(500, { error: 'The feed could not be served; try again later.' });
    } finally {
      if (!keep) await snapshot.close();
    }
  };
}
