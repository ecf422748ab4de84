import { describe, expect, it } from 'vitest';
import type { Routine, RoutineParam } from '../schema-cache/types.js';
import { acceptsDirectJson, callSql, directJsonArg } from './call-sql.js';

const param = (name: string, type: string, variadic = false): RoutineParam => ({
  name,
  type,
  required: true,
  variadic,
});

const routine: Routine = {
  schema: 'public',
  name: 'recent',
  params: [param('p_limit', 'integer')],
  returnsSet: true,
  returnsComposite: true,
  returnsVoid: false,
  volatility: 'stable',
  settings: {},
};

describe('direct JSON arguments', () => {
  it('passes JSON scalars as literals cast to the parameter type', () => {
    expect(directJsonArg(param('p_limit', 'integer'), { kind: 'number', text: '10' })).toBe(
      `"p_limit" := '10'::integer`,
    );
    expect(directJsonArg(param('note', 'text'), { kind: 'string', text: "it's" })).toBe(
      `"note" := 'it''s'::text`,
    );
    expect(directJsonArg(param('flag', 'boolean'), { kind: 'boolean', text: 'true' })).toBe(
      `"flag" := 'true'::boolean`,
    );
    expect(directJsonArg(param('at', 'timestamp with time zone'), { kind: 'null' })).toBe(
      `"at" := NULL::timestamp with time zone`,
    );
  });

  it('only for plain types that json_to_record converts from the same text', () => {
    expect(acceptsDirectJson(param('a', 'numeric'))).toBe(true);
    expect(acceptsDirectJson(param('a', 'character varying'))).toBe(true);
    for (const p of [
      param('a', 'jsonb'),
      param('a', 'json'),
      param('a', 'integer[]'),
      param('a', 'character'),
      param('a', 'public.my_type'),
      param('a', 'integer[]', true),
      param('', 'text'),
    ])
      expect(acceptsDirectJson(p), p.type).toBe(false);
  });

  it('builds the call without json_to_record, like a GET', () => {
    expect(callSql(routine, { kind: 'named', list: `"p_limit" := '10'::integer` })).toBe(
      `SELECT pgrst_call.* FROM "public"."recent"("p_limit" := '10'::integer) AS pgrst_call`,
    );
    expect(
      callSql(routine, {
        kind: 'direct',
        values: new Map([['p_limit', ['10']]]),
        params: [param('p_limit', 'integer')],
      }),
    ).toBe(callSql(routine, { kind: 'named', list: `"p_limit" := '10'::integer` }));
  });
});
