/**
 * urlscan.io search API: GET <base>/search/?q=<query> (Elasticsearch query string: `domain:`,
 * `ip:`, `page.url:`), the `API-Key` header when a key is set (public results need none);
 * answers {results: [{_id, task: {url, time, visibility}, page: {url, domain, ip, country,
 * server, status}, result, screenshot}], total, has_more}.
 * Score: 0 (a scan of a page is not a verdict).
 */
import { z } from 'zod';
import { joinUrl, type Connector } from '../connector.js';

const hit = z.object({
  _id: z.string(),
  task: z.object({ url: z.string().optional(), time: z.string().optional() }),
  page: z
    .object({
      url: z.string().optional(),
      domain: z.string().optional(),
      ip: z.string().optional(),
      country: z.string().optional(),
      server: z.string().optional(),
    })
    .optional(),
  result: z.string().optional(),
});
const answer = z.object({
  results: z.array(hit),
  total: z.number().int().min(0),
  has_more: z.boolean().optional(),
});
type Answer = z.infer<typeof answer>;

/** Query string syntax: a value is quoted so that its dots, slashes and colons are literal. */
function query(type: string, value: string): string {
  const quoted = `"${value.replace(/["\\]/g, '\\$&')}"`;
  if (type === 'domain') return `domain:${quoted}`;
  if (type === 'url') return `page.url:${quoted}`;
  return `ip:${quoted}`;
}

export const urlscan: Connector<Answer> = {
  id: 'urlscan',
  types: ['ipv4', 'ipv6', 'domain', 'url'],
  needsKey: false,
  request: ({ type, value }, baseUrl, key) => ({
    url: `${joinUrl(baseUrl, 'search/')}?${new URLSearchParams({ q: query(type, value), size: '20' })}`,
    headers: { accept: 'application/json', ...(key ? { 'api-key': key } : {}) },
  }),
  schema: answer,
  summarise: (a, { type, value }) => {
    const newest = a.results[0];
    return {
      summary: {
        scans: a.total,
        newest: newest?.task.time ?? null,
        newest_url: newest?.page?.url ?? newest?.task.url ?? null,
        servers: [...new Set(a.results.map((r) => r.page?.server).filter((s): s is string => !!s))].slice(
          0,
          10,
        ),
        countries: [...new Set(a.results.map((r) => r.page?.country).filter((s): s is string => !!s))].slice(
          0,
          10,
        ),
      },
      scoreDelta: 0,
      link: `https://urlscan.io/search/#${encodeURIComponent(query(type, value))}`,
    };
  },
};
