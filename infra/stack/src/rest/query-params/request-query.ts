/**
 * Sorts query parameters into PostgREST's buckets (select, filters per embed, logic trees, order,
 * ranges, columns, on_conflict, RPC arguments) and parses each with its grammar.
 */
import { Cursor, QueryParseError } from './cursor.js';
import { parseFieldName } from './field.js';
import { looksLikeOpExpr, parseOpExpr } from './filter.js';
import type { QueryPair } from './form-query.js';
import { parseLogicTree } from './logic.js';
import { parseOrder } from './order.js';
import { parseSelect } from './select.js';
import { embedPathOf, parseLogicKey, parseTreePath } from './tree-path.js';
import type { NodeRange, RequestQuery } from './types.js';

const ROOT_RESERVED = new Set(['select', 'columns', 'on_conflict']);
const EMBEDDABLE_RESERVED = new Set(['order', 'limit', 'offset', 'and', 'or']);

function lastSegment(key: string): string {
  const dot = key.lastIndexOf('.');
  return dot === -1 ? key : key.slice(dot + 1);
}

function parseColumnList(text: string, what: string): string[] {
  const c = new Cursor(text, `failed to parse ${what} parameter (${text})`);
  const names: string[] = [];
  for (;;) {
    c.skipSpaces();
    names.push(parseFieldName(c));
    c.skipSpaces();
    if (c.eof) return names;
    c.expect(',', '"," or end of input');
  }
}

function parseNonNegativeInt(value: string): number | undefined {
  return /^\d+$/.test(value.trim()) ? Number(value.trim()) : undefined;
}

export interface ParseOptions {
  /** GET/HEAD on a function: values that are not operator expressions become arguments. */
  isRpcRead: boolean;
}

export function parseRequestQuery(pairs: QueryPair[], options: ParseOptions): RequestQuery {
  const query: RequestQuery = {
    select: [],
    defaultSelect: true,
    filters: [],
    logic: [],
    order: [],
    ranges: new Map(),
    rpcArgs: [],
  };
  const limits = new Map<string, number>();
  const offsets = new Map<string, number>();
  for (const [key, value] of pairs) {
    if (key === 'select') {
      query.select = parseSelect(value ?? '');
      query.defaultSelect = false;
      continue;
    }
    if (value === undefined) continue;
    if (key === 'columns') {
      query.columns = parseColumnList(value, 'columns');
      continue;
    }
    if (key === 'on_conflict') {
      query.onConflict = parseColumnList(value, 'on_conflict');
      continue;
    }
    if (ROOT_RESERVED.has(key)) continue;
    const last = lastSegment(key);
    if (EMBEDDABLE_RESERVED.has(last)) {
      if (last === 'and' || last === 'or') {
        const { path, operator } = parseLogicKey(key);
        query.logic.push({ path, tree: parseLogicTree(operator, value) });
      } else if (last === 'order') {
        query.order.push({ path: embedPathOf(key), terms: parseOrder(value) });
      } else {
        const pathKey = embedPathOf(key).join('.');
        const n = parseNonNegativeInt(value);
        if (n !== undefined) (last === 'limit' ? limits : offsets).set(pathKey, n);
        else if (/^\s*-\d+\s*$/.test(value) && last === 'limit') limits.set(pathKey, -1);
        // A limit or offset that is not a whole number is refused (it was ignored: `limit=1abc`
        // answered every row), as PostgREST refuses what its query parameters cannot parse.
        else if (value.trim() !== '' && !/^\s*-\d+\s*$/.test(value))
          throw new QueryParseError(
            `"failed to parse ${last} parameter (${value})"`,
            `${last} must be a whole number`,
          );
      }
      continue;
    }
    if (options.isRpcRead && !looksLikeOpExpr(value)) {
      query.rpcArgs.push([key, value]);
      continue;
    }
    const { path, field } = parseTreePath(key);
    query.filters.push({ path, filter: { field, expr: parseOpExpr(value) } });
  }
  if (query.defaultSelect) query.select = [{ kind: 'field', field: { name: '*', jsonPath: [] } }];
  for (const pathKey of new Set([...limits.keys(), ...offsets.keys()])) {
    const range: NodeRange = { offset: offsets.get(pathKey) ?? 0 };
    const limit = limits.get(pathKey);
    if (limit !== undefined) range.limit = limit;
    query.ranges.set(pathKey, range);
  }
  return query;
}

export { QueryParseError };
