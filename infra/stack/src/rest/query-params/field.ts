/** Field names and JSON paths, shared by select, filters, order and logic trees. */
import type { Cursor } from './cursor.js';
import type { Field, JsonStep } from './types.js';

const IDENT_CHAR = /[\p{L}\p{N}_ $]/u;
const FIELD_NAME_EXPECTING = 'field name (* or [a..z0..9_$])';

/** `"..."` with backslash escapes; returns undefined when no quote comes next. */
export function parseQuoted(c: Cursor): string | undefined {
  if (c.peek() !== '"') return undefined;
  c.pos++;
  let out = '';
  for (;;) {
    if (c.eof) throw c.error('"\\"" (closing quote)');
    const ch = c.peek();
    c.pos++;
    if (ch === '"') return out;
    if (ch === '\\') {
      if (c.eof) throw c.error('escaped character');
      out += c.peek();
      c.pos++;
    } else {
      out += ch;
    }
  }
}

/** A dash joins identifier parts unless it starts an arrow (`->`). */
function isJoiningDash(c: Cursor): boolean {
  return c.peek() === '-' && c.peek(1) !== '>';
}

function readWhile(c: Cursor, accept: (ch: string) => boolean): string {
  const start = c.pos;
  for (;;) {
    const ch = c.peek();
    if (ch !== '' && accept(ch)) {
      c.pos++;
      continue;
    }
    if (isJoiningDash(c) && c.pos > start && accept(c.peek(1) || '\0')) {
      c.pos++;
      continue;
    }
    return c.text.slice(start, c.pos);
  }
}

export function parseFieldName(c: Cursor): string {
  const quoted = parseQuoted(c);
  if (quoted !== undefined) return quoted;
  const name = readWhile(c, (ch) => IDENT_CHAR.test(ch)).trim();
  if (name === '') throw c.error(FIELD_NAME_EXPECTING);
  return name;
}

/** Identifiers after `::` (casts) and in `fts(lang)`: letters, digits, `_`, `$`, spaces. */
export function parseIdentifier(c: Cursor, expecting = 'identifier'): string {
  const start = c.pos;
  while (IDENT_CHAR.test(c.peek() || '\0')) c.pos++;
  const out = c.text.slice(start, c.pos).trim();
  if (out === '') throw c.error(expecting);
  return out;
}

function isIndexEnd(c: Cursor): boolean {
  return c.eof || c.startsWith('->') || c.startsWith('::') || ['.', ',', ')'].includes(c.peek());
}

function parseJsonOperand(c: Cursor): { key: string; isIndex: boolean } {
  const match = /^-?\d+/.exec(c.text.slice(c.pos));
  if (match) {
    const save = c.pos;
    c.pos += match[0].length;
    if (isIndexEnd(c)) return { key: match[0], isIndex: true };
    c.pos = save;
  }
  const quoted = parseQuoted(c);
  if (quoted !== undefined) return { key: quoted, isIndex: false };
  const key = readWhile(c, (ch) => !'(-:.,>)'.includes(ch)).trim();
  if (key === '') throw c.error('any non reserved character different from: .,>()');
  return { key, isIndex: false };
}

export function parseJsonPath(c: Cursor): JsonStep[] {
  const steps: JsonStep[] = [];
  for (;;) {
    let arrow: JsonStep['arrow'];
    if (c.accept('->>')) arrow = '->>';
    else if (c.accept('->')) arrow = '->';
    else return steps;
    steps.push({ arrow, ...parseJsonOperand(c) });
  }
}

export function parseField(c: Cursor): Field {
  c.skipSpaces();
  const name = parseFieldName(c);
  const jsonPath = parseJsonPath(c);
  c.skipSpaces();
  return { name, jsonPath };
}

/** The key a JSON path shows up under when no alias is given (PostgREST: last key, else column). */
export function defaultFieldKey(field: Field): string {
  for (let i = field.jsonPath.length - 1; i >= 0; i--) {
    const step = field.jsonPath[i]!;
    if (!step.isIndex) return step.key;
  }
  return field.name;
}
