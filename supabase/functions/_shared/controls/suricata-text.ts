/**
 * Escaping per the Suricata rule language (https://docs.suricata.io/en/latest/rules/intro.html,
 * "Rule options": `;`, `\` and `"` have special meaning in option values and are escaped with a
 * backslash; and rules/payload-keywords.html, "content": those and `|` may be written as hex bytes
 * between pipes, e.g. `|3B|`).
 */

/** A `content:"…"` value: printable ASCII as is, `; " \ |`, controls and non-ASCII bytes as |hex|. */
export function contentValue(text: string): string {
  let result = '';
  let hex: string[] = [];
  for (const byte of Buffer.from(text, 'utf8')) {
    const safe = byte >= 0x20 && byte < 0x7f && !';"\\|'.includes(String.fromCharCode(byte));
    if (safe) {
      if (hex.length) result += `|${hex.join(' ')}|`;
      hex = [];
      result += String.fromCharCode(byte);
    } else hex.push(byte.toString(16).toUpperCase().padStart(2, '0'));
  }
  if (hex.length) result += `|${hex.join(' ')}|`;
  return result;
}

/** A `msg:"…"` value: one line of printable ASCII with `\ ; "` escaped, at most `max` characters. */
export function msgValue(text: string, max = 200): string {
  let clean = text.replace(/[^\x20-\x7e]+/g, '?');
  if (clean.length > max) clean = `${clean.slice(0, max - 3)}...`;
  return clean.replace(/[\\;"]/g, (c) => `\\${c}`);
}

/** A metadata value: letters, digits and `. _ + -` (commas and semicolons end a pair or the option). */
export const metadataValue = (text: string): string => text.replace(/[^A-Za-z0-9._+-]+/g, '_').slice(0, 100);

/** A `reference:url,…` target (reference.config prefixes http://), or null when it would need escaping. */
export function referenceUrl(url: string | null): string | null {
  if (!url) return null;
  const bare = url.replace(/^https?:\/\//i, '');
  return /^[\x21-\x7e]+$/.test(bare) && !/[;"\\,]/.test(bare) && bare.length <= 400 ? bare : null;
}
