import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { OutboundPolicy } from '../outbound/address-rules.js';
import { guardedFetch, outboundRefusal } from '../outbound/guarded-fetch.js';

/**
 * One download of a feed: conditional (ETag / Last-Modified), streamed to a file, retried with
 * exponential back-off on network errors, 429 and 5xx (Retry-After honoured, capped).
 */
export interface FetchOptions {
  url: string;
  etag?: string | null;
  lastModified?: string | null;
  /** Where the body goes when the feed changed. */
  destination: string;
  retries?: number;
  /** First back-off in ms (doubles each try). */
  backoffMs?: number;
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Which addresses may be fetched (outbound/address-rules.ts); the default refuses link-local and metadata. */
  outbound?: OutboundPolicy;
  /** Request headers besides the conditional ones (an API key). */
  headers?: Record<string, string>;
  /** Statuses retried besides 408, 425, 429 and 5xx (the NVD answers 403 when a client goes too fast). */
  retryStatuses?: number[];
}

export type FetchResult =
  | { changed: false; status: 304; attempts: number }
  | { changed: true; status: number; etag?: string; lastModified?: string; bytes: number; attempts: number };

export class FeedUnavailable extends Error {
  override name = 'FeedUnavailable';
  constructor(
    message: string,
    /** The HTTP status when the server answered with one we do not retry (404, 403…). */
    readonly status?: number,
  ) {
    super(message);
  }
}

const RETRYABLE = new Set([408, 425, 429, 500, 502, 503, 504]);
const MAX_RETRY_AFTER_MS = 5 * 60_000;

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.min(seconds * 1000, MAX_RETRY_AFTER_MS);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.min(Math.max(date - Date.now(), 0), MAX_RETRY_AFTER_MS);
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function fetchFeed(options: FetchOptions): Promise<FetchResult> {
  const retries = options.retries ?? 4;
  const sleep = options.sleep ?? defaultSleep;
  let delay = options.backoffMs ?? 1000;
  let lastProblem = '';
  const fetch = guardedFetch(options.outbound);
  for (let attempt = 1; attempt <= retries + 1; attempt++) {
    const headers: Record<string, string> = { 'User-Agent': 'cti-platform-intel/0.1', ...options.headers };
    if (options.etag) headers['If-None-Match'] = options.etag;
    if (options.lastModified) headers['If-Modified-Since'] = options.lastModified;
    let wait = delay;
    try {
      const response = await fetch(options.url, {
        headers,
        redirect: 'follow',
        signal: AbortSignal.timeout(options.timeoutMs ?? 10 * 60_000),
      });
      if (response.status === 304) return { changed: false, status: 304, attempts: attempt };
      if (response.ok && response.body) {
        await pipeline(
          Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
          createWriteStream(options.destination),
        );
        const { size } = await import('node:fs/promises').then((fs) => fs.stat(options.destination));
        return {
          changed: true,
          status: response.status,
          etag: response.headers.get('etag') ?? undefined,
          lastModified: response.headers.get('last-modified') ?? undefined,
          bytes: size,
          attempts: attempt,
        };
      }
      await response.body?.cancel();
      lastProblem = `HTTP ${response.status} ${response.statusText}`.trim();
      if (!RETRYABLE.has(response.status) && !options.retryStatuses?.includes(response.status))
        throw new FeedUnavailable(`${options.url} answered ${lastProblem}`, response.status);
      wait = retryAfterMs(response.headers.get('retry-after')) ?? delay;
    } catch (error) {
      if (error instanceof FeedUnavailable) throw error;
      // A refused address is the administrator's to change, not a network hiccup: no retry.
      const refused = outboundRefusal(error);
      if (refused) throw new FeedUnavailable(`${options.url}: ${refused.message}`);
      lastProblem = (error as Error).message;
    }
    if (attempt <= retries) {
      await sleep(wait);
      delay *= 2;
    }
  }
  throw new FeedUnavailable(
    `${options.url} could not be fetched after ${retries + 1} attempts: ${lastProblem}`,
  );
}
