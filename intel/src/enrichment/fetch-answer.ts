/**
 * One request to one enrichment service and what came of it. The request goes through the fetch
 * it is given (the worker's guarded fetch: issue 36's outbound rules apply). The outcome is one of:
 *   ok            the answer matched the service's documented shape (or was its documented
 *                 "nothing known" status): a summary, the score adjustment, the raw answer as sent;
 *   rate_limited  HTTP 429: ask again after Retry-After (RFC 9110 §10.2.3: seconds or an HTTP date);
 *   failed        bad key (401/403), other HTTP errors, unreachable, or an answer unlike the
 *                 documented one (not JSON, or not matching the schema): nothing of it is kept;
 *   refused       the outbound rules refused the address.
 */
import { OutboundRefused } from '../outbound/address-rules.js';
import { bounded, type Connector, type EnrichmentTarget, type Summary } from './connector.js';

export type Outcome =
  | { kind: 'ok'; summary: Summary; raw: unknown }
  | { kind: 'rate_limited'; retryAt: Date; error: string }
  | { kind: 'failed'; error: string; malformed?: boolean }
  | { kind: 'refused'; error: string };

/** The largest answer kept (public.enrichment_results.raw allows 1 MB). */
export const MAX_ANSWER_BYTES = 900_000;
const TIMEOUT_MS = 20_000;
const DEFAULT_RETRY_S = 60;
const MAX_RETRY_S = 24 * 3600;

/** Retry-After as a delay from now: delay-seconds or an HTTP date; 60 s when absent or unreadable. */
export function retryAfter(header: string | null, now: Date): Date {
  let seconds = DEFAULT_RETRY_S;
  const text = header?.trim() ?? '';
  if (/^\d+$/.test(text)) seconds = Number(text);
  else if (text) {
    const at = Date.parse(text);
    if (!Number.isNaN(at)) seconds = Math.ceil((at - now.getTime()) / 1000);
  }
  return new Date(now.getTime() + Math.min(MAX_RETRY_S, Math.max(1, seconds)) * 1000);
}

export interface FetchAnswerOptions {
  baseUrl: string;
  key?: string;
  fetch: typeof fetch;
  now?: () => Date;
  name?: string;
}

export async function fetchAnswer(
  connector: Connector<never>,
  target: EnrichmentTarget,
  options: FetchAnswerOptions,
): Promise<Outcome> {
  const name = options.name ?? connector.id;
  if (!connector.types.includes(target.type as never))
    return { kind: 'failed', error: `${name} does not answer about ${target.type} values.` };
  if (connector.needsKey && !options.key) return { kind: 'failed', error: `${name} has no API key set.` };
  const { url, headers } = connector.request(target, options.baseUrl, options.key);
  let response: Response;
  try {
    response = await options.fetch(url, {
      headers,
      redirect: 'follow',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    if (error instanceof OutboundRefused) return { kind: 'refused', error: error.message };
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    return { kind: 'failed', error: `${name} could not be reached: ${cause ?? (error as Error).message}.` };
  }
  const now = options.now?.() ?? new Date();
  if (response.status === 429) {
    await response.body?.cancel();
    const retryAt = retryAfter(response.headers.get('retry-after'), now);
    return {
      kind: 'rate_limited',
      retryAt,
      error: `${name} is rate-limited until ${retryAt.toISOString()}.`,
    };
  }
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel();
    return {
      kind: 'failed',
      error: `${name} refused the API key (HTTP ${response.status}): check it in System Configuration.`,
    };
  }
  const empty = connector.emptyStatuses?.includes(response.status) ?? false;
  const validated = response.ok || (connector.id === 'greynoise' && response.status === 404);
  if (!validated && !empty) {
    await response.body?.cancel();
    return { kind: 'failed', error: `${name} answered HTTP ${response.status}.` };
  }
  const body = await response.text();
  if (Buffer.byteLength(body) > MAX_ANSWER_BYTES)
    return {
      kind: 'failed',
      error: `${name} sent an answer larger than ${MAX_ANSWER_BYTES} bytes: not kept.`,
    };
  if (empty) {
    return { kind: 'ok', summary: { summary: { found: false }, scoreDelta: 0 }, raw: tryJson(body) };
  }
  let parsed: unknown;
  try {
    parsed = connector.parse ? connector.parse(body) : JSON.parse(body);
  } catch {
    return { kind: 'failed', malformed: true, error: `${name} sent an answer that is not JSON: not kept.` };
  }
  const checked = connector.schema.safeParse(parsed);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'the answer';
    return {
      kind: 'failed',
      malformed: true,
      error: `${name} sent an answer unlike its documented one (${where}: ${issue?.message ?? 'invalid'}): not kept.`,
    };
  }
  const summary = connector.summarise(checked.data as never, target);
  return { kind: 'ok', summary: { ...summary, scoreDelta: bounded(summary.scoreDelta) }, raw: parsed };
}

function tryJson(body: string): unknown {
  try {
    return body ? (JSON.parse(body) as unknown) : null;
  } catch {
    return body.slice(0, 2000);
  }
}
