/**
 * Which addresses the platform may send a request to (issue 36, "outbound requests"): sources,
 * TAXII servers and notification webhooks are set by administrators, and an address inside the
 * cloud (the metadata service) or on the link itself is never what they meant. Refused unless an
 * administrator allows that address or range:
 *   - link-local 169.254.0.0/16 (RFC 3927; AWS, GCP, Azure, OpenStack metadata at 169.254.169.254)
 *     and fe80::/10 (RFC 4291 §2.5.6);
 *   - fd00:ec2::254 (AWS IMDS over IPv6) and 100.100.100.200 (Alibaba Cloud metadata);
 *   - metadata host names (metadata.google.internal, instance-data.ec2.internal, ...);
 *   - what is not one host: multicast 224.0.0.0/4, ff00::/8 and broadcast 255.255.255.255.
 * Private and loopback ranges (RFC 1918, RFC 6598 shared space, fc00::/7, 127.0.0.0/8, ::1, the
 * unspecified 0.0.0.0/8 and ::) are allowed by default, because on-prem SIEMs, chat servers and
 * mirrors live there; an administrator can refuse them too (`restrictPrivate`).
 * IPv6 forms of an IPv4 address (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64 64:ff9b::/96)
 * are judged as that IPv4 address. Decimal, octal and hex IPv4 forms (http://2852039166/,
 * http://0251.0376.0251.0376/) are turned into dotted quads by the WHATWG URL parser before any
 * rule sees them; the rules are applied again to every address a name resolves to, at connect time.
 */
import { BlockList, isIP } from 'node:net';

export interface OutboundPolicy {
  /** Addresses or CIDR ranges an administrator allowed although a rule refuses them. */
  allow: readonly string[];
  /** Refuse private and loopback ranges too (default false: on-prem services live there). */
  restrictPrivate: boolean;
}

export const DEFAULT_OUTBOUND_POLICY: OutboundPolicy = { allow: [], restrictPrivate: false };

export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
}

const METADATA_NAMES = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.tencentyun.com',
  'metadata.platformequinix.com',
]);

type Rule = { ranges: string[]; reason: string; restrictable: boolean };

const RULES: Rule[] = [
  {
    ranges: ['fd00:ec2::254/128', '100.100.100.200/32'],
    reason: 'a cloud metadata service address',
    restrictable: false,
  },
  {
    ranges: ['169.254.0.0/16', 'fe80::/10'],
    reason: 'a link-local address (cloud metadata services live there)',
    restrictable: false,
  },
  {
    ranges: ['224.0.0.0/4', '255.255.255.255/32', 'ff00::/8'],
    reason: 'not a single host (multicast or broadcast)',
    restrictable: false,
  },
  {
    ranges: ['127.0.0.0/8', '0.0.0.0/8', '::1/128', '::/128'],
    reason: 'a loopback address (this machine)',
    restrictable: true,
  },
  {
    ranges: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', 'fc00::/7'],
    reason: 'a private network address',
    restrictable: true,
  },
];

function blockList(ranges: readonly string[], what: string): BlockList {
  const list = new BlockList();
  for (const entry of ranges) {
    const [address = '', prefix] = entry.trim().split('/');
    const plain = unwrapIpv4(address) ?? address;
    const family = isIP(plain);
    const max = family === 6 ? 128 : 32;
    const bits = prefix === undefined ? max : Number(prefix);
    if (family === 0 || !Number.isInteger(bits) || bits < 0 || bits > max)
      throw new OutboundRefused(
        `${what}: "${entry}" is not an IP address or CIDR range (like 10.1.2.3 or 10.0.0.0/8)`,
      );
    list.addSubnet(plain, bits, family === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
}

const COMPILED = RULES.map((rule) => ({ ...rule, list: blockList(rule.ranges, 'rule') }));

/** Checks an allow-list entry as an administrator types it; throws in plain words. */
export function checkAllowEntry(entry: string): void {
  blockList([entry], 'allowed outbound address');
}

/** The eight 16-bit groups of an IPv6 address, or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const parts = dotted[1]!.split('.').map(Number);
    text = `${text.slice(0, -dotted[1]!.length)}${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined;
  return [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right].map((g) =>
    parseInt(g, 16),
  );
}

/** The IPv4 address an IPv6 address stands for (mapped, compatible, NAT64), or undefined. */
export function unwrapIpv4(address: string): string | undefined {
  if (isIP(address) !== 6) return undefined;
  const g = ipv6Groups(address);
  if (!g) return undefined;
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0);
  const mapped = zeros(5) && g[5] === 0xffff;
  const compatible = zeros(6) && (g[6]! !== 0 || g[7]! > 1);
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0);
  if (!mapped && !compatible && !nat64) return undefined;
  return [g[6]! >> 8, g[6]! & 0xff, g[7]! >> 8, g[7]! & 0xff].join('.');
}

function inList(list: BlockList, address: string): boolean {
  return list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/** Why `address` (an IP literal) may not be sent to, or undefined when it may. */
export function refusalForAddress(address: string, policy: OutboundPolicy): string | undefined {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const ip = unwrapIpv4(bare) ?? bare;
  if (isIP(ip) === 0) return `"${address}" is not an IP address`;
  if (policy.allow.length > 0 && inList(blockList(policy.allow, 'allowed outbound address'), ip))
    return undefined;
  for (const rule of COMPILED) {
    if (!inList(rule.list, ip)) continue;
    if (rule.restrictable && !policy.restrictPrivate) return undefined;
    return `${ip} is ${rule.reason}`;
  }
  return undefined;
}

/** Why a host name may not be sent to before it is resolved (metadata names), or undefined. */
export function refusalForHostname(hostname: string): string | undefined {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return METADATA_NAMES.has(name) ? `${name} is a cloud metadata service name` : undefined;
}

/**
 * Checks a URL as an administrator sets it (source, TAXII server, webhook): http(s) only, and a
 * literal address or metadata name the rules refuse is refused now, in plain words. Names are
 * resolved (and judged again) when the request is made.
 */
export function checkOutboundUrl(url: string, policy: OutboundPolicy = DEFAULT_OUTBOUND_POLICY): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new OutboundRefused(`not a URL: ${JSON.stringify(url.slice(0, 200))}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new OutboundRefused(`only http:// and https:// URLs are fetched, not ${parsed.protocol}`);
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const reason = isIP(host) ? refusalForAddress(host, policy) : refusalForHostname(host);
  if (reason) throw new OutboundRefused(refusedMessage(parsed.host, reason));
  return parsed;
}

export function refusedMessage(host: string, reason: string): string {
  return (
    `refused to connect to ${host}: ${reason}. ` +
    'An administrator can allow this address under System Configuration, Outbound addresses.'
  );
}
