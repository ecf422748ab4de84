/**
 * Masks personal data in values before they go into secure storage (SPEC §5): e-mail addresses, social
 * security numbers, card numbers and phone numbers. Card candidates must pass the Luhn check, so ids and
 * timestamps with many digits are not mistaken for cards.
 */

export const MASKS = {
  email: '[EMAIL]',
  ssn: '[SSN]',
  card: '[CARD]',
  phone: '[PHONE]',
} as const;

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;
/** 123-45-6789 or 123 45 6789 (a bare 9-digit run is too often something else). */
const SSN = /\b\d{3}([- ])\d{2}\1\d{4}\b/g;
/** 13–19 digits, optionally grouped by single spaces or hyphens. */
const CARD_CANDIDATE = /\b\d(?:[ -]?\d){12,18}\b/g;
/**
 * Three groups separated by space, dot or hyphen (optionally +CC or (area) first), or +digits. Not part of a
 * longer dotted number, so IPv4 addresses and versions are left alone.
 */
const PHONE =
  /(?<![\d.])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)|\b\d{2,4})[\s.-]\d{3,4}[\s.-]\d{3,4}\b(?!\.\d)|\+\d{8,15}\b/g;

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let digit = digits.charCodeAt(i) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** E.164 allows at most 15 digits; fewer than 9 is a short code, a version or a date part, not a phone. */
function isPhoneLength(digits: number): boolean {
  return digits >= 9 && digits <= 15;
}

export function maskSensitiveText(text: string): string {
  return text
    .replace(EMAIL, MASKS.email)
    .replace(CARD_CANDIDATE, (match) => (passesLuhn(match.replace(/\D/g, '')) ? MASKS.card : match))
    .replace(SSN, MASKS.ssn)
    .replace(PHONE, (match) => (isPhoneLength(match.replace(/\D/g, '').length) ? MASKS.phone : match));
}

/** Masks every string inside `value`, however deeply nested; other values are kept as they are. */
export function maskSensitiveValue(value: unknown, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === 'string') return maskSensitiveText(value);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return undefined;
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => maskSensitiveValue(item, seen));
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) copy[key] = maskSensitiveValue(field, seen);
  return copy;
}
