/**
 * The address a reference (a report, an advisory, a feed's page) may be opened at: an absolute http(s)
 * URL with a host, normalised by the URL parser, or null. Anything else (javascript:, data:, relative
 * paths, credentials in the URL, hidden characters) is never made clickable.
 */

/** Bidi controls, zero-width characters and C0 controls: a URL holding one is disguised, not shown live. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const DISGUISING = /[\u0000-\u001f\u007f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/;

export function externalHref(value: string): string | null {
  const text = value.trim();
  if (text === '' || DISGUISING.test(text) || !/^https?:\/\//i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname) return null;
  if (url.username || url.password) return null;
  return url.href;
}

/** The http(s) URLs inside a text (KEV notes list several, separated by `;`), with their positions. */
export function splitReferences(text: string): Array<{ text: string; href: string | null }> {
  const parts: Array<{ text: string; href: string | null }> = [];
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s;<>"']+/gi)) {
    // A sentence's closing punctuation is not part of the address.
    const raw = match[0].replace(/[.,:)\]]+$/, '');
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start), href: null });
    parts.push({ text: raw, href: externalHref(raw) });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), href: null });
  return parts;
}
