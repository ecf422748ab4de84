/**
 * `k6/http` over Node's http/https (transport.ts): `asyncRequest` with k6's params (headers, tags, timeout,
 * responseCallback), its Response (status, body, headers, json(), timings) and its built-in
 * metrics. The blocking calls (`get`, `post`, `batch`, …) cannot block one VU without blocking
 * them all here, so they say so; the scripts use `asyncRequest`, which k6 runs the same way.
 */
import { parseDuration } from '../duration.js';
import { currentVu, InterruptedError } from '../context.js';
import { registry, type Tags } from '../registry.js';
import { exchange, localAddressFor } from '../transport.js';

export type ResponseCallback = (response: { status: number }) => boolean;

interface Params {
  headers?: Record<string, string>;
  tags?: Tags;
  timeout?: string | number;
  responseType?: 'text' | 'binary' | 'none';
  responseCallback?: ResponseCallback | null;
}

export interface Timings {
  blocked: number;
  connecting: number;
  tls_handshaking: number;
  sending: number;
  waiting: number;
  receiving: number;
  duration: number;
}

const DEFAULT_TIMEOUT_MS = 60_000;

export function expectedStatuses(...statuses: (number | { min: number; max: number })[]): ResponseCallback {
  return ({ status }) =>
    statuses.some((s) => (typeof s === 'number' ? s === status : status >= s.min && status <= s.max));
}

let defaultCallback: ResponseCallback | null = expectedStatuses({ min: 200, max: 399 });

export function setResponseCallback(callback: ResponseCallback | null): void {
  defaultCallback = callback;
}

/** A dotted path (`a.b.0.c`), the subset of k6's gjson selectors the scripts use. */
function select(value: unknown, selector: string): unknown {
  return selector.split('.').reduce<unknown>((node, key) => {
    if (node === null || typeof node !== 'object') return undefined;
    return (node as Record<string, unknown>)[key];
  }, value);
}

export class Response {
  error = '';
  error_code = 0;
  constructor(
    readonly status: number,
    readonly status_text: string,
    readonly body: string | null,
    readonly headers: Record<string, string>,
    readonly timings: Timings,
    readonly url: string,
    readonly request: { method: string; url: string; headers: Record<string, string>; body: string },
  ) {}

  json(selector?: string): unknown {
    if (this.body === null) throw new Error('the response has no body');
    const parsed: unknown = JSON.parse(this.body);
    return selector ? select(parsed, selector) : parsed;
  }
}

/** k6 capitalises header names (Go's canonical form). */
function canonical(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());
}

function bodyText(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof ArrayBuffer) return Buffer.from(body).toString('latin1');
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) form.append(k, String(v));
  return form.toString();
}

export async function asyncRequest(
  method: string,
  url: string,
  body?: unknown,
  params: Params = {},
): Promise<Response> {
  const ctx = currentVu();
  if (ctx.stopped.aborted) throw new InterruptedError();
  const text = bodyText(body);
  const headers: Record<string, string> = { 'User-Agent': 'k6-node-runner/1.0', ...params.headers };
  if (text !== undefined && body !== null && typeof body === 'object' && !(body instanceof ArrayBuffer))
    headers['Content-Type'] ??= 'application/x-www-form-urlencoded';
  const timeoutMs = parseDuration(params.timeout, DEFAULT_TIMEOUT_MS);
  const started = performance.now();
  let status = 0;
  let statusText = '';
  let responseBody: string | null = null;
  const responseHeaders: Record<string, string> = {};
  let error = '';
  let errorCode = 0;
  let timings: Timings = {
    blocked: 0,
    connecting: 0,
    tls_handshaking: 0,
    sending: 0,
    waiting: 0,
    receiving: 0,
    duration: 0,
  };
  try {
    const answer = await exchange({
      method: method.toUpperCase(),
      url,
      headers,
      body: text === undefined ? undefined : Buffer.from(text, 'utf8'),
      timeoutMs,
      signal: ctx.stopped,
      localAddress: localAddressFor(ctx.vu),
    });
    status = answer.status;
    statusText = answer.statusText;
    for (const [name, value] of Object.entries(answer.headers)) responseHeaders[canonical(name)] = value;
    if (params.responseType !== 'none') responseBody = answer.body.toString('utf8');
    registry.add('data_received', answer.body.length, { scenario: ctx.scenario });
    // k6's http_req_duration is sending + waiting + receiving: the connection setup is not in it.
    timings = {
      ...answer.timings,
      duration: answer.timings.sending + answer.timings.waiting + answer.timings.receiving,
    };
  } catch (cause) {
    if (ctx.stopped.aborted) throw new InterruptedError();
    const code = (cause as { code?: string }).code;
    error = (cause as Error).message;
    errorCode = code === 'ETIMEDOUT' ? 1050 : code === 'ECONNREFUSED' ? 1212 : 1000;
    timings = { ...timings, duration: performance.now() - started };
  }
  const response = new Response(status, statusText, responseBody, responseHeaders, timings, url, {
    method: method.toUpperCase(),
    url,
    headers,
    body: text ?? '',
  });
  response.error = error;
  response.error_code = errorCode;
  const callback = params.responseCallback === undefined ? defaultCallback : params.responseCallback;
  const expected = callback ? callback({ status }) : true;
  const tags: Tags = {
    method: method.toUpperCase(),
    url,
    name: url,
    status: String(status),
    group: ctx.group,
    scenario: ctx.scenario,
    expected_response: String(expected),
    ...(errorCode ? { error_code: String(errorCode) } : {}),
    ...params.tags,
  };
  registry.add('data_sent', Buffer.byteLength(text ?? '') + url.length + 64, { scenario: ctx.scenario });
  registry.add('http_reqs', 1, tags);
  registry.add('http_req_duration', timings.duration, tags);
  registry.add('http_req_waiting', timings.waiting, tags);
  registry.add('http_req_receiving', timings.receiving, tags);
  registry.add('http_req_blocked', timings.blocked, tags);
  registry.add('http_req_connecting', timings.connecting, tags);
  registry.add('http_req_tls_handshaking', timings.tls_handshaking, tags);
  registry.add('http_req_sending', timings.sending, tags);
  if (callback) registry.add('http_req_failed', expected ? 0 : 1, tags);
  return response;
}

function blocking(name: string): never {
  throw new Error(
    `http.${name}() blocks its VU, which the Node runner cannot do; use http.asyncRequest() (k6 runs it the same way)`,
  );
}

export const request = (): never => blocking('request');
export const get = (): never => blocking('get');
export const post = (): never => blocking('post');
export const put = (): never => blocking('put');
export const patch = (): never => blocking('patch');
export const del = (): never => blocking('del');
export const head = (): never => blocking('head');
export const options = (): never => blocking('options');
export const batch = (): never => blocking('batch');

export default {
  asyncRequest,
  expectedStatuses,
  setResponseCallback,
  request,
  get,
  post,
  put,
  patch,
  del,
  head,
  options,
  batch,
};
