/**
 * The bits of the platform's model that exports for controls need, shared by the intel CLI (Node)
 * and the edge functions (Deno): no runtime-specific API here.
 */

export const TLP_LEVELS = ['clear', 'green', 'amber', 'amber+strict', 'red'] as const;
export type Tlp = (typeof TLP_LEVELS)[number];

/** The indicator types the knowledge base keeps, one canonical form each (intel's normalise/). */
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

export const isTlp = (name: string): name is Tlp => (TLP_LEVELS as readonly string[]).includes(name);
export const isIndicatorType = (name: string): name is IndicatorType =>
  (INDICATOR_TYPES as readonly string[]).includes(name);

/**
 * One CSV cell. Intelligence is hostile: a cell starting with = + - @ tab or carriage return would
 * run as a formula in a spreadsheet, so it gets a leading quote, the rule the app's CSV export
 * applies (Papa Parse's escapeFormulae); quotes, commas and line breaks are quoted per RFC 4180.
 */
export function csvCell(value: unknown): string {
  let text = value === undefined || value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
