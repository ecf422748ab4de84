/**
 * Shodan InternetDB: open ports, CPEs, host names, tags and known vulnerabilities of an address,
 * free and without a key. GET https://internetdb.shodan.io/<ip> answers {ip, ports, cpes,
 * hostnames, tags, vulns}; 404 {"detail": "No information available"} when Shodan knows nothing.
 * Score: +10 when Shodan tags the host as a C2 or malware host (its own verdict); otherwise 0
 * (an open port or a vulnerable version says nothing about malice).
 */
import { z } from 'zod';
import { joinUrl, type Connector } from '../connector.js';

const answer = z.object({
  ip: z.string(),
  ports: z.array(z.number().int()),
  cpes: z.array(z.string()),
  hostnames: z.array(z.string()),
  tags: z.array(z.string()),
  vulns: z.array(z.string()),
});
type Answer = z.infer<typeof answer>;

const MALICIOUS_TAGS = new Set(['c2', 'malware', 'compromised']);

export const shodanInternetDb: Connector<Answer> = {
  id: 'shodan_internetdb',
  types: ['ipv4', 'ipv6'],
  needsKey: false,
  emptyStatuses: [404],
  request: ({ value }, baseUrl) => ({
    url: joinUrl(baseUrl, encodeURIComponent(value)),
    headers: { accept: 'application/json' },
  }),
  schema: answer,
  summarise: (a) => ({
    summary: {
      ports: a.ports.map(String),
      hostnames: a.hostnames.slice(0, 20),
      tags: a.tags,
      vulns: a.vulns.slice(0, 20),
      vuln_count: a.vulns.length,
      cpes: a.cpes.slice(0, 20),
    },
    scoreDelta: a.tags.some((t) => MALICIOUS_TAGS.has(t.toLowerCase())) ? 10 : 0,
    link: `https://www.shodan.io/host/${encodeURIComponent(a.ip)}`,
  }),
};
