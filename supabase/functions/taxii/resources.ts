// The TAXII 2.1 endpoints (§4.1 discovery, §4.2 API root, §4.3 status, §5.1–5.8 collections,
// objects, manifest, versions). Objects are paged by the (date_added, id) cursor the store returns.
import {
  checkContentType,
  encodeCursor,
  isStixId,
  MAX_PAGE,
  type ObjectQuery,
  parseObjectQuery,
  STIX_MEDIA_TYPE,
  TAXII_MEDIA_TYPE,
  TaxiiError,
  taxiiResponse,
} from './protocol.ts';
import type { Claims, CollectionRow, ObjectRow, TaxiiStore } from './store.ts';

export const MAX_CONTENT_LENGTH = 1048576;

interface Context {
  req: Request;
  url: URL;
  segments: string[];
  claims: Claims;
  store: TaxiiStore;
  baseUrl: string;
}

const notFound = (what: string) => new TaxiiError(404, 'Not Found', what);
const methodNotAllowed = (allow: string) =>
  new TaxiiError(405, 'Method Not Allowed', `Use ${allow} here.`, { Allow: allow });

function only(ctx: Context, ...methods: string[]): void {
  if (!methods.includes(ctx.req.method)) throw methodNotAllowed(methods.join(', '));
}

function collectionResource(c: CollectionRow) {
  return {
    id: c.id,
    title: c.title,
    ...(c.description ? { description: c.description } : {}),
    ...(c.alias ? { alias: c.alias } : {}),
    can_read: c.can_read,
    can_write: c.can_write,
    media_types: [STIX_MEDIA_TYPE],
    // The most objects one page holds, whatever `limit` asks (a custom property: STIX 2.1 §11.1
    // naming, `x_` and lower case, which TAXII 2.1 clients ignore when they do not know it).
    x_cti_max_page_size: MAX_PAGE,
  };
}

/**
 * §3.4: X-TAXII-Date-Added-First/Last over what this page returned; and X-CTI-Page-Limit when the
 * `limit` asked for was above the most a page holds (the page has that many at most).
 */
function pageHeaders(rows: ObjectRow[], query: ObjectQuery): Record<string, string> {
  const capped: Record<string, string> = query.limitCapped ? { 'X-CTI-Page-Limit': String(MAX_PAGE) } : {};
  if (rows.length === 0) return capped;
  return {
    ...capped,
    'X-TAXII-Date-Added-First': rows[0]!.date_added,
    'X-TAXII-Date-Added-Last': rows[rows.length - 1]!.date_added,
  };
}

async function page(ctx: Context, collectionId: string, query: ObjectQuery, withObjects: boolean) {
  if (!query.specVersionServed) return { rows: [] as ObjectRow[], more: false, next: undefined };
  const rows = await ctx.store.objects(ctx.claims, collectionId, query, withObjects);
  const more = rows.length > query.limit;
  const shown = rows.slice(0, query.limit);
  const last = shown[shown.length - 1];
  const next = more && last ? encodeCursor({ dateAdded: last.date_added, id: last.id }) : undefined;
  return { rows: shown, more, next };
}

async function findCollection(ctx: Context, key: string): Promise<CollectionRow> {
  const found = (await ctx.store.collections(ctx.claims)).find((c) => c.id === key || c.alias === key);
  if (!found) throw notFound('No collection with this id.');
  return found;
}

function requireRead(c: CollectionRow): void {
  if (!c.can_read) throw new TaxiiError(403, 'Forbidden', 'This collection cannot be read.');
}

async function postObjects(ctx: Context, c: CollectionRow): Promise<Response> {
  if (!c.can_write) throw new TaxiiError(403, 'Forbidden', 'This collection does not accept objects.');
  checkContentType(ctx.req.headers.get('content-type'));
  const text = await ctx.req.text();
  if (new TextEncoder().encode(text).length > MAX_CONTENT_LENGTH) {
    throw new TaxiiError(413, 'Payload Too Large', `Envelopes are limited to ${MAX_CONTENT_LENGTH} bytes.`);
  }
  let envelope: unknown;
  try {
    envelope = JSON.parse(text);
  } catch {
    throw new TaxiiError(400, 'Bad Request', 'The body is not valid JSON.');
  }
  const objects = (envelope as { objects?: unknown } | null)?.objects;
  if (
    typeof envelope !== 'object' ||
    envelope === null ||
    Array.isArray(envelope) ||
    !Array.isArray(objects)
  ) {
    throw new TaxiiError(422, 'Unprocessable Entity', 'The body must be an envelope: {"objects": [...]}.');
  }
  const statusId = await ctx.store.addObjects(ctx.claims, c.id, objects);
  const status = await ctx.store.status(ctx.claims, statusId);
  return taxiiResponse(202, status);
}

async function objectsEndpoint(ctx: Context, c: CollectionRow, rest: string[]): Promise<Response> {
  const query = parseObjectQuery(ctx.url.searchParams);
  if (rest.length === 0) {
    only(ctx, 'GET', 'POST');
    if (ctx.req.method === 'POST') return postObjects(ctx, c);
    requireRead(c);
    const { rows, more, next } = await page(ctx, c.id, query, true);
    const body = {
      more,
      ...(next ? { next } : {}),
      ...(rows.length ? { objects: rows.map((r) => r.object) } : {}),
    };
    return taxiiResponse(200, body, pageHeaders(rows, query));
  }
  const objectId = rest[0]!;
  if (!isStixId(objectId)) throw notFound('No object with this id.');
  if (rest.length === 1 && ctx.req.method === 'DELETE') {
    const removed = await ctx.store.deleteObject(ctx.claims, objectId);
    if (removed === 0) throw notFound('No object with this id that you may delete.');
    return taxiiResponse(200, {});
  }
  only(ctx, 'GET');
  requireRead(c);
  const { rows, more, next } = await page(ctx, c.id, { ...query, ids: [objectId] }, rest.length === 1);
  if (rows.length === 0 && !query.cursor) throw notFound('No object with this id in this collection.');
  if (rest.length === 1) {
    const body = { more, ...(next ? { next } : {}), objects: rows.map((r) => r.object) };
    return taxiiResponse(200, body, pageHeaders(rows, query));
  }
  if (rest.length === 2 && rest[1] === 'versions') {
    return taxiiResponse(200, { more, versions: rows.map((r) => r.version) }, pageHeaders(rows, query));
  }
  throw notFound('No TAXII resource at this address.');
}

export async function routeRequest(ctx: Context): Promise<Response> {
  const [root, section, collectionKey, part, ...rest] = ctx.segments;
  const apiRoot = `${ctx.baseUrl}/cti/`;
  if (root === 'taxii2' && ctx.segments.length === 1) {
    only(ctx, 'GET');
    return taxiiResponse(200, {
      title: 'CTI platform TAXII server',
      description:
        'Indicators, knowledge objects and relationships as STIX 2.1, filtered by what you may read.',
      default: apiRoot,
      api_roots: [apiRoot],
    });
  }
  if (root !== 'cti') throw notFound('No TAXII resource at this address.');
  if (section === undefined) {
    only(ctx, 'GET');
    return taxiiResponse(200, {
      title: 'CTI knowledge base',
      description: 'The intelligence of this platform.',
      versions: [TAXII_MEDIA_TYPE],
      max_content_length: MAX_CONTENT_LENGTH,
    });
  }
  if (section === 'status' && collectionKey !== undefined && part === undefined) {
    only(ctx, 'GET');
    const status = /^[0-9a-f-]{36}$/.test(collectionKey)
      ? await ctx.store.status(ctx.claims, collectionKey)
      : null;
    if (!status) throw notFound('No status resource with this id.');
    return taxiiResponse(200, status);
  }
  if (section !== 'collections') throw notFound('No TAXII resource at this address.');
  if (collectionKey === undefined) {
    only(ctx, 'GET');
    const collections = await ctx.store.collections(ctx.claims);
    return taxiiResponse(200, collections.length ? { collections: collections.map(collectionResource) } : {});
  }
  const collection = await findCollection(ctx, collectionKey);
  if (part === undefined) {
    only(ctx, 'GET');
    return taxiiResponse(200, collectionResource(collection));
  }
  if (part === 'objects') return objectsEndpoint(ctx, collection, rest);
  if (part === 'manifest' && rest.length === 0) {
    only(ctx, 'GET');
    requireRead(collection);
    const query = parseObjectQuery(ctx.url.searchParams);
    const { rows, more, next } = await page(ctx, collection.id, query, false);
    const objects = rows.map((r) => ({
      id: r.id,
      date_added: r.date_added,
      version: r.version,
      media_type: STIX_MEDIA_TYPE,
    }));
    return taxiiResponse(
      200,
      { more, ...(next ? { next } : {}), ...(objects.length ? { objects } : {}) },
      pageHeaders(rows, query),
    );
  }
  throw notFound('No TAXII resource at this address.');
}
