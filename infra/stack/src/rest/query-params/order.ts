/** `order=a.desc.nullslast,b,rel(c).asc` */
import { Cursor } from './cursor.js';
import { parseField, parseFieldName } from './field.js';
import type { OrderTerm } from './types.js';

export function parseOrder(text: string): OrderTerm[] {
  const c = new Cursor(text, `failed to parse order (${text})`);
  const terms: OrderTerm[] = [];
  for (;;) {
    terms.push(parseTerm(c));
    if (c.eof) return terms;
    c.expect(',', '"," or end of input');
  }
}

function parseTerm(c: Cursor): OrderTerm {
  c.skipSpaces();
  const save = c.pos;
  let term: OrderTerm | undefined;
  try {
    const relation = parseFieldName(c);
    if (c.accept('(')) {
      const field = parseField(c);
      c.expect(')');
      term = { relation, field };
    }
  } catch {
    // a plain column
  }
  if (!term) {
    c.pos = save;
    term = { field: parseField(c) };
  }
  if (c.accept('.asc')) term.direction = 'asc';
  else if (c.accept('.desc')) term.direction = 'desc';
  if (c.accept('.nullsfirst')) term.nulls = 'first';
  else if (c.accept('.nullslast')) term.nulls = 'last';
  c.skipSpaces();
  if (!c.eof && c.peek() !== ',')
    throw c.error('".asc", ".desc", ".nullsfirst", ".nullslast", "," or end of input');
  return term;
}
