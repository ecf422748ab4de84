import path from 'node:path';
import type { TelemetryEvent } from './telemetry-event.js';

const COMPRESSION = /\.(gz|bz2|xz|zst)$/i;
const LOG_EXTENSIONS = /(\.(log|json|jsonl|ndjson|eve|txt|tsv|labeled))+$/i;

/** `eve.json.gz` → `eve`, `zeek-tsv-wrccdc-2018-dns.log.gz` → `zeek-tsv-wrccdc-2018-dns`. */
export function fileStem(fileName: string): string {
  const base = path.basename(fileName).replace(COMPRESSION, '');
  return base.replace(LOG_EXTENSIONS, '') || base || 'unknown';
}

/** The line without the `@cee: ` prefix Suricata's `prefix` option (and rsyslog) can put before it. */
export function withoutPrefix(line: string): string {
  return line.startsWith('@cee:') ? line.slice(5).trimStart() : line;
}

export interface Tuple {
  srcIp?: string;
  srcPort?: number;
  destIp?: string;
  destPort?: number;
  proto?: string;
}

/** An event with only the tuple fields that have a value (no `srcPort: undefined` keys). */
export function newEvent(
  base: Omit<TelemetryEvent, 'kind' | keyof Tuple>,
  { srcIp, srcPort, destIp, destPort, proto }: Tuple,
): TelemetryEvent {
  const event: TelemetryEvent = {
    kind: 'event',
    where: base.where,
    sensor: base.sensor,
    time: base.time,
    eventType: base.eventType,
    observables: base.observables,
    context: base.context,
  };
  if (srcIp !== undefined) event.srcIp = srcIp;
  if (srcPort !== undefined) event.srcPort = srcPort;
  if (destIp !== undefined) event.destIp = destIp;
  if (destPort !== undefined) event.destPort = destPort;
  if (proto !== undefined) event.proto = proto.toLowerCase();
  return event;
}
