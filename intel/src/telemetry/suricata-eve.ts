import type { Readable } from 'node:stream';
import { defined, isObject } from '../formats/lib/fields.js';
import { firstLine, itemBatches } from './lines.js';
import { num, ObservableSet, port, str, strings } from './observables.js';
import { fileStem, newEvent, withoutPrefix } from './common.js';
import type { TelemetryContext, TelemetryFormat, TelemetryItem } from './telemetry-event.js';
import { eveTime } from './time.js';

/**
 * Suricata EVE JSON (https://docs.suricata.io/en/latest/output/eve/eve-json-format.html): one
 * JSON object per line with `timestamp`, `event_type`, the flow tuple and an object named after
 * the event type. Observables are taken from whichever protocol objects a record carries, not
 * from its event type alone: alerts carry `http`, `tls`, `dns` and `files` objects of their own
 * when app-layer metadata logging is on, and those are exactly what an indicator should match.
 */

type Json = Record<string, unknown>;
const obj = (value: unknown): Json | undefined => (isObject(value) ? value : undefined);
const objects = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);
/** DNS answer types whose data is an address or a name an indicator can be. */
const ANSWER_TYPES = new Set(['A', 'AAAA', 'CNAME']);

function addDns(dns: Json, obs: ObservableSet): void {
  // v1/v2 put the question at the top; v3 (Suricata 8) in `queries`, alert metadata in `query`.
  obs.host(str(dns.rrname), 'query');
  for (const q of [...objects(dns.queries), ...objects(dns.query)]) obs.host(str(q.rrname), 'query');
  const answer = (rrtype: unknown, rdata: unknown) => {
    if (typeof rrtype === 'string' && ANSWER_TYPES.has(rrtype)) obs.host(str(rdata), 'answer');
  };
  // v1 logs one answer per record with `rdata` beside the question; v2+ a list, or `grouped`.
  if (dns.type === 'answer' && dns.rdata !== undefined) answer(dns.rrtype, dns.rdata);
  for (const a of objects(dns.answers)) answer(a.rrtype, a.rdata);
  const grouped = obj(dns.grouped);
  if (grouped)
    for (const type of ANSWER_TYPES) for (const rdata of strings(grouped[type])) answer(type, rdata);
}

function addFile(file: Json, obs: ObservableSet): void {
  obs.hash(str(file.md5));
  obs.hash(str(file.sha1));
  obs.hash(str(file.sha256));
}

function observables(e: Json, eventType: string, srcIp?: string, destIp?: string): ObservableSet {
  const obs = new ObservableSet();
  obs.ip(srcIp, 'src');
  obs.ip(destIp, 'dest');
  const dns = obj(e.dns);
  if (dns) addDns(dns, obs);
  const http = obj(e.http);
  if (http) {
    const host = str(http.hostname);
    obs.host(host, 'host');
    obs.add('user-agent', str(http.http_user_agent), 'user-agent');
    const srcPort = port(e.src_port);
    const destPort = port(e.dest_port);
    obs.httpUrl({
      host,
      // An http record runs client → server; other records (fileinfo, alerts) may run either way.
      serverIp: eventType === 'http' ? destIp : undefined,
      target: typeof http.url === 'string' ? http.url : undefined,
      port: port(http.http_port) ?? (eventType === 'http' ? destPort : undefined),
      srcPort,
      destPort,
    });
  }
  for (const tls of [obj(e.tls), obj(e.quic)]) {
    if (!tls) continue;
    obs.host(str(tls.sni), 'sni');
    // The server certificate's SHA-1, which certificate blocklists (abuse.ch SSLBL) list.
    obs.hash(str(tls.fingerprint));
    // Client and server hello fingerprints, when the sensor computes them (ja3-fingerprints and
    // ja4-fingerprints in suricata.yaml): `ja3` and `ja3s` are objects with a hash, `ja4` a string.
    obs.add('ja3', str(obj(tls.ja3)?.hash), 'fingerprint');
    obs.add('ja3s', str(obj(tls.ja3s)?.hash), 'fingerprint');
    obs.add('ja4', str(tls.ja4), 'fingerprint');
  }
  const fileinfo = obj(e.fileinfo);
  if (fileinfo) addFile(fileinfo, obs);
  for (const file of objects(e.files)) addFile(file, obs);
  const smtp = obj(e.smtp);
  if (smtp) for (const address of [str(smtp.mail_from), ...strings(smtp.rcpt_to)]) obs.email(address);
  const email = obj(e.email);
  if (email) for (const address of [...strings(email.from), ...strings(email.to)]) obs.email(address);
  return obs;
}

function context(e: Json): Record<string, unknown> {
  const alert = obj(e.alert);
  const http = obj(e.http);
  const dns = obj(e.dns);
  const tls = obj(e.tls);
  const flow = obj(e.flow);
  const fileinfo = obj(e.fileinfo);
  const anomaly = obj(e.anomaly);
  return defined({
    flow_id: num(e.flow_id),
    app_proto: str(e.app_proto),
    signature: str(alert?.signature),
    signature_id: num(alert?.signature_id),
    category: str(alert?.category),
    severity: num(alert?.severity),
    action: str(alert?.action),
    method: str(http?.http_method),
    status: num(http?.status),
    user_agent: str(http?.http_user_agent),
    content_type: str(http?.http_content_type),
    dns_type: str(dns?.type),
    rrtype: str(dns?.rrtype) ?? str(objects(dns?.queries)[0]?.rrtype),
    rcode: str(dns?.rcode),
    tls_version: str(tls?.version),
    ja3: str(obj(tls?.ja3)?.hash),
    filename: str(fileinfo?.filename),
    size: num(fileinfo?.size),
    anomaly: str(anomaly?.event),
    bytes_toserver: num(flow?.bytes_toserver),
    bytes_toclient: num(flow?.bytes_toclient),
  });
}

/** One EVE line → an event, or a reject saying what is wrong with it. */
export function eveItem(text: string, where: string, ctx: TelemetryContext, stem: string): TelemetryItem {
  let record: unknown;
  try {
    record = JSON.parse(withoutPrefix(text));
  } catch (error) {
    return { kind: 'reject', where, reason: `not JSON: ${(error as Error).message}` };
  }
  if (!isObject(record)) return { kind: 'reject', where, reason: 'not a JSON object' };
  const time = eveTime(record.timestamp);
  if (!time.ok) return { kind: 'reject', where, reason: time.reason };
  const eventType = str(record.event_type);
  if (!eventType) return { kind: 'reject', where, reason: 'no event_type' };
  const srcIp = str(record.src_ip);
  const destIp = str(record.dest_ip);
  return newEvent(
    {
      where,
      sensor: str(ctx.sensor) ?? str(record.host) ?? str(record.in_iface) ?? stem,
      time: time.time,
      eventType,
      observables: observables(record, eventType, srcIp, destIp).list,
      context: context(record),
    },
    {
      srcIp,
      srcPort: port(record.src_port),
      destIp,
      destPort: port(record.dest_port),
      proto: str(record.proto),
    },
  );
}

function detect(sample: { fileName: string; head: string }): boolean {
  const line = firstLine(sample.head);
  if (!line) return false;
  const text = withoutPrefix(line.text);
  if (!text.startsWith('{')) return false;
  try {
    const record: unknown = JSON.parse(text);
    return isObject(record) && typeof record.event_type === 'string' && 'timestamp' in record;
  } catch {
    // A first record longer than the sample is cut short: judge it by its keys.
    return !line.complete && /"timestamp"\s*:\s*"/.test(text) && /"event_type"\s*:\s*"/.test(text);
  }
}

export const suricataEve: TelemetryFormat = {
  name: 'suricata-eve',
  description: 'Suricata EVE JSON lines (eve.json): alerts, flows, DNS, HTTP, TLS and file events',
  detect,
  parse(input: Readable, ctx: TelemetryContext): AsyncIterable<TelemetryItem[]> {
    const stem = fileStem(ctx.fileName);
    return itemBatches(input, (text, where) => eveItem(text, where, ctx, stem));
  },
};
