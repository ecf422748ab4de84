/** `or=(a.eq.1,and(b.gt.2,c.is.null))` and `not.and=(...)` into a logic tree. */
import { Cursor } from './cursor.js';
import { parseField } from './field.js';
import { parseOpExprAt, readLogicValue } from './filter.js';
import type { LogicTree } from './types.js';

/** `operator` is the last key segment, possibly with `not.` (e.g. `not.or`); `value` is `(...)`. */
export function parseLogicTree(operator: string, value: string): LogicTree {
  const text = operator + value;
  const c = new Cursor(text, `failed to parse logic tree (${value})`);
  const tree = parseExpr(c);
  if (!c.eof) throw c.error('end of input');
  if (tree.kind !== 'expr') throw c.error('logic operator (and, or)');
  return tree;
}

function parseExpr(c: Cursor): LogicTree {
  c.skipSpaces();
  const negated = c.startsWith('not.') && c.accept('not.');
  let operator: 'and' | 'or';
  if (c.accept('and(')) operator = 'and';
  else if (c.accept('or(')) operator = 'or';
  else throw c.error('logic operator (and, or)');
  c.enter();
  const children: LogicTree[] = [];
  for (;;) {
    children.push(parseNode(c));
    c.skipSpaces();
    if (c.accept(',')) continue;
    c.expect(')', '"," or ")"');
    c.skipSpaces();
    c.leave();
    return { kind: 'expr', negated, operator, children };
  }
}

function parseNode(c: Cursor): LogicTree {
  c.skipSpaces();
  const save = c.pos;
  try {
    const field = parseField(c);
    c.expect('.', 'delimiter (.)');
    const expr = parseOpExprAt(c, readLogicValue);
    return { kind: 'filter', filter: { field, expr } };
  } catch (filterError) {
    c.pos = save;
    const rest = c.text.slice(c.pos);
    if (/^(not\.)?(and|or)\(/.test(rest)) return parseExpr(c);
    throw filterError;
  }
}
