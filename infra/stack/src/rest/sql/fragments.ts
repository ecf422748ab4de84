/**
 * Small SQL pieces built as text. Identifiers go through quoteIdent, values through quoteLiteral,
 * and values stay untyped literals so Postgres types them from the column, as PostgREST's
 * `unknown`-typed parameters do (a bad value is a 22P02 client error, never injected SQL).
 */
import { quoteIdent, quoteLiteral } from '../../kernel/sql-text.js';
import { queryParamError } from '../errors.js';
import type { Field, JsonStep } from '../query-params/types.js';
import type { Column } from '../schema-cache/types.js';

export { quoteIdent, quoteLiteral };

export function qualified(schema: string, name: string): string {
  return `${quoteIdent(schema)}.${quoteIdent(name)}`;
}

export function columnRef(alias: string, name: string): string {
  return name === '*' ? `${quoteIdent(alias)}.*` : `${quoteIdent(alias)}.${quoteIdent(name)}`;
}

export function jsonPathSql(steps: JsonStep[]): string {
  return steps
    .map((s) => `${s.arrow}${s.isIndex ? `${quoteLiteral(s.key)}::int` : quoteLiteral(s.key)}`)
    .join('');
}

/**
 * A field as an expression. `json` columns are read as jsonb when a path is applied in a filter or
 * order, because json has no equality or ordering operators.
 */
export function fieldSql(
  alias: string,
  field: Field,
  column: Column | undefined,
  comparable = false,
): string {
  const ref = columnRef(alias, field.name);
  if (field.jsonPath.length === 0) return ref;
  const base = comparable && column?.baseType === 'json' ? `to_jsonb(${ref})` : ref;
  return base + jsonPathSql(field.jsonPath);
}

/**
 * Casts are inlined, so only plain words are accepted: ASCII letters, digits, `_` and single
 * spaces (`double precision`). No `$`, which could open a dollar-quoted string.
 */
const SAFE_CAST = /^[A-Za-z_][A-Za-z0-9_]*( [A-Za-z_][A-Za-z0-9_]*)*$/;

export function castSql(expression: string, cast: string | undefined): string {
  if (cast === undefined) return expression;
  if (!SAFE_CAST.test(cast))
    throw queryParamError(`"failed to parse cast (${cast})"`, 'unexpected character in type name');
  return `CAST(${expression} AS ${cast})`;
}

/** A Postgres array literal of text elements, every element quoted (values from `in.(...)`). */
export function arrayLiteral(values: string[]): string {
  const elements = values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`);
  return quoteLiteral(`{${elements.join(',')}}`);
}
