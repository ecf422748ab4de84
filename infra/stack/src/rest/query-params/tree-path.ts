/** Parameter keys: `col`, `rel.sub.col->>k`, `rel.order`, `rel.not.or`, `on_conflict`, ... */
import { Cursor } from './cursor.js';
import { parseFieldName, parseJsonPath } from './field.js';
import type { EmbedPath, Field } from './types.js';

export function parseTreePath(key: string): { path: EmbedPath; field: Field } {
  const c = new Cursor(key, `failed to parse tree path (${key})`);
  const names = [parseFieldName(c)];
  while (c.accept('.')) names.push(parseFieldName(c));
  const jsonPath = parseJsonPath(c);
  if (!c.eof) throw c.error('"." or end of input');
  const name = names.pop()!;
  return { path: names, field: { name, jsonPath } };
}

/** `rel.not.or` → path ['rel'], operator 'not.or'. */
export function parseLogicKey(key: string): { path: EmbedPath; operator: string } {
  const c = new Cursor(key, `failed to parse logic path (${key})`);
  const names = [parseFieldName(c)];
  while (c.accept('.')) names.push(parseFieldName(c));
  if (!c.eof) throw c.error('"." or end of input');
  const op = names.pop()!;
  const negated = names.includes('not');
  return { path: names.filter((n) => n !== 'not'), operator: negated ? `not.${op}` : op };
}

/** Everything but the last dot-separated segment (`rel.sub.limit` → ['rel','sub']). */
export function embedPathOf(key: string): EmbedPath {
  const c = new Cursor(key, `failed to parse tree path (${key})`);
  const names = [parseFieldName(c)];
  while (c.accept('.')) names.push(parseFieldName(c));
  if (!c.eof) throw c.error('"." or end of input');
  names.pop();
  return names;
}
