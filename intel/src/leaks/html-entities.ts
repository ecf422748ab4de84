/**
 * Leak sites are scraped as HTML and their titles arrive escaped (`Dillard Door &amp; Security`),
 * some several times over: termite's `News-Press &amp;amp;amp; Gazette Co.` grew one `amp;` per
 * re-scrape. So decoding repeats until nothing changes. A name that really contains the text
 * `&lt;` is implausible; a name mangled by repeated escaping is in the data.
 */

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos));/g;

/** Bounds the work on a hostile `&amp;amp;amp;…` (each round shortens it, so it ends anyway). */
const MAX_ROUNDS = 16;

/** A code point a title may hold: not NUL, not a lone surrogate, not past U+10FFFF. */
const usable = (code: number): boolean => code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);

function decodeOnce(text: string): string {
  return text.replace(
    ENTITY,
    (whole, decimal: string | undefined, hex: string | undefined, name?: string) => {
      if (name !== undefined) return NAMED[name] ?? whole;
      const code = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex ?? '', 16);
      return usable(code) ? String.fromCodePoint(code) : whole;
    },
  );
}

/** `&amp; &lt; &gt; &quot; &apos; &#NNN; &#xHH;` decoded; anything else (`&nbsp;`, `&#0;`) as given. */
export function decodeHtmlEntities(text: string): string {
  let current = text;
  for (let round = 0; round < MAX_ROUNDS && current.includes('&'); round++) {
    const next = decodeOnce(current);
    if (next === current) break;
    current = next;
  }
  return current;
}
