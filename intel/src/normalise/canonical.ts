import type { IndicatorType } from '../../../supabase/functions/_shared/controls/model.ts';
import type { Canonical } from './canonical-result.js';
import { canonicalIpv6Text, domainToASCII, isIPv4, isIPv6 } from './hosts.js';
import { canonicalIpv4Cidr, canonicalIpv6Cidr } from './network-range.js';
import {
  canonicalAsn,
  canonicalJa3,
  canonicalJa4,
  canonicalText,
  type TextObservable,
} from './observable-text.js';
import { refang } from './refang.js';

/**
 * One canonical text per indicator, so the same indicator from two feeds is one row: refanged,
 * lower-case where case carries no meaning, IDNA punycode for names, RFC 5952 for IPv6, WHATWG
 * serialisation for URLs (scheme and host normalised, path and query kept as given).
 */
export type { Canonical } from './canonical-result.js';

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
const HASH_LENGTHS = { md5: 32, sha1: 40, sha256: 64, sha512: 128 } as const;
const MAX_URL = 8192;
const show = (value: string) => JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);

function ipv4(value: string): Canonical {
  if (!isIPv4(value)) return { ok: false, reason: `not an IPv4 address: ${show(value)}` };
  return { ok: true, value };
}

function ipv6(raw: string): Canonical {
  const value = raw.startsWith('[') && raw.endsWith(']') ? raw.slice(1, -1) : raw;
  if (value.includes('%') || !isIPv6(value))
    return { ok: false, reason: `not an IPv6 address: ${show(raw)}` };
  return { ok: true, value: canonicalIpv6Text(value) };
}

const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

export function canonicalDomain(raw: string): Canonical {
  let value = raw.endsWith('.') ? raw.slice(0, -1) : raw;
  if (value === '' || /\s/.test(value)) return { ok: false, reason: `not a domain name: ${show(raw)}` };
  if (!/^[\x21-\x7e]*$/.test(value) || /[A-Z]/.test(value)) value = domainToASCII(value.toLowerCase());
  if (value === '') return { ok: false, reason: `not a valid internationalised domain name: ${show(raw)}` };
  if (value.length > 253)
    return { ok: false, reason: `domain name longer than 253 characters: ${show(raw)}` };
  if (isIPv4(value) || isIPv6(value))
    return { ok: false, reason: `an IP address, not a domain name: ${show(raw)}` };
  const labels = value.split('.');
  if (labels.length < 2)
    return { ok: false, reason: `a single-label name is not a domain indicator: ${show(raw)}` };
  for (const label of labels) {
    if (!LABEL.test(label) && !(label.startsWith('xn--') && /^[a-z0-9-]{5,63}$/.test(label)))
      return { ok: false, reason: `not a domain name (label ${show(label)}): ${show(raw)}` };
  }
  if (/^[0-9]+$/.test(labels[labels.length - 1]!))
    return { ok: false, reason: `numeric top-level domain: ${show(raw)}` };
  return { ok: true, value };
}

function url(raw: string): Canonical {
  if (raw.length > MAX_URL) return { ok: false, reason: `URL longer than ${MAX_URL} characters` };
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw)
    ? raw
    : /^[^\s/:]+\.[^\s/:]+([:/?#]|$)/.test(raw)
      ? `http://${raw}`
      : raw;
  let parsed: URL;
  try {
    parsed = new URL(withScheme);
  } catch {
    return { ok: false, reason: `not a URL: ${show(raw)}` };
  }
  if (!URL_SCHEMES.has(parsed.protocol))
    return { ok: false, reason: `unsupported URL scheme ${show(parsed.protocol)}: ${show(raw)}` };
  if (!parsed.hostname) return { ok: false, reason: `URL without a host: ${show(raw)}` };
  const serialised = parsed.href;
  if (/\s/.test(serialised)) return { ok: false, reason: `URL with white space: ${show(raw)}` };
  return { ok: true, value: serialised };
}

function email(raw: string): Canonical {
  const at = raw.lastIndexOf('@');
  if (at <= 0 || at === raw.length - 1 || /\s/.test(raw) || raw.length > 254)
    return { ok: false, reason: `not an e-mail address: ${show(raw)}` };
  const domain = canonicalDomain(raw.slice(at + 1));
  if (!domain.ok) return { ok: false, reason: `not an e-mail address (${domain.reason})` };
  // The local part is case-sensitive (RFC 5321): kept as given.
  return { ok: true, value: `${raw.slice(0, at)}@${domain.value}` };
}

function hash(type: keyof typeof HASH_LENGTHS, raw: string): Canonical {
  const value = raw.toLowerCase();
  const length = HASH_LENGTHS[type];
  if (value.length !== length || !/^[0-9a-f]+$/.test(value))
    return {
      ok: false,
      reason: `not a ${type.toUpperCase()} hash (${length} hexadecimal characters): ${show(raw)}`,
    };
  return { ok: true, value };
}

export function canonicalIndicator(type: IndicatorType, raw: string): Canonical {
  switch (type) {
    case 'user-agent':
    case 'filename':
    case 'mutex':
    case 'registry-key':
    case 'email-subject':
      return canonicalText(type, raw);
    case 'asn':
      return canonicalAsn(raw);
    case 'ja3':
    case 'ja3s':
      return canonicalJa3(type, raw);
    case 'ja4':
      return canonicalJa4(raw);
    default:
      return canonicalAddressOrHash(type, refang(raw));
  }
}

/** Addresses, names and hashes: refanged first (feeds defang them so they cannot be clicked). */
function canonicalAddressOrHash(
  type: Exclude<IndicatorType, TextObservable | 'asn' | 'ja3' | 'ja3s' | 'ja4'>,
  value: string,
): Canonical {
  if (value === '') return { ok: false, reason: 'empty value' };
  switch (type) {
    case 'ipv4':
      return ipv4(value);
    case 'ipv6':
      return ipv6(value);
    case 'domain':
      return canonicalDomain(value);
    case 'url':
      return url(value);
    case 'email':
      return email(value);
    case 'ipv4-cidr':
      return canonicalIpv4Cidr(value);
    case 'ipv6-cidr':
      return canonicalIpv6Cidr(value);
    default:
      return hash(type, value);
  }
}

/** The type a bare value most likely is (for pasted lists); undefined when none fits. */
export function detectIndicatorType(raw: string): IndicatorType | undefined {
  const value = refang(raw);
  if (isIPv4(value)) return 'ipv4';
  const range = /^([^/\s]+)\/[0-9]{1,3}$/.exec(value)?.[1];
  if (range && isIPv4(range)) return 'ipv4-cidr';
  if (range && isIPv6(range)) return 'ipv6-cidr';
  if (/^AS[0-9]{1,10}$/i.test(value)) return 'asn';
  if (canonicalJa4(value).ok) return 'ja4';
  if (isIPv6(value.replace(/^\[|\]$/g, ''))) return 'ipv6';
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return 'url';
  if (/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value)) return 'email';
  if (/^[0-9a-f]+$/i.test(value)) {
    const byLength = { 32: 'md5', 40: 'sha1', 64: 'sha256', 128: 'sha512' } as const;
    return byLength[value.length as keyof typeof byLength];
  }
  if (canonicalDomain(value).ok) return 'domain';
  if (/^[^\s/]+\.[^\s/]+\//.test(value)) return 'url';
  return undefined;
}
