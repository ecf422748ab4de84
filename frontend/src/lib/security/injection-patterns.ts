/**
 * What the global input guard looks for (SPEC §5): script tags, javascript:, data:text/html, vbscript:,
 * iframe tags, onload=, onerror=, eval(, document.cookie and document.write, in any case.
 *
 * Values are normalised first, so the usual filter-evasion tricks do not hide a pattern:
 * - NFKC folds full-width and other compatibility forms (`＜script＞` → `<script>`);
 * - NUL, C0 controls and zero-width characters are removed (`java\0script:`, `ja\u200bvascript:`), as
 *   browsers drop them inside URL schemes;
 * - HTML entities (`&#106;`, `&#x6A`, `&colon;`), percent-encoding (also double) and JS escapes (`\x3c`,
 *   `\u003c`) are decoded, a few rounds, because a value may be decoded again where it is used;
 * - whitespace is tolerated where browsers or JS tolerate it (inside schemes, around `=` and `(`).
 */

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const INVISIBLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u00ad\u200b-\u200f\u2060\ufeff]/g;

const NAMED_ENTITIES: Record<string, string> = {
  lt: '<',
  gt: '>',
  colon: ':',
  lpar: '(',
  rpar: ')',
  sol: '/',
  period: '.',
  equals: '=',
  quot: '"',
  apos: "'",
  amp: '&',
  tab: '\t',
  newline: '\n',
};

function fromCodePoint(code: number): string {
  return code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}

function decodeOnce(value: string): string {
  return value
    .replace(/&#x0*([0-9a-f]{1,6});?/gi, (_m, hex: string) => fromCodePoint(parseInt(hex, 16)))
    .replace(/&#0*([0-9]{1,7});?/g, (_m, dec: string) => fromCodePoint(parseInt(dec, 10)))
    .replace(/&([a-z]+);?/gi, (match, name: string) => NAMED_ENTITIES[name.toLowerCase()] ?? match)
    .replace(/%([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\\u\{?([0-9a-f]{4,6})\}?/gi, (_m, hex: string) => fromCodePoint(parseInt(hex, 16)))
    .replace(/\\x([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const DECODE_ROUNDS = 3;

/** The forms of `value` the patterns are tested against (original and decoded, normalised). */
export function normalizeForInspection(value: string): string[] {
  const forms: string[] = [];
  let current = value;
  for (let round = 0; round <= DECODE_ROUNDS; round += 1) {
    forms.push(current.normalize('NFKC').replace(INVISIBLE, '').toLowerCase());
    const next = decodeOnce(current);
    if (next === current) break;
    current = next;
  }
  return forms;
}

const GAP = String.raw`\s*`;
/** A keyword whose letters may be separated by whitespace (tab/newline inside a scheme still works). */
function spaced(word: string): string {
  return [...word].join(GAP);
}

export const INJECTION_PATTERNS: ReadonlyArray<{ name: string; pattern: RegExp }> = [
  { name: 'script_tag', pattern: /<\s*\/?\s*script\b/ },
  { name: 'javascript_url', pattern: new RegExp(spaced('javascript') + GAP + ':') },
  { name: 'data_html', pattern: new RegExp(spaced('data') + GAP + String.raw`:\s*text\s*/\s*html`) },
  { name: 'vbscript_url', pattern: new RegExp(spaced('vbscript') + GAP + ':') },
  { name: 'iframe_tag', pattern: /<\s*\/?\s*iframe\b/ },
  { name: 'onload_handler', pattern: /\bonload\s*=/ },
  { name: 'onerror_handler', pattern: /\bonerror\s*=/ },
  { name: 'eval_call', pattern: /\beval\s*\(/ },
  { name: 'document_cookie', pattern: /\bdocument\s*(?:\.\s*|\[\s*['"`]\s*)cookie\b/ },
  { name: 'document_write', pattern: /\bdocument\s*(?:\.\s*|\[\s*['"`]\s*)write(?:ln)?\b/ },
];

/** Names of the patterns `value` matches (empty when it is clean). */
export function findInjectionPatterns(value: string): string[] {
  if (value === '') return [];
  const forms = normalizeForInspection(value);
  return INJECTION_PATTERNS.filter(({ pattern }) => forms.some((form) => pattern.test(form))).map(
    (p) => p.name,
  );
}
