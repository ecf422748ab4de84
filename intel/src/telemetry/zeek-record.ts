import { isObject } from '../formats/lib/fields.js';
import { newEvent } from './common.js';
import { num, ObservableSet, port, str, strings } from './observables.js';
import type { TelemetryEvent } from './telemetry-event.js';

/**
 * One Zeek log record (from TSV or JSON, same field names: https://docs.zeek.org/en/master/logs/)
 * → an event. Fields are read by name whatever the log, so a log we do not name still gives its
 * connection tuple, and a renamed file still gives its DNS or HTTP observables.
 */

type ZeekRecord = Record<string, unknown>;

/** Zeek's stock log names, to find the log path in a file name (`zeek-…-dns.log.gz` → dns). */
const LOG_PATHS = new Set(
  (
    'conn dns http ssl files x509 smtp notice weird ssh dhcp ftp rdp smb_files smb_mapping kerberos ntlm ' +
    'dce_rpc sip snmp socks tunnel software known_hosts known_services known_certs intel signatures pe ' +
    'ocsp mysql radius irc modbus dnp3 syslog quic ldap ldap_search http2 dpd analyzer capture_loss stats'
  ).split(' '),
);

export function logPathOfFileName(fileName: string): string | undefined {
  const tokens = fileName.toLowerCase().split(/[/\\.\s-]+/);
  for (let i = tokens.length - 1; i >= 0; i--) if (LOG_PATHS.has(tokens[i]!)) return tokens[i];
  return undefined;
}

/** The log a record belongs to by its fields, when neither `_path` nor the file name says. */
export function logPathOfFields(r: ZeekRecord): string {
  if ('query' in r && ('qtype_name' in r || 'qtype' in r || 'trans_id' in r)) return 'dns';
  if ('method' in r || 'uri' in r) return 'http';
  if ('server_name' in r || 'cipher' in r) return 'ssl';
  if ('fuid' in r && ('mime_type' in r || 'md5' in r || 'seen_bytes' in r)) return 'files';
  if ('conn_state' in r || 'history' in r) return 'conn';
  return 'unknown';
}

const ID_KEYS = {
  orig_h: 'id.orig_h',
  orig_p: 'id.orig_p',
  resp_h: 'id.resp_h',
  resp_p: 'id.resp_p',
} as const;

/** `id.orig_h` as the writers flatten it, or `id: {orig_h}` as some shippers nest it. */
function id(r: ZeekRecord, key: keyof typeof ID_KEYS): unknown {
  const flat = r[ID_KEYS[key]];
  if (flat !== undefined) return flat;
  return isObject(r.id) ? r.id[key] : undefined;
}

/** Context keys and the fields they come from, all logs together (a log lacks most of them). */
const CONTEXT: [key: string, field: string, kind: 'text' | 'number'][] = [
  ['uid', 'uid', 'text'],
  ['fuid', 'fuid', 'text'],
  ['service', 'service', 'text'],
  ['conn_state', 'conn_state', 'text'],
  ['duration', 'duration', 'number'],
  ['orig_bytes', 'orig_bytes', 'number'],
  ['resp_bytes', 'resp_bytes', 'number'],
  ['rrtype', 'qtype_name', 'text'],
  ['rcode', 'rcode_name', 'text'],
  ['method', 'method', 'text'],
  ['status', 'status_code', 'number'],
  ['user_agent', 'user_agent', 'text'],
  ['validation_status', 'validation_status', 'text'],
  ['ja3', 'ja3', 'text'],
  ['mime_type', 'mime_type', 'text'],
  ['filename', 'filename', 'text'],
  ['note', 'note', 'text'],
  ['msg', 'msg', 'text'],
  // Expert labels of labelled datasets (Stratosphere CTU: `label`, `detailedlabel`).
  ['label', 'label', 'text'],
  ['detailedlabel', 'detailedlabel', 'text'],
];

/**
 * Every field this module reads. The TSV reader converts only these: a dns.log line has 24
 * fields and we need 13, and skipping the rest (TTL vectors, flags) halved the parse time.
 */
export const ZEEK_FIELDS: ReadonlySet<string> = new Set([
  ...CONTEXT.map(([, field]) => field),
  ...Object.values(ID_KEYS),
  ...['ts', '_path', 'proto', 'version', 'query', 'qtype', 'trans_id', 'answers', 'host', 'uri', 'cipher'],
  ...['server_name', 'cert_chain_fps', 'fingerprint', 'san.dns', 'md5', 'sha1', 'sha256', 'seen_bytes'],
  ...['history', 'mailfrom', 'rcptto', 'from', 'to', 'tx_hosts', 'rx_hosts', 'src', 'dst', 'id'],
]);

function observables(r: ZeekRecord, srcIp?: string, destIp?: string, destPort?: number): ObservableSet {
  const obs = new ObservableSet();
  obs.ip(srcIp, 'src');
  obs.ip(destIp, 'dest');
  // files.log before Zeek 5 had no connection tuple, only the hosts on either side.
  if (!srcIp) for (const ip of strings(r.tx_hosts)) obs.ip(ip, 'src');
  if (!destIp) for (const ip of strings(r.rx_hosts)) obs.ip(ip, 'dest');
  // notice.log
  obs.ip(str(r.src), 'src');
  obs.ip(str(r.dst), 'dest');
  // dns.log: the question, then every answer (addresses and names; TXT and the like are dropped).
  obs.host(str(r.query), 'query');
  for (const answer of strings(r.answers)) obs.host(answer, 'answer');
  // http.log: the Host header, and the URL from it and the request target.
  const host = str(r.host);
  obs.host(host, 'host');
  if ('method' in r || 'uri' in r)
    obs.httpUrl({ host, serverIp: destIp, target: str(r.uri), port: destPort });
  // ssl.log: SNI and the leaf certificate's fingerprint (SHA-256 since Zeek 4); x509.log.
  obs.host(str(r.server_name), 'sni');
  obs.hash(strings(r.cert_chain_fps)[0]);
  obs.hash(str(r.fingerprint));
  for (const name of strings(r['san.dns'])) obs.host(name, 'sni');
  // files.log
  obs.hash(str(r.md5));
  obs.hash(str(r.sha1));
  obs.hash(str(r.sha256));
  // smtp.log: envelope and header addresses.
  if ('mailfrom' in r || 'rcptto' in r || 'from' in r || 'to' in r)
    for (const address of [str(r.mailfrom), ...strings(r.rcptto), str(r.from), ...strings(r.to)])
      obs.email(address);
  return obs;
}

function context(r: ZeekRecord, eventType: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field, kind] of CONTEXT) {
    const value = kind === 'text' ? str(r[field]) : num(r[field]);
    if (value !== undefined) out[key] = value;
  }
  // http.log has a `version` too (HTTP's); only ssl.log's is a TLS version.
  if (eventType === 'ssl' && typeof r.version === 'string') out.tls_version = r.version;
  return out;
}

export function zeekEvent(
  r: ZeekRecord,
  base: { where: string; sensor: string; time: string; eventType: string },
): TelemetryEvent {
  const srcIp = str(id(r, 'orig_h'));
  const destIp = str(id(r, 'resp_h'));
  const destPort = port(id(r, 'resp_p'));
  return newEvent(
    {
      ...base,
      observables: observables(r, srcIp, destIp, destPort).list,
      context: context(r, base.eventType),
    },
    { srcIp, srcPort: port(id(r, 'orig_p')), destIp, destPort, proto: str(r.proto) },
  );
}
