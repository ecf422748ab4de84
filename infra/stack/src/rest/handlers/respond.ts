/**
 * Response assembly shared by every handler: Content-Range, Content-Profile, Preference-Applied,
 * the `response.status` / `response.headers` overrides, and error bodies.
 */
import type { ServerResponse } from 'node:http';
import { sendText } from '../../kernel/http.js';
import { RestError } from '../errors.js';
import { contentTypeOf, type OutputFormat } from '../request/media-type.js';
import type { RestRequest } from './request-context.js';
import type { ResultRow } from './execute.js';

/** `first-last/total` with `*` for an unknown total and for an empty range (PostgREST's contentRangeH). */
export function contentRange(lower: number, upper: number, total: number | null): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total === null ? '*' : total}`;
}

/** 200, 206 when the page is smaller than a known total, 416 when the offset is past it. */
export function rangeStatus(lower: number, upper: number, total: number | null): number {
  if (total === null) return 200;
  if (lower > total) return 416;
  if (1 + upper - lower < total) return 206;
  return 200;
}

export function profileHeaders(r: RestRequest): Record<string, string> {
  return r.schema.byHeader ? { 'Content-Profile': r.schema.schema } : {};
}

function overrideHeaders(json: string | null): Record<string, string> {
  if (json === null) return {};
  const invalid = new RestError(
    500,
    'PGRST111',
    'response.headers guc must be a JSON array composed of objects with a single key and a string value',
  );
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw invalid;
  }
  if (!Array.isArray(parsed)) throw invalid;
  const out: Record<string, string> = {};
  for (const entry of parsed) {
    if (typeof entry !== 'object' || entry === null) throw invalid;
    const pairs = Object.entries(entry as Record<string, unknown>);
    if (pairs.length !== 1 || typeof pairs[0]![1] !== 'string') throw invalid;
    out[pairs[0]![0]] = pairs[0]![1] as string;
  }
  return out;
}

function overrideStatus(text: string | null): number | undefined {
  if (text === null) return undefined;
  const status = Number(text);
  if (!Number.isInteger(status) || status < 100 || status > 599) {
    throw new RestError(500, 'PGRST112', 'response.status guc must be a valid status code');
  }
  return status;
}

export interface Reply {
  status: number;
  body: string;
  contentType?: string;
  headers: Record<string, string>;
}

/** Applies the GUC overrides: a status or header set by a function wins, as in PostgREST. */
export function sendReply(r: RestRequest, reply: Reply, row?: ResultRow): void {
  const status = overrideStatus(row?.responseStatus ?? null) ?? reply.status;
  const headers: Record<string, string> = { ...reply.headers };
  let contentType = reply.contentType;
  for (const [name, value] of Object.entries(overrideHeaders(row?.responseHeaders ?? null))) {
    if (name.toLowerCase() === 'content-type') contentType = value;
    else headers[name] = value;
  }
  if (status === 204 || contentType === undefined) {
    r.res.writeHead(status, headers);
    r.res.end();
    return;
  }
  sendText(r.res, status, reply.body, contentType, headers, r.method === 'HEAD');
}

/** Writes and RPC: no body when nothing is to be represented, else the rows in the asked format. */
export function sendResult(
  r: RestRequest,
  result: { status: number; headers: Record<string, string>; format: OutputFormat; represent: boolean },
  row: ResultRow,
): void {
  if (!result.represent) {
    sendReply(r, { status: result.status, body: '', headers: result.headers }, row);
    return;
  }
  const headers = { ...result.headers, ...profileHeaders(r) };
  sendReply(
    r,
    { status: result.status, body: row.body, contentType: contentTypeOf(result.format), headers },
    row,
  );
}

export function sendError(res: ServerResponse, error: RestError): void {
  const text = JSON.stringify(error.body());
  res.writeHead(error.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Proxy-Status': `PostgREST; error=${error.code}`,
    ...error.headers,
  });
  res.end(text);
}
