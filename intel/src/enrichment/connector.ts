/**
 * What every online enrichment service (issue 30 §2) is to the worker: which values it answers
 * about, the one request it makes for a value, the documented shape of its answer (a zod schema:
 * anything else is stored nowhere) and how that answer is summarised for the drawer and weighed in
 * the score. The HTTP exchange itself (guarded fetch, 429/Retry-After, bad keys) is in fetch-answer.ts.
 */
import type { z } from 'zod';

export type EnrichableType = 'ipv4' | 'ipv6' | 'domain' | 'url' | 'md5' | 'sha1' | 'sha256';

export interface EnrichmentTarget {
  type: string;
  value: string;
}

export interface ConnectorRequest {
  url: string;
  headers: Record<string, string>;
}

/** The normalised answer: a flat summary for the drawer, a link, and the score adjustment. */
export interface Summary {
  summary: Record<string, string | number | boolean | string[] | null>;
  /** Confidence points added to the score (negative lowers it), within -MAX_DELTA..MAX_DELTA. */
  scoreDelta: number;
  link?: string;
}

export interface Connector<Answer = unknown> {
  id: string;
  /** Whether the service answers about this type of value at all. */
  types: readonly EnrichableType[];
  needsKey: boolean;
  request(target: EnrichmentTarget, baseUrl: string, key: string | undefined): ConnectorRequest;
  /** The body as received: JSON for most, line-delimited JSON for passive DNS. */
  parse?(body: string): unknown;
  schema: z.ZodType<Answer>;
  /** HTTP statuses that are a documented "nothing known" answer rather than an error. */
  emptyStatuses?: readonly number[];
  summarise(answer: Answer, target: EnrichmentTarget): Summary;
}

/** The most any one service moves the score, in confidence points. */
export const MAX_DELTA = 20;

export function bounded(delta: number): number {
  return Math.max(-MAX_DELTA, Math.min(MAX_DELTA, Math.round(delta)));
}

/** A base URL with the path appended, without doubled slashes. */
export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
