/**
 * An indicator typed or pasted by an analyst, read as the importers read feeds: defanging undone
 * (`hxxp`, `[.]`, `(dot)`), then one canonical text per type — lower-case where case carries no
 * meaning, IDNA punycode for names, RFC 5952 for IPv6, WHATWG serialisation for URLs. The browser's
 * URL parser does what node:url and node:net do for the importers; the database re-checks every
 * value an analyst writes.
 */
import {
  canonicalAsn,
  canonicalIpv4Cidr,
  canonicalIpv6Cidr,
  canonicalJa3,
  canonicalJa4,
  canonicalText,
  type Canonical,
} from '@intel/observables';
import { refang } from '@intel/refang';

export const INDICATOR_TYPES = [
  'ipv4',
  'ipv6',
  'domain',
  'url',
  'email',
  'md5',
  'sha1',
  'sha256',
  'sha512',
  'ipv4-cidr',
  'ipv6-cidr',
  'asn',
  'ja3',
  'ja3s',
  'ja4',
  'user-agent',
  'filename',
  'mutex',
  'registry-key',
  'email-subject',
] as const;
export type IndicatorType = (typeof INDICATOR_TYPES)[number];

export type IndicatorInput = { ok: true; type: IndicatorType; value: string } | { ok: false; reason: string };

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HASHES: Record<number, IndicatorType> = { 32: 'md5', 40: 'sha1', 64: 'sha256', 128: 'sha512' };
const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;
const URL_SCHEMES = new Set([
  'http:',
  'https:',
  'ftp:',
  'ftps:',
  'sftp:',
  'ws:',
  'wss:',
  'smb:',
  'tcp:',
  'udp:',
]);
const fail = (reason: string): IndicatorInput => ({ ok: false, reason });

function hostOf(name: string): string | undefined {
  try {
    return new URL(`http://${name}/`).hostname;
  } catch {
    return undefined;
  }
}

function ipv6(raw: string): string | undefined {
  const bare = raw.replace(/^\[|\]$/g, '');
  if (!bare.includes(':') || !/^[0-9a-f:.]+$/i.test(bare)) return undefined;
  const host = hostOf(`[${bare}]`);
  return host?.slice(1, -1);
}

function domain(raw: string): string | undefined {
  const name = raw.endsWith('.') ? raw.slice(0, -1) : raw;
  if (!name || /[\s/:@]/.test(name)) return undefined;
  const host = hostOf(name);
  if (!host || IPV4.test(host) || host.startsWith('[') || host.length > 253) return undefined;
  const labels = host.split('.');
  if (labels.length < 2 || /^\d+$/.test(labels.at(-1)!)) return undefined;
  return labels.every((label) => LABEL.test(label) || /^xn--[a-z0-9-]{1,59}$/.test(label)) ? host : undefined;
}

function url(raw: string): string | undefined {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`;
  try {
    const parsed = new URL(withScheme);
    if (!URL_SCHEMES.has(parsed.protocol) || !parsed.hostname || /\s/.test(parsed.href)) return undefined;
    return parsed.href;
  } catch {
    return undefined;
  }
}

function email(raw: string): string | undefined {
  const at = raw.lastIndexOf('@');
  if (at <= 0 || /\s/.test(raw) || raw.length > 254) return undefined;
  const host = domain(raw.slice(at + 1));
  return host ? `${raw.slice(0, at)}@${host}` : undefined;
}

/** The importers' own reading of the wider types (ranges, ASNs, fingerprints, free text). */
function observable(type: IndicatorType, raw: string): Canonical | undefined {
  switch (type) {
    case 'ipv4-cidr':
      return canonicalIpv4Cidr(refang(raw));
    case 'ipv6-cidr':
      return canonicalIpv6Cidr(refang(raw));
    case 'asn':
      return canonicalAsn(raw);
    case 'ja3':
    case 'ja3s':
      return canonicalJa3(type, raw);
    case 'ja4':
      return canonicalJa4(raw);
    case 'user-agent':
    case 'filename':
    case 'mutex':
    case 'registry-key':
    case 'email-subject':
      return canonicalText(type, raw);
    default:
      return undefined;
  }
}

/** Canonical value of `raw` read as `type`. */
export function canonicalIndicator(type: IndicatorType, raw: string): IndicatorInput {
  const wider = raw.trim() === '' ? undefined : observable(type, raw);
  if (wider)
    return wider.ok
      ? { ok: true, type, value: wider.value }
      : fail(`This is not a valid ${TYPE_NAMES[type]}: ${wider.reason}.`);
  const value = refang(raw);
  if (!value) return fail('Enter a value.');
  let canonical: string | undefined;
  switch (type) {
    case 'ipv4':
      canonical = IPV4.test(value) ? value : undefined;
      break;
    case 'ipv6':
      canonical = ipv6(value);
      break;
    case 'domain':
      canonical = domain(value);
      break;
    case 'url':
      canonical = url(value);
      break;
    case 'email':
      canonical = email(value);
      break;
    default:
      canonical =
        HASHES[value.length] === type && /^[0-9a-f]+$/i.test(value) ? value.toLowerCase() : undefined;
  }
  return canonical ? { ok: true, type, value: canonical } : fail(`This is not a valid ${TYPE_NAMES[type]}.`);
}

/** The type a bare (refanged) value most likely is; free text has none: its type is chosen. */
function guessType(value: string): IndicatorType | undefined {
  if (IPV4.test(value)) return 'ipv4';
  const range = /^([^/\s]+)\/\d{1,3}$/.exec(value)?.[1];
  if (range && IPV4.test(range)) return 'ipv4-cidr';
  if (range && ipv6(range)) return 'ipv6-cidr';
  if (/^AS\d{1,10}$/i.test(value)) return 'asn';
  if (canonicalJa4(value).ok) return 'ja4';
  if (ipv6(value)) return 'ipv6';
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return 'url';
  if (/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value)) return 'email';
  if (/^[0-9a-f]+$/i.test(value) && HASHES[value.length]) return HASHES[value.length];
  if (domain(value)) return 'domain';
  return /^[^\s/]+\.[^\s/]+\//.test(value) ? 'url' : undefined;
}

/** The type a bare value most likely is, and its canonical text. */
export function readIndicator(raw: string): IndicatorInput {
  const value = refang(raw);
  if (!value) return fail('Enter a value.');
  const guess = guessType(value);
  return guess
    ? canonicalIndicator(guess, value)
    : fail('Not an IP address or range, domain, URL, e-mail address, hash, ASN or JA4 fingerprint.');
}

export const TYPE_NAMES: Record<IndicatorType, string> = {
  ipv4: 'IPv4 address',
  ipv6: 'IPv6 address',
  domain: 'domain name',
  url: 'URL',
  email: 'e-mail address',
  md5: 'MD5 hash',
  sha1: 'SHA-1 hash',
  sha256: 'SHA-256 hash',
  sha512: 'SHA-512 hash',
  'ipv4-cidr': 'IPv4 range',
  'ipv6-cidr': 'IPv6 range',
  asn: 'ASN',
  ja3: 'JA3 fingerprint',
  ja3s: 'JA3S fingerprint',
  ja4: 'JA4 fingerprint',
  'user-agent': 'user agent',
  filename: 'file name',
  mutex: 'mutex',
  'registry-key': 'registry key',
  'email-subject': 'e-mail subject',
};
