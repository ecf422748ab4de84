import type { Readable } from 'node:stream';
import type { Draft, IndicatorType } from '../model/drafts.js';
import type { FormatAdapter } from './format.js';
import { splitAddressPort } from './lib/address.js';
import { csvBody } from './lib/csv-body.js';
import { columnIndexes, findCsvHeader, type CsvHeader } from './lib/csv-header.js';
import { abusech, decimal, defined, flag, isObject, list, text } from './lib/fields.js';
import { jsonObjectEntries, pathKey } from './lib/json-stream.js';
import { refused } from './lib/refused.js';

const TYPES: Record<string, IndicatorType> = {
  domain: 'domain',
  url: 'url',
  md5_hash: 'md5',
  sha1_hash: 'sha1',
  sha256_hash: 'sha256',
};
/** Enough to know the CSV export; its other columns are mapped by name (they grew over time). */
const CSV_REQUIRED = ['ioc_id', 'ioc_value', 'ioc_type'] as const;
/** ThreatFox's name for "no family"; linking IOCs to a malware object of that name would mislead. */
const NO_FAMILY = 'Unknown malware';

/** The fields of one IOC as both exports name them (the CSV calls `malware` `fk_malware`). */
interface Ioc {
  ioc_value?: unknown;
  ioc_type?: unknown;
  threat_type?: unknown;
  malware?: unknown;
  malware_alias?: unknown;
  malware_printable?: unknown;
  first_seen_utc?: unknown;
  last_seen_utc?: unknown;
  confidence_level?: unknown;
  is_compromised?: unknown;
  reference?: unknown;
  tags?: unknown;
  anonymous?: unknown;
  reporter?: unknown;
}
const CSV_FIELDS = [
  'ioc_id',
  'ioc_value',
  'ioc_type',
  'threat_type',
  'fk_malware',
  'malware_alias',
  'malware_printable',
  'first_seen_utc',
  'last_seen_utc',
  'confidence_level',
  'is_compromised',
  'reference',
  'tags',
  'anonymous',
  'reporter',
] as const;

/**
 * One IOC from either export → a draft. Types are made alike (`True`/`0` → booleans), so both
 * exports give one IOC the same context.
 */
function iocDraft(where: string, id: string | undefined, ioc: Ioc): Draft {
  const value = abusech(ioc.ioc_value);
  if (!value) return { kind: 'reject', where, reason: 'ioc_value is missing' };
  const rawType = abusech(ioc.ioc_type);
  if (!rawType) return { kind: 'reject', where, reason: 'ioc_type is missing' };
  const address = rawType === 'ip:port' ? splitAddressPort(value) : undefined;
  const type = address?.type ?? TYPES[rawType];
  if (!type) return { kind: 'reject', where, reason: `unknown ThreatFox ioc_type "${rawType.slice(0, 40)}"` };
  const family = abusech(ioc.malware_printable);
  const aliases = list(ioc.malware_alias);
  return {
    kind: 'indicator',
    where,
    type,
    value: address?.address ?? value,
    sourceRef: id,
    reference: abusech(ioc.reference),
    firstSeen: abusech(ioc.first_seen_utc),
    lastSeen: abusech(ioc.last_seen_utc),
    confidence:
      typeof ioc.confidence_level === 'number' ? ioc.confidence_level : decimal(text(ioc.confidence_level)),
    labels: list(ioc.tags),
    malware: family && family !== NO_FAMILY ? [family] : [],
    context: defined({
      port: address?.port,
      threat_type: abusech(ioc.threat_type),
      malware: abusech(ioc.malware),
      // Aliases stay here: as malware names each would become a family of its own on merge.
      malware_alias: aliases.length > 0 ? aliases : undefined,
      reporter: abusech(ioc.reporter),
      anonymous: flag(ioc.anonymous),
      is_compromised: flag(ioc.is_compromised),
    }),
  };
}

async function* csvDrafts(input: Readable, header: CsvHeader): AsyncGenerator<Draft> {
  const at = columnIndexes(header, CSV_FIELDS);
  for await (const batch of csvBody(input, header, { separator: ', ' })) {
    for (const item of batch) {
      if ('kind' in item) {
        yield item;
        continue;
      }
      const f = item.fields;
      // A literal of one shape per row, not a dictionary filled key by key: this runs 10M times.
      const ioc: Ioc = {
        ioc_value: f[at.ioc_value],
        ioc_type: f[at.ioc_type],
        threat_type: f[at.threat_type],
        malware: f[at.fk_malware],
        malware_alias: f[at.malware_alias],
        malware_printable: f[at.malware_printable],
        first_seen_utc: f[at.first_seen_utc],
        last_seen_utc: f[at.last_seen_utc],
        confidence_level: f[at.confidence_level],
        is_compromised: f[at.is_compromised],
        reference: f[at.reference],
        tags: f[at.tags],
        anonymous: f[at.anonymous],
        reporter: f[at.reporter],
      };
      yield iocDraft(`line ${item.line}`, abusech(f[at.ioc_id]), ioc);
    }
  }
}

async function* jsonDrafts(input: Readable): AsyncGenerator<Draft> {
  for await (const { key, value } of jsonObjectEntries(
    input,
    'a ThreatFox export (an object keyed by IOC id)',
  )) {
    const where = `$${pathKey(key)}`;
    // Each id holds an array of one IOC; a bare object is taken as that one IOC.
    const reports = Array.isArray(value)
      ? value.map((ioc, i) => [`${where}[${i}]`, ioc] as const)
      : [[where, value] as const];
    for (const [at, ioc] of reports)
      yield isObject(ioc)
        ? iocDraft(at, key, ioc)
        : { kind: 'reject', where: at, reason: 'not a ThreatFox IOC (an object was expected)' };
  }
}

/** abuse.ch ThreatFox IOCs: the JSON export (keyed by IOC id) and the CSV export. */
export const threatfoxFormat: FormatAdapter = {
  name: 'threatfox',
  description: 'abuse.ch ThreatFox IOCs (JSON or CSV export)',
  defaults: {
    name: 'abuse.ch ThreatFox',
    kind: 'feed',
    url: 'https://threatfox.abuse.ch/export/json/recent/',
    reliability: 'B',
    tlp: 'clear',
    confidence: 75,
  },
  detect: ({ head }) =>
    findCsvHeader(head, CSV_REQUIRED) !== undefined ||
    (head.trimStart().startsWith('{') && head.includes('"ioc_value"') && head.includes('"ioc_type"')),
  parse(input, ctx): AsyncIterable<Draft> {
    const header = findCsvHeader(ctx.head, CSV_REQUIRED);
    if (header) return csvDrafts(input, header);
    // Any JSON goes to the JSON reader, whose shape check says what is wrong with it.
    if (/^\s*[[{]/.test(ctx.head)) return jsonDrafts(input);
    return refused(
      input,
      'not a ThreatFox export: neither JSON nor a CSV with the "ioc_id","ioc_value","ioc_type" header',
    );
  },
};
