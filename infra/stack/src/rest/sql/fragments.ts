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

/**
 * PostgreSQL's type names of several words (the SQL standard's spellings, PostgreSQL docs §8.1
 * table 8-1). PostgREST inlines any words as the type; here a cast of several words must be one of
 * these, so nothing but a single identifier or a known type name reaches the SQL parser (a
 * single unknown word is Postgres's own 42704, "type … does not exist").
 */
const MULTI_WORD_TYPES = new Set([
  'bit varying',
  'character varying',
  'double precision',
  'time with time zone',
  'time without time zone',
  'timestamp with time zone',
  'timestamp without time zone',
]);

export function castSql(expression: string, cast: string | undefined): string {
  if (cast === undefined) return expression;
  if (!SAFE_CAST.test(cast))
    throw queryParamError(`"failed to parse cast (${cast})"`, 'unexpected character in type name');
  if (cast.includes(' ') && !MULTI_WORD_TYPES.has(cast.toLowerCase()))
    throw queryParamError(
      `"failed to parse cast (${cast})"`,
      `unknown type "${cast}": a cast names one type, a single word or one of ${[...MULTI_WORD_TYPES].join(', ')}`,
    );
  return `CAST(${expression} AS ${cast})`;
}

/** A Postgres array literal of text elements, every element quoted (values from `in.(...)`). */
export function arrayLiteral(values: string[]): string {
  const elements = values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`);
  return quoteLiteral(`{${elements.join(',')}}`);
}
