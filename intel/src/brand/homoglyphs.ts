/**
 * Characters that read as others. Our own table, grouped by why they confuse; the equivalences
 * themselves are facts about glyph shapes (the Unicode confusables data lists most of them).
 * Keys are ASCII (one or two characters, so `rn` ↔ `m` works both ways); values are single
 * lower-case characters or ASCII strings. Every non-ASCII glyph here is a valid IDNA character that
 * `domainToASCII` keeps as it is (the tests check that), so each yields an `xn--` label.
 */

/** Lookalikes within plain ASCII: the ones a non-IDN registry (`.uk`, `.nl`) still allows. */
// prettier-ignore
const ASCII_GLYPHS: Readonly<Record<string, readonly string[]>> = {
  '0': ['o'], '1': ['l', 'i'], '5': ['s'], '8': ['b'], '9': ['g', 'q'],
  b: ['d', '8'], c: ['e'], d: ['b', 'cl'], e: ['c'], g: ['q', '9'], h: ['lh'], i: ['1', 'l', 'j'],
  k: ['lc'], l: ['1', 'i'], m: ['rn', 'nn', 'n'], n: ['m', 'r'], o: ['0'], q: ['g'], s: ['5'],
  u: ['v'], v: ['u'], w: ['vv'], cl: ['d'], nn: ['m'], rn: ['m'], vv: ['w'],
};

/** Latin letters with diacritics, hooks, strokes, small capitals and IPA forms. */
// prettier-ignore
const LATIN_GLYPHS: Readonly<Record<string, string>> = {
  a: 'àáâãäåāăąǎȧạảɑ', b: 'ḃḅḇƀɓƅ', c: 'çćĉċčƈᴄ', d: 'ďđḋḍḏḑɗɖ', e: 'èéêëēĕėęěȩẹẻẽ',
  f: 'ḟƒ', g: 'ĝğġģǧǵɡɢ', h: 'ĥħȟḣḥḧḩɦ', i: 'ìíîïĩīĭįıǐỉịɩɨɪ', j: 'ĵǰʝ', k: 'ķǩḱḳḵĸᴋ',
  l: 'ĺļľłḷɫ', m: 'ḿṁṃɱᴍ', n: 'ñńņňǹṅṇṉŋ', o: 'òóôõöøōŏőơȯọỏᴏ', p: 'ṕṗƥ', q: 'ʠ',
  r: 'ŕŗřȑȓṙṛṟɍɽɾʀ', s: 'śŝşšșṡṣʂꜱ', t: 'ţťŧțṫṭƫ', u: 'ùúûüũūŭůűųưǔụủʉᴜ', v: 'ṽṿᴠ',
  w: 'ŵẁẃẅẇẉẘᴡ', x: 'ẋẍ', y: 'ýÿŷȳẏỳỵƴɏʏ', z: 'źżžƶẓẕʐᴢ', ae: 'æ', oe: 'œ',
};

/** Cyrillic letters drawn like Latin ones: the classic IDN homograph material. */
// prettier-ignore
const CYRILLIC_GLYPHS: Readonly<Record<string, string>> = {
  a: 'а', c: 'с', d: 'ԁ', e: 'е', h: 'һ', i: 'і', j: 'ј', l: 'ӏ', o: 'о', p: 'р', q: 'ԛ', s: 'ѕ',
  w: 'ԝ', x: 'х', y: 'у',
};
/** Greek and Armenian lower-case letters close to Latin ones in most fonts. */
// prettier-ignore
const GREEK_GLYPHS: Readonly<Record<string, string>> = {
  a: 'α', i: 'ι', k: 'κ', n: 'η', o: 'ο', p: 'ρ', t: 'τ', u: 'υ', v: 'ν', x: 'χ',
};
// prettier-ignore
const ARMENIAN_GLYPHS: Readonly<Record<string, string>> = {
  g: 'ց', h: 'հ', n: 'ո', o: 'օ', q: 'զ', u: 'ս',
};

/**
 * Whole-label Cyrillic spelling (dnstwist's separate `cyrillic` family, which we tag `homoglyph`):
 * registries such as Verisign refuse labels that mix scripts, so the registrable homograph of
 * `apple` is `аррӏе`, all Cyrillic. The weaker shapes (ь for b, к for k, т for t) are acceptable here,
 * where the whole label is rendered in one script.
 */
// prettier-ignore
const CYRILLIC_LETTERS: Readonly<Record<string, string>> = {
  ...CYRILLIC_GLYPHS,
  b: 'ь', g: 'ԍ', k: 'к', m: 'м', t: 'т', v: 'ѵ',
};

type GlyphTable = ReadonlyMap<string, readonly string[]>;

function buildTable(withUnicode: boolean): GlyphTable {
  const table = new Map<string, string[]>();
  const add = (key: string, glyphs: Iterable<string>) => {
    const list = table.get(key) ?? [];
    for (const glyph of glyphs) if (!list.includes(glyph)) list.push(glyph);
    table.set(key, list);
  };
  for (const [key, glyphs] of Object.entries(ASCII_GLYPHS)) add(key, glyphs);
  if (withUnicode) {
    for (const source of [CYRILLIC_GLYPHS, GREEK_GLYPHS, ARMENIAN_GLYPHS, LATIN_GLYPHS])
      for (const [key, glyphs] of Object.entries(source)) add(key, [...glyphs]);
  }
  return table;
}

const ASCII_TABLE = buildTable(false);
const FULL_TABLE = buildTable(true);

/**
 * Registries that take no Latin-script IDN labels: `.uk`, `.nl`, `.cz`, `.us`, … take none at all;
 * `.jp`, `.cn`, `.tw`, `.kr` take only their own scripts. An IDN lookalike under them cannot exist,
 * so only ASCII lookalikes are generated (dnstwist keeps a similar per-TLD table).
 */
// prettier-ignore
const NO_LATIN_IDN_TLDS: ReadonlySet<string> = new Set([
  'uk', 'nl', 'cz', 'sk', 'us', 'edu', 'gov', 'mil', 'ad', 'jp', 'cn', 'tw', 'kr',
]);

export function acceptsLatinIdn(suffix: string): boolean {
  return !NO_LATIN_IDN_TLDS.has(suffix.slice(suffix.lastIndexOf('.') + 1));
}

/** Every label one substitution away from `label`: one character or one two-character window. */
function* substitutions(label: string, table: GlyphTable): Generator<string> {
  const chars = [...label];
  for (let i = 0; i < chars.length; i++) {
    for (const width of [1, 2]) {
      if (i + width > chars.length) continue;
      const key = chars.slice(i, i + width).join('');
      const before = chars.slice(0, i).join('');
      const after = chars.slice(i + width).join('');
      for (const glyph of table.get(key) ?? []) yield before + glyph + after;
    }
  }
}

/**
 * First-order homoglyphs: one substitution, then the whole-label Cyrillic spelling. Without
 * `unicode`, only ASCII lookalikes.
 */
export function* homoglyphs(label: string, unicode: boolean): Generator<string> {
  yield* substitutions(label, unicode ? FULL_TABLE : ASCII_TABLE);
  if (unicode) {
    const cyrillic = wholeCyrillic(label);
    if (cyrillic !== undefined) yield cyrillic;
  }
}

/**
 * Second-order homoglyphs: two substitutions, as dnstwist also generates. There are thousands, so
 * the caller ranks them after every other candidate and stops drawing from this generator at its limit.
 */
export function* secondOrderHomoglyphs(label: string, unicode: boolean): Generator<string> {
  const table = unicode ? FULL_TABLE : ASCII_TABLE;
  for (const once of substitutions(label, table)) yield* substitutions(once, table);
}

/** `label` spelt in Cyrillic when every letter has a Cyrillic twin; digits and hyphens stay. */
export function wholeCyrillic(label: string): string | undefined {
  if (!/^[a-z0-9-]*[a-z][a-z0-9-]*$/.test(label)) return undefined;
  let spelt = '';
  for (const char of label) {
    const twin = /[a-z]/.test(char) ? CYRILLIC_LETTERS[char] : char;
    if (twin === undefined) return undefined;
    spelt += twin;
  }
  return spelt;
}

/** The non-ASCII glyphs of the table, for the tests that check each survives IDNA processing. */
export function unicodeGlyphs(): string[] {
  const all = new Set<string>();
  for (const glyphs of FULL_TABLE.values())
    for (const g of glyphs) if (!/^[\p{ASCII}]*$/u.test(g)) all.add(g);
  for (const twin of Object.values(CYRILLIC_LETTERS)) all.add(twin);
  return [...all];
}
