/**
 * VirusTotal API v3: GET <base>/ip_addresses/<ip>, /domains/<name>, /files/<md5|sha1|sha256> or
 * /urls/<id> (the id of a URL is its unpadded base64url, https://docs.virustotal.com/reference/url)
 * with the `x-apikey` header; answers {data: {id, type, attributes: {last_analysis_stats:
 * {malicious, suspicious, harmless, undetected, timeout}, reputation, ...}}}. 404 NotFoundError
 * means VirusTotal has never seen the value.
 * Score: malicious engines >= 10: +20; >= 3: +10; >= 1: +5; none malicious or suspicious among
 * at least 20 that judged it harmless or undetected: -5.
 */
import { z } from 'zod';
import { joinUrl, type Connector } from '../connector.js';

const stats = z.object({
  malicious: z.number().int().min(0),
  suspicious: z.number().int().min(0),
  harmless: z.number().int().min(0),
  undetected: z.number().int().min(0),
  timeout: z.number().int().min(0).optional(),
});
const answer = z.object({
  data: z.object({
    id: z.string(),
    type: z.enum(['ip_address', 'domain', 'file', 'url']),
    attributes: z.object({
      last_analysis_stats: stats,
      last_analysis_date: z.number().int().optional(),
      reputation: z.number().int().optional(),
      meaningful_name: z.string().optional(),
      as_owner: z.string().optional(),
      registrar: z.string().optional(),
    }),
  }),
});
type Answer = z.infer<typeof answer>;

export function virusTotalDelta(s: z.infer<typeof stats>): number {
  if (s.malicious >= 10) return 20;
  if (s.malicious >= 3) return 10;
  if (s.malicious >= 1) return 5;
  return s.suspicious === 0 && s.harmless + s.undetected >= 20 ? -5 : 0;
}

const GUI = { ip_address: 'ip-address', domain: 'domain', file: 'file', url: 'url' } as const;

function path(type: string, value: string): string {
  if (type === 'ipv4' || type === 'ipv6') return `ip_addresses/${encodeURIComponent(value)}`;
  if (type === 'domain') return `domains/${encodeURIComponent(value)}`;
  if (type === 'url') return `urls/${Buffer.from(value).toString('base64url')}`;
  return `files/${encodeURIComponent(value)}`;
}

export const virusTotal: Connector<Answer> = {
  id: 'virustotal',
  types: ['ipv4', 'ipv6', 'domain', 'url', 'md5', 'sha1', 'sha256'],
  needsKey: true,
  emptyStatuses: [404],
  request: ({ type, value }, baseUrl, key) => ({
    url: joinUrl(baseUrl, path(type, value)),
    headers: { accept: 'application/json', 'x-apikey': key ?? '' },
  }),
  schema: answer,
  summarise: ({ data }) => {
    const s = data.attributes.last_analysis_stats;
    return {
      summary: {
        malicious: s.malicious,
        suspicious: s.suspicious,
        harmless: s.harmless,
        undetected: s.undetected,
        reputation: data.attributes.reputation ?? null,
        analysed: data.attributes.last_analysis_date
          ? new Date(data.attributes.last_analysis_date * 1000).toISOString()
          : null,
        name:
          data.attributes.meaningful_name ?? data.attributes.as_owner ?? data.attributes.registrar ?? null,
      },
      scoreDelta: virusTotalDelta(s),
      link: `https://www.virustotal.com/gui/${GUI[data.type]}/${encodeURIComponent(data.id)}`,
    };
  },
};
