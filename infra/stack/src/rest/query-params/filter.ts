/**
 * Operator expressions (`eq.1`, `not.in.(a,b)`, `fts(english).cat`), both as a whole query value
 * and inside `or=(...)`/`and=(...)` where values end at `,` or `)`.
 */
import { Cursor } from './cursor.js';
import { parseIdentifier, parseQuoted } from './field.js';
import type { FtsOperator, IsValue, OpExpr, Operation, QuantOperator, SimpleOperator } from './types.js';

const SIMPLE: SimpleOperator[] = ['neq', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj'];
const QUANT: QuantOperator[] = ['eq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch'];
const FTS: FtsOperator[] = ['fts', 'plfts', 'phfts', 'wfts'];
const IS_VALUES: IsValue[] = ['null', 'not_null', 'true', 'false', 'unknown'];
const OPERATOR_EXPECTING = '"not" or operator (eq, gt, ...)';

/** How a value is read: the rest of the text, or (inside logic trees) up to `,`/`)`. */
export type ValueReader = (c: Cursor) => string;

export const readRest: ValueReader = (c) => {
  const value = c.text.slice(c.pos);
  c.pos = c.text.length;
  return value;
};

/** Logic-tree values: a quoted string, a `{...}` array literal, or anything up to `,` or `)`. */
export const readLogicValue: ValueReader = (c) => {
  const save = c.pos;
  const quoted = parseQuoted(c);
  if (quoted !== undefined && (c.eof || c.peek() === ',' || c.peek() === ')')) return quoted;
  c.pos = save;
  if (c.peek() === '{') {
    const close = c.text.indexOf('}', c.pos);
    const inner = close === -1 ? '' : c.text.slice(c.pos + 1, close);
    if (close !== -1 && !inner.includes('{')) {
      c.pos = close + 1;
      return `{${inner}}`;
    }
  }
  const start = c.pos;
  while (!c.eof && c.peek() !== ',' && c.peek() !== ')') c.pos++;
  return c.text.slice(start, c.pos);
};

function parseList(c: Cursor): string[] {
  c.skipSpaces();
  c.expect('(', '"(" (list of values)');
  c.skipSpaces();
  const values: string[] = [];
  for (;;) {
    const save = c.pos;
    const quoted = parseQuoted(c);
    if (quoted !== undefined && (c.peek() === ',' || c.peek() === ')')) {
      values.push(quoted);
    } else {
      c.pos = save;
      const start = c.pos;
      while (!c.eof && c.peek() !== ',' && c.peek() !== ')') c.pos++;
      values.push(c.text.slice(start, c.pos));
    }
    if (!c.accept(',')) break;
  }
  c.expect(')', '"," or ")"');
  c.skipSpaces();
  return values;
}

function readOperatorName(c: Cursor): string {
  const match = /^[a-z]+/.exec(c.text.slice(c.pos));
  return match ? match[0] : '';
}

function parseIsValue(c: Cursor): IsValue {
  const rest = c.text.slice(c.pos).toLowerCase();
  const value = IS_VALUES.find((v) => rest.startsWith(v));
  if (!value) throw c.error('isVal: (null, not_null, true, false, unknown)');
  c.pos += value.length;
  return value;
}

function parseOperation(c: Cursor, readValue: ValueReader): Operation {
  const name = readOperatorName(c);
  const start = c.pos;
  c.pos += name.length;
  if (name === 'in' && c.accept('.')) return { kind: 'in', values: parseList(c) };
  if (name === 'is' && c.accept('.')) return { kind: 'is', value: parseIsValue(c) };
  if (name === 'isdistinct' && c.accept('.')) return { kind: 'isdistinct', value: readValue(c) };
  if ((FTS as string[]).includes(name)) {
    let language: string | undefined;
    if (c.accept('(')) {
      language = parseIdentifier(c, 'text search configuration');
      c.expect(')');
    }
    c.expect('.', 'delimiter (.)');
    return { kind: 'fts', op: name as FtsOperator, language, value: readValue(c) };
  }
  if ((SIMPLE as string[]).includes(name) && c.accept('.')) {
    return { kind: 'simple', op: name as SimpleOperator, value: readValue(c) };
  }
  if ((QUANT as string[]).includes(name)) {
    let quantifier: 'any' | 'all' | undefined;
    if (c.accept('(any)')) quantifier = 'any';
    else if (c.accept('(all)')) quantifier = 'all';
    c.expect('.', 'delimiter (.)');
    return { kind: 'quant', op: name as QuantOperator, quantifier, value: readValue(c) };
  }
  c.pos = start;
  throw c.error(OPERATOR_EXPECTING);
}

export function parseOpExprAt(c: Cursor, readValue: ValueReader): OpExpr {
  const negated = c.startsWith('not.') && c.accept('not.');
  return { negated, operation: parseOperation(c, readValue) };
}

/** A whole filter value such as `not.eq.5`; the value part runs to the end of the text. */
export function parseOpExpr(text: string): OpExpr {
  const c = new Cursor(text, `failed to parse filter (${text})`);
  const expr = parseOpExprAt(c, readRest);
  if (!c.eof) throw c.error('end of input');
  return expr;
}

/** Whether `text` reads as an operator expression (RPC GET: otherwise it is an argument). */
export function looksLikeOpExpr(text: string): boolean {
  try {
    parseOpExpr(text);
    return true;
  } catch {
    return false;
  }
}
