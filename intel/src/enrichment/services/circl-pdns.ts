/**
 * CIRCL passive DNS: what a name resolved to, or which names pointed at an address, over time.
 * Query `<base>/<value>` with HTTP basic authentication (the key is "user:password"); the answer is
 * the Common Output Format of draft-dulaunoy-dnsop-passive-dns-cof: one JSON object per line with
 * rrname, rrtype, rdata, time_first, time_last (Unix seconds) and optional count, bailiwick.
 * No line means nothing recorded.
 */
import { z } from 'zod';
import { joinUrl, type Connector } from '../connector.js';

const record = z.object({
  rrname: z.string(),
  rrtype: z.string(),
  rdata: z.union([z.string(), z.array(z.string())]),
  time_first: z.number().int(),
  time_last: z.number().int(),
  count: z.number().int().optional(),
  bailiwick: z.string().optional(),
});
const answer = z.array(record);
type Answer = z.infer<typeof answer>;

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

export const circlPdns: Connector<Answer> = {
  id: 'circl_pdns',
  types: ['ipv4', 'ipv6', 'domain'],
  needsKey: true,
  request: ({ value }, baseUrl, key) => ({
    url: joinUrl(baseUrl, encodeURIComponent(value)),
    headers: {
      accept: 'application/x-ndjson, application/json',
      authorization: `Basic ${Buffer.from(key ?? '').toString('base64')}`,
    },
  }),
  // Line-delimited JSON (COF §2): a line that is not JSON makes the whole answer malformed.
  parse: (body) =>
    body
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => JSON.parse(line) as unknown),
  schema: answer,
  summarise: (records, { type }) => {
    const other = (r: Answer[number]) => (type === 'domain' ? [r.rdata].flat() : [r.rrname]);
    const seen = [...new Set(records.flatMap(other))];
    return {
      summary: {
        records: records.length,
        resolutions: seen.slice(0, 20),
        more: Math.max(0, seen.length - 20),
        first_seen: records.length ? iso(Math.min(...records.map((r) => r.time_first))) : null,
        last_seen: records.length ? iso(Math.max(...records.map((r) => r.time_last))) : null,
      },
      scoreDelta: 0,
    };
  },
};
