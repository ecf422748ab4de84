// TAXII 2.1 protocol pieces with no I/O: media types, error resources, query parameters and the
// opaque paging cursor. Section numbers refer to the OASIS TAXII 2.1 specification.

export const TAXII_MEDIA_TYPE = 'application/taxii+json;version=2.1';
export const STIX_MEDIA_TYPE = 'application/stix+json;version=2.1';
export const DEFAULT_PAGE = 1000;
export const MAX_PAGE = 10000;

export class TaxiiError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(title);
  }
}

/** The error resource of §3.6.1; http_status is a string there. */
export function errorResponse(error: TaxiiError): Response {
  return taxiiResponse(
    error.status,
    {
      title: error.title,
      description: error.description,
      error_code: String(error.status),
      http_status: String(error.status),
    },
    error.headers,
  );
}

export function taxiiResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': TAXII_MEDIA_TYPE, 'Cache-Control': 'no-store', ...headers },
  });
}

/** `application/taxii+json;version=2.1` with any spacing or case, or the unversioned type (§1.6.8). */
function isTaxiiType(value: string, allowUnversioned: boolean): boolean {
  const [type, ...params] = value.split(';').map((p) => p.trim().toLowerCase());
  if (type !== 'application/taxii+json') return false;
  const version = params.find((p) => p.startsWith('version='));
  if (version === undefined) return allowUnversioned;
  return version.replace(/\s+/g, '') === 'version=2.1';
}

/** §1.6.8: a request whose Accept does not allow the TAXII 2.1 media type gets 406. */
export function checkAccept(accept: string | null): void {
  const offered = (accept ?? '').split(',').some((part) => isTaxiiType(part, true));
  if (!offered) {
    throw new TaxiiError(
      406,
      'Not Acceptable',
      `The Accept header must allow ${TAXII_MEDIA_TYPE}; responses are only served in that media type.`,
    );
  }
}

/** §5.5: a POSTed envelope is application/taxii+json;version=2.1, else 415. */
export function checkContentType(contentType: string | null): void {
  if (contentType === null || !isTaxiiType(contentType, true)) {
    throw new TaxiiError(415, 'Unsupported Media Type', `Send the envelope as ${TAXII_MEDIA_TYPE}.`);
  }
}

/** Paging position: the last (date_added, id) served; opaque base64url to clients (§3.4). */
export interface Cursor {
  dateAdded: string;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  const bytes = new TextEncoder().encode(JSON.stringify([cursor.dateAdded, cursor.id]));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export function decodeCursor(value: string): Cursor {
  try {
    const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    const parsed = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      isTimestamp(parsed[0]) &&
      typeof parsed[1] === 'string'
    ) {
      return { dateAdded: parsed[0], id: parsed[1] };
    }
  } catch {
    // fall through to the error below
  }
  throw new TaxiiError(400, 'Bad Request', 'The next parameter is not a value this server gave.');
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;
export function isTimestamp(value: unknown): value is string {
  return typeof value === 'string' && TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value));
}

const STIX_ID = /^[a-z0-9][a-z0-9-]*--[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const STIX_TYPE = /^[a-z0-9][a-z0-9-]{0,249}$/;
export const isStixId = (value: string) => STIX_ID.test(value);

export interface ObjectQuery {
  addedAfter?: string;
  cursor?: Cursor;
  limit: number;
  /** The limit asked for was above MAX_PAGE and was lowered to it (said in X-CTI-Page-Limit). */
  limitCapped?: boolean;
  ids?: string[];
  types?: string[];
  /** Timestamps asked for; first, last and all are every version (one is kept per object). */
  versions?: string[];
  /** False when match[spec_version] excludes 2.1, the only version served. */
  specVersionServed: boolean;
}

function list(params: URLSearchParams, name: string): string[] | undefined {
  const values = params
    .getAll(name)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
  return values.length > 0 ? values : undefined;
}

/** §3.4 paging and §3.5 filtering: added_after, limit, next and the match[] filters, refused with 400 when malformed. */
export function parseObjectQuery(params: URLSearchParams): ObjectQuery {
  const bad = (what: string) => new TaxiiError(400, 'Bad Request', what);
  const query: ObjectQuery = { limit: DEFAULT_PAGE, specVersionServed: true };
  const addedAfter = params.get('added_after');
  if (addedAfter !== null) {
    if (!isTimestamp(addedAfter))
      throw bad('added_after must be a timestamp such as 2026-01-31T12:00:00.000Z.');
    query.addedAfter = addedAfter;
  }
  const limit = params.get('limit');
  if (limit !== null) {
    if (!/^\d{1,9}$/.test(limit) || Number(limit) < 1) throw bad('limit must be a positive integer.');
    // §3.4: a server may return fewer objects than asked; above MAX_PAGE it does, and says so.
    query.limit = Math.min(Number(limit), MAX_PAGE);
    if (Number(limit) > MAX_PAGE) query.limitCapped = true;
  }
  const next = params.get('next');
  if (next !== null) query.cursor = decodeCursor(next);
  const ids = list(params, 'match[id]');
  if (ids?.some((id) => !isStixId(id))) throw bad('match[id] takes STIX identifiers (type--uuid).');
  query.ids = ids;
  const types = list(params, 'match[type]');
  if (types?.some((t) => !STIX_TYPE.test(t))) throw bad('match[type] takes STIX type names.');
  query.types = types;
  const versions = list(params, 'match[version]');
  if (versions?.some((v) => !['first', 'last', 'all'].includes(v) && !isTimestamp(v))) {
    throw bad('match[version] takes first, last, all or timestamps.');
  }
  const stamps = versions?.filter((v) => isTimestamp(v));
  if (stamps && stamps.length === versions!.length) query.versions = stamps;
  const specVersions = list(params, 'match[spec_version]');
  if (specVersions?.some((v) => !/^\d+\.\d+$/.test(v)))
    throw bad('match[spec_version] takes versions such as 2.1.');
  if (specVersions) query.specVersionServed = specVersions.includes('2.1');
  return query;
}
