/**
 * A function call as the source of an RPC response. Named arguments come from the JSON body via
 * `json_to_record` (typed by the function's parameters) or, for GET, as literals cast to each
 * parameter's type; a single unnamed json/jsonb parameter receives the whole body. A JSON object
 * of scalars for parameters of plain types is passed as literals too (`directJsonArg`): the same
 * values, but a statement Postgres plans several times faster than the `json_to_record` join.
 */
import type { FlatValue } from '../request/flat-json.js';
import type { Routine, RoutineParam } from '../schema-cache/types.js';
import { qualified, quoteIdent, quoteLiteral, arrayLiteral } from './fragments.js';

export type CallArgs =
  | { kind: 'json'; text: string; params: RoutineParam[] }
  | { kind: 'direct'; values: Map<string, string[]>; params: RoutineParam[] }
  /** An argument list already built with `directJsonArg` (or a marker to put one in later). */
  | { kind: 'named'; list: string }
  | { kind: 'single'; text: string; type: string }
  | { kind: 'none' };

/**
 * Types whose input function gets, from `json_to_record`, exactly the text of a JSON scalar
 * (a string's decoded value, a number's text as sent, `true`/`false`), so a literal of that text
 * cast to the type is the same value. Arrays, composites, json/jsonb, domains and `character`
 * (which as a cast means char(1)) are converted differently and keep the general path.
 */
const DIRECT_JSON_TYPES = new Set([
  'text',
  'character varying',
  'smallint',
  'integer',
  'bigint',
  'numeric',
  'real',
  'double precision',
  'boolean',
  'uuid',
  'date',
  'time without time zone',
  'time with time zone',
  'timestamp without time zone',
  'timestamp with time zone',
  'interval',
]);

export function acceptsDirectJson(param: RoutineParam): boolean {
  return !param.variadic && param.name !== '' && DIRECT_JSON_TYPES.has(param.type);
}

/** `"p" := '10'::integer`: what `json_to_record` would have given the parameter, as a literal. */
export function directJsonArg(param: RoutineParam, value: FlatValue): string {
  const literal = value.kind === 'null' ? 'NULL' : quoteLiteral(value.text);
  return `${quoteIdent(param.name)} := ${literal}::${param.type}`;
}

export function returnsScalar(r: Routine): boolean {
  return !r.returnsComposite;
}

function argList(args: CallArgs): { from: string; list: string } {
  switch (args.kind) {
    case 'none':
      return { from: '', list: '' };
    case 'named':
      return { from: '', list: args.list };
    case 'single':
      return { from: '', list: `${quoteLiteral(args.text)}::${args.type}` };
    case 'direct': {
      const list = args.params.map((p) => {
        const values = args.values.get(p.name) ?? [];
        const value = p.variadic && values.length > 1 ? arrayLiteral(values) : quoteLiteral(values[0] ?? '');
        const type = p.variadic && values.length > 1 ? `${p.type}` : p.type;
        return `${p.variadic ? 'VARIADIC ' : ''}${quoteIdent(p.name)} := ${value}::${type}`;
      });
      return { from: '', list: list.join(', ') };
    }
    case 'json': {
      if (args.params.length === 0) return { from: '', list: '' };
      const typed = args.params.map((p) => `${quoteIdent(p.name)} ${p.type}`).join(', ');
      const list = args.params
        .map(
          (p) => `${p.variadic ? 'VARIADIC ' : ''}${quoteIdent(p.name)} := pgrst_body.${quoteIdent(p.name)}`,
        )
        .join(', ');
      return { from: `json_to_record(${quoteLiteral(args.text)}::json) AS pgrst_body(${typed})`, list };
    }
  }
}

export function callSql(routine: Routine, args: CallArgs): string {
  const { from, list } = argList(args);
  const call = `${qualified(routine.schema, routine.name)}(${list})`;
  if (returnsScalar(routine)) {
    const scalar = `(SELECT ${call} AS pgrst_scalar) AS pgrst_call`;
    return from === ''
      ? `SELECT pgrst_call.pgrst_scalar FROM ${scalar}`
      : `SELECT pgrst_call.pgrst_scalar FROM ${from}, LATERAL ${scalar}`;
  }
  return from === ''
    ? `SELECT pgrst_call.* FROM ${call} AS pgrst_call`
    : `SELECT pgrst_call.* FROM ${from}, LATERAL ${call} AS pgrst_call`;
}
