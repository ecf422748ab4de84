/**
 * GreyNoise community API: GET <base>/<ip> with the `key` header; answers {ip, noise, riot,
 * classification (benign | malicious | unknown), name, link, last_seen, message}
 * (https://docs.greynoise.io/reference/getcommunityip). 404 with the same shape (noise and riot
 * false) means the address was not seen scanning and is not a known business service.
 * Score: malicious: +10; benign or RIOT (a common business service): -15; else 0.
 */
import { z } from 'zod';
import { joinUrl, type Connector } from '../connector.js';

const answer = z.object({
  ip: z.string(),
  noise: z.boolean(),
  riot: z.boolean(),
  classification: z.enum(['benign', 'malicious', 'unknown']).optional(),
  name: z.string().optional(),
  link: z.string().optional(),
  last_seen: z.string().optional(),
  message: z.string().optional(),
});
type Answer = z.infer<typeof answer>;

export const greyNoise: Connector<Answer> = {
  id: 'greynoise',
  types: ['ipv4'],
  needsKey: true,
  // GreyNoise documents 404 as "not observed" with a body of the same shape: it is validated like a 200.
  request: ({ value }, baseUrl, key) => ({
    url: joinUrl(baseUrl, encodeURIComponent(value)),
    headers: { accept: 'application/json', key: key ?? '' },
  }),
  schema: answer,
  summarise: (a) => ({
    summary: {
      classification: a.classification ?? (a.noise || a.riot ? 'unknown' : 'not observed'),
      noise: a.noise,
      riot: a.riot,
      name: a.name ?? null,
      last_seen: a.last_seen ?? null,
    },
    scoreDelta: a.classification === 'malicious' ? 10 : a.classification === 'benign' || a.riot ? -15 : 0,
    link:
      a.link && /^https:\/\//.test(a.link)
        ? a.link
        : `https://viz.greynoise.io/ip/${encodeURIComponent(a.ip)}`,
  }),
};
