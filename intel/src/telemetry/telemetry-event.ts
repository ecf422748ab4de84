import type { Readable } from 'node:stream';
import type { IndicatorType } from '../model/drafts.js';

/**
 * What the network telemetry parsers (Suricata EVE, Zeek) hand to matching: one event per log
 * record, with the values an indicator could match already canonical (normalise/canonical.ts), so
 * matching is an exact lookup. Private, loopback and multicast addresses are kept: whether an
 * internal address matters is the indicator list's business, not the parser's.
 */

export type ObservableRole =
  | 'src'
  | 'dest'
  | 'query'
  | 'answer'
  | 'host'
  | 'url'
  | 'sni'
  | 'hash'
  | 'email'
  /** A TLS client or server fingerprint (JA3, JA3S, JA4). */
  | 'fingerprint'
  | 'user-agent';

export interface Observable {
  type: IndicatorType;
  /** Canonical, as canonicalIndicator gives it; values it refuses are never observables. */
  value: string;
  role: ObservableRole;
}

export interface TelemetryEvent {
  kind: 'event';
  /** `line 12`: the line of the input, counting from 1, blank and comment lines included. */
  where: string;
  sensor: string;
  /** ISO 8601 UTC with microseconds (`2021-06-06T13:59:46.457984Z`), as sensors record them. */
  time: string;
  /** EVE `event_type` (alert, flow, dns, http, tls, fileinfo…) or the Zeek log path (conn, dns…). */
  eventType: string;
  srcIp?: string;
  srcPort?: number;
  destIp?: string;
  destPort?: number;
  proto?: string;
  observables: Observable[];
  /** A few fields worth showing beside a match (alert signature, HTTP method, DNS rcode…), raw. */
  context: Record<string, unknown>;
}

export interface TelemetryReject {
  kind: 'reject';
  where: string;
  reason: string;
}

export type TelemetryItem = TelemetryEvent | TelemetryReject;

export interface TelemetryContext {
  /** Base name of the file; its stem names the sensor when nothing else does. */
  fileName: string;
  /** The first 64 KiB of the decompressed input. */
  head: string;
  /** Overrides the sensor name of every event. */
  sensor?: string;
  /**
   * ISO 8601 date-time that Zeek `ts` values below 1e9 (seconds since the capture started, as
   * replayed test captures write them) count from. Without it such lines are rejected: a 1970
   * date would put the event outside every indicator's validity window without saying why.
   */
  baseTime?: string;
}

export interface TelemetryFormat {
  name: 'suricata-eve' | 'zeek';
  description: string;
  /** Cheap, never throws; true when the first record of the sample is this format. */
  detect(sample: { fileName: string; head: string }): boolean;
  /** Batches of at most 1000 items in input order; bad lines are rejects and parsing goes on. */
  parse(input: Readable, ctx: TelemetryContext): AsyncIterable<TelemetryItem[]>;
}
