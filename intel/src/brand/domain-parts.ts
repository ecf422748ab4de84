import { domainToASCII, domainToUnicode, isIpAddress } from './idna.js';
import { LookalikeInputError } from './input-error.js';

/**
 * Splits a watched domain into what stays (the subdomain labels in front, the public suffix behind)
 * and the one label the families permute, as dnstwist does with its (subdomain, domain, tld) triple.
 *
 * We do not ship the Public Suffix List (~10 000 rules, updated weekly): a lookalike generator only
 * needs to avoid permuting `co` in `google.co.uk`. Two rules cover that well enough:
 *  - a short list of common multi-label suffixes (below), and
 *  - under a two-letter country-code TLD, a generic second level (`com`, `co`, `org`, `ac`, …) counts
 *    as part of the suffix, the fallback dnstwist itself uses when its `tld` package is missing.
 * A private suffix (`github.io`) or a rare public one is treated as a plain domain and its left label
 * is permuted, which still yields sensible candidates.
 */
// prettier-ignore
const MULTI_LABEL_SUFFIXES: ReadonlySet<string> = new Set([
  'co.uk', 'org.uk', 'me.uk', 'ltd.uk', 'plc.uk', 'net.uk', 'gov.uk', 'ac.uk', 'nhs.uk', 'police.uk',
  'com.au', 'net.au', 'org.au', 'edu.au', 'gov.au', 'id.au',
  'co.nz', 'org.nz', 'govt.nz', 'ac.nz',
  'co.jp', 'ne.jp', 'or.jp', 'ac.jp', 'go.jp', 'ad.jp',
  'com.br', 'net.br', 'org.br', 'gov.br',
  'com.cn', 'net.cn', 'org.cn', 'gov.cn',
  'com.tw', 'net.tw', 'org.tw',
  'co.kr', 'or.kr', 'go.kr',
  'co.in', 'net.in', 'org.in', 'gov.in',
  'com.mx', 'com.ar', 'com.tr', 'com.sg', 'com.hk', 'com.my', 'com.ph', 'com.ua', 'com.pl',
  'co.za', 'co.il', 'co.id', 'co.th',
]);

// prettier-ignore
const GENERIC_SECOND_LEVELS: ReadonlySet<string> = new Set([
  'com', 'net', 'org', 'co', 'ac', 'edu', 'gov', 'mil', 'ne', 'or', 'go', 'nom', 'info', 'biz',
]);

/** LDH label; a `--` in positions 3–4 is reserved (RFC 5891) and only valid as `xn--` punycode. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export function isValidLabel(label: string): boolean {
  if (!LABEL.test(label)) return false;
  if (label.slice(2, 4) !== '--') return true;
  // domainToASCII returns '' for a label that is not well-formed punycode.
  return label.startsWith('xn--') && domainToASCII(label) === label;
}

/** An ASCII (punycode) host name as registries and resolvers accept it. */
export function isValidHostname(ascii: string): boolean {
  if (ascii.length > 253) return false;
  const labels = ascii.split('.');
  // A numeric last label would make the name parse as an IPv4 address.
  if (labels.length < 2 || /^[0-9]+$/.test(labels[labels.length - 1]!)) return false;
  return labels.every(isValidLabel);
}

export interface DomainParts {
  /** The whole input in ASCII form, for excluding it from the results. */
  ascii: string;
  /** Labels in front of the permuted one, ASCII, possibly empty (`www`, `mail.eu`). */
  subdomain: readonly string[];
  /** The permuted label in its display (Unicode) form, as dnstwist permutes the decoded label. */
  label: string;
  /** The public suffix, ASCII, one label or more (`com`, `co.uk`). */
  suffix: string;
}

// Characters of a URL or an address, which domainToASCII would silently cut at or strip.
const NOT_IN_A_NAME = /[\s/\\:@?#[\]%]/u;

export function publicSuffixLength(labels: readonly string[]): number {
  const last = labels[labels.length - 1]!;
  const lastTwo = labels.slice(-2).join('.');
  if (labels.length >= 2 && MULTI_LABEL_SUFFIXES.has(lastTwo)) return 2;
  if (labels.length >= 2 && last.length === 2 && GENERIC_SECOND_LEVELS.has(labels[labels.length - 2]!))
    return 2;
  return 1;
}

export function splitDomain(input: string): DomainParts {
  if (typeof input !== 'string') throw new LookalikeInputError('the domain must be a string');
  let raw = input.trim();
  if (raw.endsWith('.')) raw = raw.slice(0, -1);
  if (raw === '') throw new LookalikeInputError('empty domain name');
  const show = JSON.stringify(input);
  if (isIpAddress(raw)) throw new LookalikeInputError(`an IP address, not a domain name: ${show}`);
  if (NOT_IN_A_NAME.test(raw))
    throw new LookalikeInputError(`invalid characters (a URL or an address?) in domain name: ${show}`);
  // NFC first: an accent typed as a combining mark is the same name as the precomposed letter.
  const ascii = domainToASCII(raw.normalize('NFC'));
  if (ascii === '') throw new LookalikeInputError(`not a valid (internationalised) domain name: ${show}`);
  // The WHATWG host parser also reads `0x7f.1` as an IPv4 address.
  if (isIpAddress(ascii)) throw new LookalikeInputError(`an IP address, not a domain name: ${show}`);
  const labels = ascii.split('.');
  if (labels.length < 2) throw new LookalikeInputError(`a single-label name is not a domain: ${show}`);
  if (!isValidHostname(ascii)) throw new LookalikeInputError(`invalid characters or label lengths: ${show}`);
  const suffixLength = publicSuffixLength(labels);
  if (labels.length <= suffixLength)
    throw new LookalikeInputError(`a public suffix, not a registrable domain: ${show}`);
  const at = labels.length - suffixLength - 1;
  return {
    ascii,
    subdomain: labels.slice(0, at),
    label: domainToUnicodeLabel(labels[at]!),
    suffix: labels.slice(at + 1).join('.'),
  };
}

function domainToUnicodeLabel(label: string): string {
  // Alone, a numeric label (`123`) would be read as an IPv4 address; a dummy TLD prevents that.
  return domainToUnicode(`${label}.invalid`).split('.')[0]!;
}
