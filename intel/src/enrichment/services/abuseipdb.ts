/**
 * AbuseIPDB API v2 CHECK: GET <base>/check?ipAddress=<ip>&maxAgeInDays=90 with the `Key` header and
 * `Accept: application/json`; answers {data: {ipAddress, isPublic, ipVersion, isWhitelisted,
 * abuseConfidenceScore 0-100, countryCode, usageType, isp, domain, totalReports,
 * numDistinctUsers, lastReportedAt}} (https://docs.abuseipdb.com/#check-endpoint).
 * Score: abuseConfidenceScore >= 75: +15; >= 25: +5; whitelisted by AbuseIPDB: -15; else 0.
 */
import { z } from 'zod';
import { joinUrl, type Connector } from '../connector.js';

const answer = z.object({
  data: z.object({
    ipAddress: z.string(),
    isPublic: z.boolean().optional(),
    isWhitelisted: z.boolean().nullable().optional(),
    abuseConfidenceScore: z.number().int().min(0).max(100),
    countryCode: z.string().nullable().optional(),
    usageType: z.string().nullable().optional(),
    isp: z.string().nullable().optional(),
    domain: z.string().nullable().optional(),
    totalReports: z.number().int().min(0),
    numDistinctUsers: z.number().int().min(0).optional(),
    lastReportedAt: z.string().nullable().optional(),
  }),
});
type Answer = z.infer<typeof answer>;

export function abuseIpDbDelta(d: Answer['data']): number {
  if (d.isWhitelisted) return -15;
  if (d.abuseConfidenceScore >= 75) return 15;
  if (d.abuseConfidenceScore >= 25) return 5;
  return 0;
}

export const abuseIpDb: Connector<Answer> = {
  id: 'abuseipdb',
  types: ['ipv4', 'ipv6'],
  needsKey: true,
  request: ({ value }, baseUrl, key) => ({
    url: `${joinUrl(baseUrl, 'check')}?${new URLSearchParams({ ipAddress: value, maxAgeInDays: '90' })}`,
    headers: { accept: 'application/json', key: key ?? '' },
  }),
  schema: answer,
  summarise: ({ data: d }) => ({
    summary: {
      confidence: d.abuseConfidenceScore,
      reports: d.totalReports,
      reporters: d.numDistinctUsers ?? null,
      last_reported: d.lastReportedAt ?? null,
      whitelisted: d.isWhitelisted ?? false,
      isp: d.isp ?? null,
      usage: d.usageType ?? null,
      country: d.countryCode ?? null,
    },
    scoreDelta: abuseIpDbDelta(d),
    link: `https://www.abuseipdb.com/check/${encodeURIComponent(d.ipAddress)}`,
  }),
};
