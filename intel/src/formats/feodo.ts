import type { Draft } from '../model/drafts.js';
import type { FormatAdapter } from './format.js';
import { splitAddressPort } from './lib/address.js';
import { csvRows, leadingComments } from './lib/csv.js';
import { isObject, jsonArrayItems, str } from './lib/json.js';

function c2Draft(where: string, c2: { ip?: string; port?: unknown; status?: string; firstSeen?: string; lastOnline?: string; malware?: string; extra?: Record<string, unknown> }): Draft {
  if (!c2.ip) return { kind: 'reject', where, reason: 'the C2 address is missing' };
  const port = Number(c2.port);
  return {
    kind: 'indicator',
    where,
    type: splitAddressPort(c2.ip).type,
    value: c2.ip,
    firstSeen: c2.firstSeen,
    lastSeen: c2.lastOnline,
    labels: ['botnet_cc'],
    malware: c2.malware ? [c2.malware] : [],
    context: { ...(Number.isInteger(port) ? { port } : {}), ...(c2.status ? { status: c2.status } : {}), ...c2.extra },
  };
}

const isCsv = (head: string) => leadingComments(head).some((c) => c.includes('Feodo Tracker'));

/** abuse.ch Feodo Tracker botnet C2 blocklist (JSON or CSV). */
export const feodoFormat: FormatAdapter = {
  name: 'feodo',
  description: 'abuse.ch Feodo Tracker botnet C2 IP blocklist (JSON or CSV)',
  defaults: { name: 'abuse.ch Feodo Tracker', kind: 'feed', url: 'https://feodotracker.abuse.ch/downloads/ipblocklist.json', reliability: 'B', tlp: 'clear', confidence: 90 },
  detect: ({ head }) => isCsv(head) || (head.trimStart().startsWith('[') && head.includes('"ip_address"') && head.includes('"last_online"')),
  async *parse(input, ctx): AsyncGenerator<Draft> {
    if (isCsv(ctx.head)) {
      for await (const row of csvRows(input)) {
        const where = `line ${row.line}`;
        if ('error' in row) {
          yield { kind: 'reject', where, reason: row.error };
          continue;
        }
        const [firstSeen, ip, port, status, lastOnline, malware] = row.fields.map((f) => f.trim());
        if (ip === 'dst_ip') continue;
        yield c2Draft(where, { ip: ip || undefined, port, status, firstSeen, lastOnline, malware });
      }
      return;
    }
    for await (const { key, value } of jsonArrayItems(input, null)) {
      const where = `$[${key}]`;
      if (!isObject(value)) {
        yield { kind: 'reject', where, reason: 'not a Feodo Tracker entry' };
        continue;
      }
      yield c2Draft(where, {
        ip: str(value.ip_address),
        port: value.port,
        status: str(value.status),
        firstSeen: str(value.first_seen),
        lastOnline: str(value.last_online),
        malware: str(value.malware),
        extra: Object.fromEntries(Object.entries({ hostname: value.hostname, as_number: value.as_number, as_name: value.as_name, country: value.country }).filter(([, v]) => v !== null && v !== undefined)),
      });
    }
  },
};
