import nodemailer from 'nodemailer';
import { DEFAULT_OUTBOUND_POLICY, checkOutboundUrl, type OutboundPolicy } from '../outbound/address-rules.js';
import { guardedFetch } from '../outbound/guarded-fetch.js';

/** What one attempt came to: delivered or not, the status received, why it failed, how long it took. */
export interface AttemptOutcome {
  delivered: boolean;
  status?: number;
  error?: string;
  durationMs: number;
  /** The receiver asked to wait this long (Retry-After). */
  retryAfter?: string | null;
  /** Start of the response body (the CLI's `test` prints it). */
  body?: string;
}

export const HTTP_TIMEOUT_MS = 15_000;
export const SMTP_TIMEOUT_MS = 20_000;

/** Refuses anything but an http(s) URL, and a metadata or link-local address, in plain words. */
export function checkWebhookUrl(url: string, policy: OutboundPolicy = DEFAULT_OUTBOUND_POLICY): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`not a URL: ${JSON.stringify(url.slice(0, 200))}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new Error(`a webhook URL must be http:// or https://, not ${parsed.protocol}`);
  checkOutboundUrl(url, policy);
  return parsed;
}

/**
 * POSTs a JSON body with a timeout. Redirects are never followed: a 3xx is a failed attempt (the
 * Standard Webhooks spec, "Delivery success and failure": update the URL instead), so a receiver
 * cannot bounce a signed event to another host. 2xx is success, anything else a failure.
 */
export async function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs = HTTP_TIMEOUT_MS,
  /** Which addresses may be posted to; the address is judged again when the connection is made. */
  outbound: OutboundPolicy = DEFAULT_OUTBOUND_POLICY,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  try {
    checkWebhookUrl(url, outbound);
    const response = await guardedFetch(outbound)(url, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'user-agent': 'cti-platform-notifications', ...headers },
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = (await response.text().catch(() => '')).slice(0, 500);
    const delivered = response.status >= 200 && response.status < 300;
    return {
      delivered,
      status: response.status,
      durationMs: took(),
      retryAfter: response.headers.get('retry-after'),
      body: text,
      error: delivered
        ? undefined
        : response.status >= 300 && response.status < 400
          ? `HTTP ${response.status}: redirects are not followed (to ${response.headers.get('location') ?? 'nowhere'}); set the final URL on the channel`
          : `HTTP ${response.status} ${response.statusText}`.trim(),
    };
  } catch (error) {
    const e = error as Error & { cause?: { code?: string; message?: string } };
    const reason =
      e.name === 'TimeoutError'
        ? `no answer within ${timeoutMs / 1000} s`
        : (e.cause?.code ?? e.cause?.message ?? e.message);
    return { delivered: false, error: reason, durationMs: took() };
  }
}

export interface SmtpSettings {
  url: string;
  sender: string;
}

/** Sends one e-mail through the SMTP server of `smtp.url` (smtp:// or smtps://), with timeouts on each phase. */
export async function sendEmail(
  smtp: SmtpSettings,
  to: string,
  message: { subject: string; text: string; html: string },
  timeoutMs = SMTP_TIMEOUT_MS,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const transport = nodemailer.createTransport(smtp.url, {
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  } as object);
  try {
    const info = await transport.sendMail({ from: smtp.sender, to, ...message });
    const code = Number(/^(\d{3})/.exec(String(info.response))?.[1]);
    return {
      delivered: info.accepted.length > 0,
      status: Number.isFinite(code) ? code : undefined,
      body: String(info.response).slice(0, 500),
      error: info.accepted.length > 0 ? undefined : `refused: ${String(info.response).slice(0, 300)}`,
      durationMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    const e = error as Error & { responseCode?: number; code?: string };
    return {
      delivered: false,
      status: e.responseCode,
      error: `${e.code ? `${e.code}: ` : ''}${e.message}`.slice(0, 1000),
      durationMs: Math.round(performance.now() - started),
    };
  } finally {
    transport.close();
  }
}
