import type { Canonical } from './canonical-result.js';

/**
 * Canonical forms of the observables that are not addresses or names: ASNs, TLS fingerprints and
 * free text (user agents, file names, mutexes, registry keys, e-mail subjects). Free text is kept
 * as given: it is matched byte for byte, and refanging `[.]` inside a file name would change it.
 */

const show = (value: string) => JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
const MAX_ASN = 4_294_967_295;

/**
 * `AS13335`, `as 13335`, `ASN13335` or `13335` → `AS13335`: RFC 5396's "asplain" number after
 * `AS`, how analysts write and search it, MISP sends it and the STIX pattern's number reads back.
 * The asdot form of a 4-byte number (`AS1.10`, RFC 5396 §1) is the same AS: `AS65546`.
 */
export function canonicalAsn(raw: string): Canonical {
  const match = /^(?:asn?\s*)?(?:([0-9]{1,5})\.)?([0-9]{1,10})$/i.exec(raw.trim());
  const [high, low] = [match?.[1], match?.[2]];
  const asdot = high !== undefined && Number(high) <= 65535 && Number(low) <= 65535;
  const number =
    match === null || (high !== undefined && !asdot) ? NaN : Number(high ?? 0) * 65536 + Number(low);
  if (!Number.isInteger(number) || number > MAX_ASN)
    return { ok: false, reason: `not an autonomous system number (AS0 … AS${MAX_ASN}): ${show(raw)}` };
  return { ok: true, value: `AS${number}` };
}

/** JA3 and JA3S are MD5 digests of the hello's fields. */
export function canonicalJa3(kind: 'ja3' | 'ja3s', raw: string): Canonical {
  const value = raw.trim().toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(value))
    return {
      ok: false,
      reason: `not a ${kind.toUpperCase()} fingerprint (32 hexadecimal characters): ${show(raw)}`,
    };
  return { ok: true, value };
}

/**
 * FoxIO's JA4 (technical_details/JA4.md): protocol t/q/d, TLS version (13, 12, s3, d1, 00 …), SNI
 * d/i, two-digit cipher and extension counts, the ALPN's first and last characters, then two
 * 12-character truncated SHA-256 digests: `t13d1516h2_8daaf6152771_b186095e22b6`.
 */
const JA4 = /^[tqd][0-9a-z]{2}[di][0-9]{2}[0-9]{2}[0-9a-z]{2}_[0-9a-f]{12}_[0-9a-f]{12}$/;

export function canonicalJa4(raw: string): Canonical {
  const value = raw.trim().toLowerCase();
  if (!JA4.test(value))
    return {
      ok: false,
      reason: `not a JA4 fingerprint (like t13d1516h2_8daaf6152771_b186095e22b6): ${show(raw)}`,
    };
  return { ok: true, value };
}

export type TextObservable = 'user-agent' | 'filename' | 'mutex' | 'registry-key' | 'email-subject';

const LABELS: Record<TextObservable, string> = {
  'user-agent': 'user agent',
  filename: 'file name',
  mutex: 'mutex name',
  'registry-key': 'registry key',
  'email-subject': 'e-mail subject',
};

/** Registry hives as Windows abbreviates them, written out as STIX windows-registry-key wants. */
const HIVES: Record<string, string> = {
  HKLM: 'HKEY_LOCAL_MACHINE',
  HKCU: 'HKEY_CURRENT_USER',
  HKCR: 'HKEY_CLASSES_ROOT',
  HKU: 'HKEY_USERS',
  HKCC: 'HKEY_CURRENT_CONFIG',
};

function registryKey(value: string): string {
  // MISP exports often carry the JSON escaping twice (`HKLM\\Software`): one separator is meant.
  const single = value.replace(/\\{2,}/g, '\\').replace(/\\+$/, '');
  const hive = /^([^\\]+)(\\|$)/.exec(single)?.[1] ?? '';
  const full = HIVES[hive.toUpperCase()] ?? (/^HKEY_/i.test(hive) ? hive.toUpperCase() : undefined);
  return full ? full + single.slice(hive.length) : single;
}

export function canonicalText(type: TextObservable, raw: string): Canonical {
  // A folded header (`Subject: a\r\n b`) is one line: the fold becomes one space.
  const unfolded = type === 'email-subject' ? raw.replace(/\r?\n[ \t]+/g, ' ') : raw;
  const trimmed = unfolded.trim();
  const value = type === 'registry-key' ? registryKey(trimmed).trim() : trimmed;
  if (value === '') return { ok: false, reason: `empty ${LABELS[type]}` };
  // MISP writes "either hive" as `(HKLM|HKCU)\…`: a pattern of keys, which no telemetry equals.
  if (type === 'registry-key' && /^\(.*\|.*\)/.test(value))
    return { ok: false, reason: `a pattern of several registry keys, not one key: ${show(raw)}` };
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f-\u009f]/.test(value))
    return { ok: false, reason: `${LABELS[type]} with a control character or line break: ${show(raw)}` };
  return { ok: true, value };
}
