import type { Readable } from 'node:stream';
import type { Draft } from '../model/drafts.js';
import type { FormatAdapter } from './format.js';
import { csvBody } from './lib/csv-body.js';
import { columnIndexes, findCsvHeader, type CsvHeader } from './lib/csv-header.js';
import { abusech, decimal, defined, isObject, text } from './lib/fields.js';
import { jsonArrayItems } from './lib/json-stream.js';
import { refused } from './lib/refused.js';

const CSV_COLUMNS = ['first_seen_utc', 'dst_ip', 'dst_port', 'c2_status', 'last_online', 'malware'] as const;

interface C2 {
  ip: string | undefined;
  port: unknown;
  status: unknown;
  firstSeen: unknown;
  lastOnline: unknown;
  malware: unknown;
  /** Only the JSON list has these. */
  network?: Record<string, unknown>;
}

/** One botnet C2 → an IP indicator; `missing` names the address field of the format for rejects. */
function c2Draft(where: string, c2: C2, missing: string): Draft {
  if (!c2.ip) return { kind: 'reject', where, reason: `${missing} is missing` };
  const malware = abusech(c2.malware);
  return {
    kind: 'indicator',
    where,
    type: c2.ip.includes(':') ? 'ipv6' : 'ipv4',
    value: c2.ip,
    firstSeen: abusech(c2.firstSeen),
    lastSeen: abusech(c2.lastOnline),
    labels: [],
    malware: malware ? [malware] : [],
    context: defined({
      port: typeof c2.port === 'number' ? c2.port : decimal(text(c2.port)),
      status: abusech(c2.status),
      // Every entry of this list is a botnet C2; ThreatFox says so with the same word.
      threat_type: 'botnet_cc',
      ...c2.network,
    }),
  };
}

async function* csvDrafts(input: Readable, header: CsvHeader): AsyncGenerator<Draft> {
  const at = columnIndexes(header, CSV_COLUMNS);
  for await (const batch of csvBody(input, header)) {
    for (const item of batch) {
      if ('kind' in item) {
        yield item;
        continue;
      }
      const where = `line ${item.line}`;
      const f = item.fields;
      const c2 = {
        ip: abusech(f[at.dst_ip]),
        port: f[at.dst_port],
        status: f[at.c2_status],
        firstSeen: f[at.first_seen_utc],
        lastOnline: f[at.last_online],
        malware: f[at.malware],
      };
      yield c2Draft(where, c2, 'dst_ip');
    }
  }
}

async function* jsonDrafts(input: Readable): AsyncGenerator<Draft> {
  for await (const { key, value: v } of jsonArrayItems(input, 'a Feodo Tracker blocklist (a JSON array)')) {
    const where = `$[${key}]`;
    if (!isObject(v)) {
      yield { kind: 'reject', where, reason: 'not a Feodo Tracker entry (an object was expected)' };
      continue;
    }
    const network = defined({
      hostname: abusech(v.hostname),
      as_number: v.as_number ?? undefined,
      as_name: abusech(v.as_name),
      country: abusech(v.country),
    });
    yield c2Draft(
      where,
      {
        ip: abusech(v.ip_address),
        port: v.port,
        status: v.status,
        firstSeen: v.first_seen,
        lastOnline: v.last_online,
        malware: v.malware,
        network,
      },
      'ip_address',
    );
  }
}

const csvHeader = (head: string) => findCsvHeader(head, ['dst_ip', 'dst_port', 'c2_status']);

/** abuse.ch Feodo Tracker botnet C2 IP blocklist (JSON or CSV). */
export const feodoFormat: FormatAdapter = {
  name: 'feodo',
  description: 'abuse.ch Feodo Tracker botnet C2 IP blocklist (JSON or CSV)',
  defaults: {
    name: 'abuse.ch Feodo Tracker',
    kind: 'feed',
    url: 'https://feodotracker.abuse.ch/downloads/ipblocklist.json',
    reliability: 'B',
    tlp: 'clear',
    confidence: 90,
  },
  detect: ({ head }) =>
    csvHeader(head) !== undefined ||
    (head.trimStart().startsWith('[') && head.includes('"ip_address"') && head.includes('"last_online"')),
  parse(input, ctx): AsyncIterable<Draft> {
    const header = csvHeader(ctx.head);
    if (header) return csvDrafts(input, header);
    // Any JSON goes to the JSON reader, whose shape check says what is wrong with it.
    if (/^\s*[[{]/.test(ctx.head)) return jsonDrafts(input);
    return refused(
      input,
      'not a Feodo Tracker blocklist: neither JSON nor a CSV with the dst_ip,dst_port,c2_status header',
    );
  },
};
