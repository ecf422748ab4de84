/**
 * An indicator typed or pasted by an analyst, read exactly as the importers read feeds: the same
 * module (intel/src/normalise/canonical.ts, browser-safe) undoes defanging (`hxxp`, `[.]`, `(dot)`)
 * and gives one canonical text per type — lower-case where case carries no meaning, IDNA punycode for
 * names, RFC 5952 for IPv6, WHATWG serialisation for URLs. This file only words the answer for the
 * page; the database re-checks every value an analyst writes.
 */
import { canonicalIndicator as canonical, detectIndicatorType } from '@intel/canonical';
import { INDICATOR_TYPES, type IndicatorType } from '@intel/model';
import { refang } from '@intel/refang';

export { INDICATOR_TYPES, type IndicatorType };

export type IndicatorInput = { ok: true; type: IndicatorType; value: string } | { ok: false; reason: string };

/** Canonical value of `raw` read as `type`, or why it is no such value, in a sentence. */
export function canonicalIndicator(type: IndicatorType, raw: string): IndicatorInput {
  if (raw.trim() === '') return { ok: false, reason: 'Enter a value.' };
  const result = canonical(type, raw);
  return result.ok
    ? { ok: true, type, value: result.value }
    : { ok: false, reason: `This is not a valid ${TYPE_NAMES[type]}: ${result.reason}.` };
}

/** The type a bare value most likely is (free text has none: its type is chosen), and its canonical text. */
export function readIndicator(raw: string): IndicatorInput {
  if (refang(raw) === '') return { ok: false, reason: 'Enter a value.' };
  const type = detectIndicatorType(raw);
  return type
    ? canonicalIndicator(type, raw)
    : {
        ok: false,
        reason: 'Not an IP address or range, domain, URL, e-mail address, hash, ASN or JA4 fingerprint.',
      };
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
