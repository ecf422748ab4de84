/**
 * A TAXII 2.1 client for a remote collection: discovery → API root → collection → objects, paged
 * with `limit` and `next`, resumable with `added_after` from the last `X-TAXII-Date-Added-Last`
 * seen (TAXII 2.1 §3.4, §5.4). When a server says `more` without a `next`, the spec lets the
 * client continue with added_after = X-TAXII-Date-Added-Last, which is what we do.
 */
import { guardedFetch } from '../outbound/guarded-fetch.js';

export const TAXII_ACCEPT = 'application/taxii+json;version=2.1';

export interface TaxiiAuth {
  /** HTTP Basic: for our own server, the API key id (or e-mail) and the key's secret. */
  basic?: { username: string; password: string };
  bearer?: string;
}

export interface TaxiiPage {
  objects: Record<string, unknown>[];
  /** X-TAXII-Date-Added-Last of this page: where to resume after it. */
  dateAddedLast?: string;
}

export class TaxiiClientError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

function headers(auth: TaxiiAuth): Record<string, string> {
  const h: Record<string, string> = { Accept: TAXII_ACCEPT };
  if (auth.basic)
    h.Authorization = `Basic ${Buffer.from(`${auth.basic.username}:${auth.basic.password}`).toString('base64')}`;
  else if (auth.bearer) h.Authorization = `Bearer ${auth.bearer}`;
  return h;
}

export async function taxiiGet(
  url: string,
  auth: TaxiiAuth,
  fetchImpl: typeof fetch = guardedFetch(),
): Promise<{ body: Record<string, unknown>; headers: Headers }> {
  const res = await fetchImpl(url, { headers: headers(auth) });
  const text = await res.text();
  let body: Record<string, unknown>;
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    throw new TaxiiClientError(`${url}: not JSON (HTTP ${res.status})`, res.status);
  }
  if (!res.ok) {
    const reason = typeof body.title === 'string' ? `${body.title}: ${String(body.description ?? '')}` : text;
    throw new TaxiiClientError(`${url}: HTTP ${res.status} ${reason}`.trim(), res.status);
  }
  return { body, headers: res.headers };
}

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/** The collections of a server's default (or first) API root, from its discovery URL. */
export async function discoverCollections(
  discoveryUrl: string,
  auth: TaxiiAuth,
  fetchImpl: typeof fetch = guardedFetch(),
): Promise<{ apiRoot: string; collections: { id: string; title: string; can_read: boolean }[] }> {
  const { body: discovery } = await taxiiGet(withSlash(discoveryUrl), auth, fetchImpl);
  const roots = Array.isArray(discovery.api_roots) ? (discovery.api_roots as string[]) : [];
  const apiRoot = typeof discovery.default === 'string' ? discovery.default : roots[0];
  if (!apiRoot) throw new TaxiiClientError(`${discoveryUrl}: the server lists no API root`);
  const rootUrl = new URL(apiRoot, discoveryUrl).toString();
  const { body } = await taxiiGet(`${withSlash(rootUrl)}collections/`, auth, fetchImpl);
  const collections = Array.isArray(body.collections)
    ? (body.collections as { id: string; title: string; can_read: boolean }[])
    : [];
  return { apiRoot: withSlash(rootUrl), collections };
}

export interface PullOptions {
  /** The collection's URL: {api-root}/collections/{id}/ */
  collectionUrl: string;
  auth: TaxiiAuth;
  /** Resume point: only objects added after it. */
  addedAfter?: string;
  limit?: number;
  fetchImpl?: typeof fetch;
}

/** Every object of the collection added after `addedAfter`, page by page. */
export async function* pullObjects(options: PullOptions): AsyncGenerator<TaxiiPage> {
  const base = `${withSlash(options.collectionUrl)}objects/`;
  let addedAfter = options.addedAfter;
  let next: string | undefined;
  for (let pages = 0; pages < 1_000_000; pages += 1) {
    const params = new URLSearchParams({ limit: String(options.limit ?? 1000) });
    if (addedAfter) params.set('added_after', addedAfter);
    if (next) params.set('next', next);
    const { body, headers: h } = await taxiiGet(`${base}?${params}`, options.auth, options.fetchImpl);
    const objects = Array.isArray(body.objects) ? (body.objects as Record<string, unknown>[]) : [];
    const dateAddedLast = h.get('x-taxii-date-added-last') ?? undefined;
    yield { objects, dateAddedLast };
    if (body.more !== true || objects.length === 0) return;
    if (typeof body.next === 'string' && body.next !== '') {
      next = body.next;
    } else if (dateAddedLast) {
      next = undefined;
      addedAfter = dateAddedLast;
    } else {
      throw new TaxiiClientError(`${base}: more pages announced without next or X-TAXII-Date-Added-Last`);
    }
  }
}
