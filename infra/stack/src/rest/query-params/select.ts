/** `select=` grammar: columns, `*`, aliases, casts, JSON paths, embeds, spreads, hints, join types. */
import { Cursor } from './cursor.js';
import { parseField, parseFieldName, parseIdentifier } from './field.js';
import type { AggregateName, SelectItem, SelectRelation } from './types.js';

const AGGREGATES: AggregateName[] = ['count', 'sum', 'avg', 'min', 'max'];

export function parseSelect(text: string): SelectItem[] {
  const c = new Cursor(text, `failed to parse select parameter (${text})`);
  const items = parseForest(c);
  if (!c.eof) throw c.error('"," or end of input');
  return items;
}

function parseForest(c: Cursor): SelectItem[] {
  const items: SelectItem[] = [];
  c.skipSpaces();
  if (c.eof || c.peek() === ')') return items;
  for (;;) {
    items.push(parseItem(c));
    c.skipSpaces();
    if (!c.accept(',')) return items;
    c.skipSpaces();
  }
}

/** `name:` unless it is a cast (`::`). Restores the position when there is no alias. */
function tryAlias(c: Cursor): string | undefined {
  const save = c.pos;
  try {
    const name = parseFieldName(c);
    if (c.peek() === ':' && c.peek(1) !== ':') {
      c.pos++;
      return name;
    }
  } catch {
    // not an alias
  }
  c.pos = save;
  return undefined;
}

function isItemEnd(c: Cursor): boolean {
  return c.eof || c.peek() === ',' || c.peek() === ')';
}

function parseItem(c: Cursor): SelectItem {
  c.skipSpaces();
  if (c.accept('...')) return parseRelation(c, undefined, true);
  if (c.peek() === '*') {
    c.pos++;
    c.skipSpaces();
    if (!isItemEnd(c)) throw c.error('"," or ")" or end of input');
    return { kind: 'field', field: { name: '*', jsonPath: [] } };
  }
  const alias = tryAlias(c);
  c.skipSpaces();
  if (c.accept('count()')) {
    const item: SelectItem = { kind: 'field', field: { name: '*', jsonPath: [] }, aggregate: 'count', alias };
    if (c.accept('::')) item.aggregateCast = parseIdentifier(c, 'type name');
    return item;
  }
  const save = c.pos;
  const name = parseFieldName(c);
  if ((c.peek() === '!' || c.peek() === '(') && name !== 'count') {
    c.pos = save;
    return parseRelation(c, alias, false);
  }
  c.pos = save;
  const field = parseField(c);
  const item: SelectItem = { kind: 'field', field, alias };
  if (c.accept('::')) item.cast = parseIdentifier(c, 'type name');
  const aggregate = AGGREGATES.find((a) => c.startsWith(`.${a}()`));
  if (aggregate) {
    c.pos += aggregate.length + 3;
    item.aggregate = aggregate;
    if (c.accept('::')) item.aggregateCast = parseIdentifier(c, 'type name');
  }
  c.skipSpaces();
  if (!isItemEnd(c)) throw c.error('"->", "::", "," or end of input');
  return item;
}

function parseRelation(c: Cursor, alias: string | undefined, spread: boolean): SelectRelation {
  const name = parseFieldName(c);
  const relation: SelectRelation = { kind: 'relation', name, alias, spread, children: [] };
  for (let i = 0; i < 2 && c.accept('!'); i++) {
    if (c.startsWith('inner') && /[(!]/.test(c.peek(5))) {
      c.pos += 5;
      relation.joinType = 'inner';
    } else if (c.startsWith('left') && /[(!]/.test(c.peek(4))) {
      c.pos += 4;
      relation.joinType = 'left';
    } else {
      relation.hint = parseFieldName(c);
    }
  }
  c.expect('(', '"(" (embedded resource)');
  c.enter();
  relation.children = parseForest(c);
  c.leave();
  c.expect(')', '"," or ")"');
  return relation;
}
