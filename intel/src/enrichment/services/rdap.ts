/**
 * RDAP, the registration data of a domain or an IP network (the standard successor of whois).
 * Queries: RFC 9082 §3.1 (`/domain/<name>`, `/ip/<address>`); answers: RFC 9083 (objectClassName,
 * handle, ldhName, startAddress/endAddress, status, events, entities with jCard vcardArray, links).
 * The base URL defaults to a bootstrap redirector (rdap.org), which sends each query to the
 * registry the IANA bootstrap files (RFC 9224) name; the redirect goes through the outbound guard
 * like any request. A 404 is RFC 7480 §5.3's "no such object".
 */
import { z } from 'zod';
import { joinUrl, type Connector } from '../connector.js';

const entity = z.object({
  handle: z.string().optional(),
  roles: z.array(z.string()).optional(),
  vcardArray: z.tuple([z.literal('vcard'), z.array(z.array(z.unknown()))]).optional(),
});
const answer = z.object({
  objectClassName: z.enum(['domain', 'ip network']),
  handle: z.string().optional(),
  ldhName: z.string().optional(),
  name: z.string().optional(),
  startAddress: z.string().optional(),
  endAddress: z.string().optional(),
  country: z.string().optional(),
  status: z.array(z.string()).optional(),
  events: z.array(z.object({ eventAction: z.string(), eventDate: z.string() })).optional(),
  entities: z.array(entity).optional(),
  links: z.array(z.object({ rel: z.string().optional(), href: z.string() })).optional(),
});
type Answer = z.infer<typeof answer>;

/** The formatted name (jCard "fn", RFC 7095) of the first entity with this role. */
function entityName(entities: Answer['entities'], role: string): string | null {
  const found = entities?.find((e) => e.roles?.includes(role));
  const fn = found?.vcardArray?.[1].find((property) => property[0] === 'fn');
  return typeof fn?.[3] === 'string' ? fn[3] : (found?.handle ?? null);
}

function eventDate(events: Answer['events'], action: string): string | null {
  return events?.find((e) => e.eventAction === action)?.eventDate ?? null;
}

export const rdap: Connector<Answer> = {
  id: 'rdap',
  types: ['ipv4', 'ipv6', 'domain'],
  needsKey: false,
  emptyStatuses: [404],
  request: ({ type, value }, baseUrl) => ({
    url: joinUrl(baseUrl, `${type === 'domain' ? 'domain' : 'ip'}/${encodeURIComponent(value)}`),
    headers: { accept: 'application/rdap+json, application/json' },
  }),
  schema: answer,
  summarise: (a) => ({
    summary: {
      kind: a.objectClassName,
      name: a.ldhName ?? a.name ?? null,
      handle: a.handle ?? null,
      range: a.startAddress && a.endAddress ? `${a.startAddress} – ${a.endAddress}` : null,
      country: a.country ?? null,
      registrar: entityName(a.entities, 'registrar'),
      registrant: entityName(a.entities, 'registrant'),
      registered: eventDate(a.events, 'registration'),
      expires: eventDate(a.events, 'expiration'),
      status: a.status ?? [],
    },
    scoreDelta: 0,
    link: a.links?.find((l) => l.rel === 'self')?.href,
  }),
};
