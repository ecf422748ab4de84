import type { Draft, IndicatorType } from '../model/drafts.js';
import type { FormatAdapter } from './format.js';
import { splitAddressPort } from './lib/address.js';
import { csvRows, leadingComments } from './lib/csv.js';
import { isObject, jsonObjectEntries, str } from './lib/json.js';

const TYPES: Record<string, IndicatorType> = { domain: 'domain', url: 'url', md5_hash: 'md5', sha1_hash: 'sha1', sha256_hash: 'sha256' };
/** Columns of ThreatFox's CSV export, in order. */
const CSV_COLUMNS = ['first_seen_utc', 'ioc_id', 'ioc_value', 'ioc_type', 'threat_type', 'fk_malware', 'malware_alias', 'malware_printable', 'last_seen_utc', 'confidence_level', 'reference', 'tags', 'anonymous', 'reporter'] as const;

/** abuse.ch writes "None" for an empty field in its CSV exports. */
const field = (value: unknown) => {
  const text = str(value);
  return text === 'None' ? undefined : text;
};

const splitList = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(str).filter((t): t is string => !!t) : (field(value)?.split(',').map((t) => t.trim()).filter(Boolean) ?? []);

/** One ThreatFox IOC, from either export, as a draft. */
function iocDraft(where: string, id: string, ioc: Record<string, unknown>): Draft {
  const rawType = str(ioc.ioc_type);
  const value = str(ioc.ioc_value);
  if (!value) return { kind: 'reject', where, reason: 'ioc_value is missing' };
  let type = rawType ? TYPES[rawType] : undefined;
  let indicatorValue = value;
  const context: Record<string, unknown> = {};
  if (rawType === 'ip:port') {
    const split = splitAddressPort(value);
    type = split.type;
    indicatorValue = split.address;
    if (split.port !== undefined) context.port = split.port;
  }
  if (!type) return { kind: 'reject', where, reason: `unknown ThreatFox ioc_type "${rawType ?? ''}"` };
  for (const key of ['threat_type', 'malware', 'malware_alias', 'reporter', 'is_compromised'] as const)
    if (ioc[key] !== undefined && ioc[key] !== null && field(ioc[key]) !== undefined) context[key] = ioc[key];
  const confidence = Number(ioc.confidence_level);
  const printable = field(ioc.malware_printable);
  return {
    kind: 'indicator',
    where,
    type,
    value: indicatorValue,
    sourceRef: id,
    reference: field(ioc.reference),
    firstSeen: field(ioc.first_seen_utc),
    lastSeen: field(ioc.last_seen_utc),
    ...(Number.isInteger(confidence) ? { confidence } : {}),
    labels: splitList(ioc.tags),
    malware: printable && printable !== 'Unknown malware' ? [printable] : [],
    context,
  };
}

const isCsv = (head: string) => leadingComments(head).some((c) => c.includes('ThreatFox') || c.includes('"ioc_id"'));

/** abuse.ch ThreatFox IOCs: the JSON export (keyed by IOC id) and the CSV export. */
export const threatfoxFormat: FormatAdapter = {
  name: 'threatfox',
  description: 'abuse.ch ThreatFox IOCs (JSON or CSV export)',
  defaults: { name: 'abuse.ch ThreatFox', kind: 'feed', url: 'https://threatfox.abuse.ch/export/json/recent/', reliability: 'B', tlp: 'clear', confidence: 75 },
  detect: ({ head }) => isCsv(head) || (head.trimStart().startsWith('{') && head.includes('"ioc_value"') && head.includes('"ioc_type"')),
  async *parse(input, ctx): AsyncGenerator<Draft> {
    if (isCsv(ctx.head)) {
      for await (const row of csvRows(input)) {
        const where = `line ${row.line}`;
        if ('error' in row) {
          yield { kind: 'reject', where, reason: row.error };
          continue;
        }
        const ioc = Object.fromEntries(CSV_COLUMNS.map((column, i) => [column, row.fields[i]]));
        yield iocDraft(where, field(ioc.ioc_id) ?? '', ioc);
      }
      return;
    }
    for await (const { key, value } of jsonObjectEntries(input)) {
      const reports = Array.isArray(value) ? value : [value];
      for (const [i, ioc] of reports.entries()) {
        const where = `$.${key}[${i}]`;
        yield isObject(ioc) ? iocDraft(where, key, ioc) : { kind: 'reject', where, reason: 'not a ThreatFox IOC object' };
      }
    }
  },
};
