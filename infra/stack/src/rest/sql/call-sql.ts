/**
 * A function call as the source of an RPC response. Named arguments come from the JSON body via
 * `json_to_record` (typed by the function's parameters) or, for GET, as literals cast to each
 * parameter's type; a single unnamed json/jsonb parameter receives the whole body.
 */
import type { Routine, RoutineParam } from '../schema-cache/types.js';
import { qualified, quoteIdent, quoteLiteral, arrayLiteral } from './fragments.js';

export type CallArgs =
  | { kind: 'json'; text: string; params: RoutineParam[] }
  | { kind: 'direct'; values: Map<string, string[]>; params: RoutineParam[] }
  | { kind: 'single'; text: string; type: string }
  | { kind: 'none' };

export function returnsScalar(r: Routine): boolean {
  return !r.returnsComposite;
}

function argList(args: CallArgs): { from: string; list: string } {
  switch (args.kind) {
    case 'none':
      return { from: '', list: '' };
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
