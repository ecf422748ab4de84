/**
 * A sighting's last matching event (jsonb written by the telemetry importer from Suricata EVE or
 * Zeek) as a few readable parts. Everything in it came off the wire: only strings and numbers are
 * taken, and callers render them inert.
 */
import type { Json } from '@db/types';

export interface EventSummary {
  eventType?: string;
  /** `198.51.100.7:51234 → 203.0.113.5:443 TCP`. */
  flow?: string;
  /** What is worth a glance beside the match, most telling first. */
  details: { label: string; value: string }[];
}

const DETAILS: readonly [key: string, label: string][] = [
  ['signature', 'Signature'],
  ['user_agent', 'User agent'],
  ['method', 'HTTP method'],
  ['status', 'HTTP status'],
  ['app_proto', 'Application protocol'],
  ['rrtype', 'DNS record type'],
  ['rcode', 'DNS answer'],
  ['tls_version', 'TLS version'],
  ['ja3', 'JA3'],
  ['filename', 'File name'],
  ['category', 'Alert category'],
  ['action', 'Alert action'],
];

function scalar(value: Json | undefined): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function endpoint(ip: string | undefined, port: string | undefined): string | undefined {
  if (!ip) return undefined;
  if (!port) return ip;
  return ip.includes(':') ? `[${ip}]:${port}` : `${ip}:${port}`;
}

export function summarizeEvent(event: Json | null | undefined): EventSummary {
  if (!event || typeof event !== 'object' || Array.isArray(event)) return { details: [] };
  const field = (key: string) => scalar(event[key]);
  const source = endpoint(field('src_ip'), field('src_port'));
  const destination = endpoint(field('dest_ip'), field('dest_port'));
  const proto = field('proto');
  const flow =
    source || destination ? `${source ?? '?'} → ${destination ?? '?'}${proto ? ` ${proto}` : ''}` : undefined;
  const details = DETAILS.flatMap(([key, label]) => {
    const value = field(key);
    return value ? [{ label, value }] : [];
  });
  return { eventType: field('event_type'), flow, details };
}

/** One line for a table cell: the most telling detail, labelled. */
export function eventHeadline(summary: EventSummary): string {
  const first = summary.details[0];
  return first ? `${first.label}: ${first.value}` : '';
}
