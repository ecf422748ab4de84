/** One filter (`col=op.value`) as a SQL condition on a node's alias. */
import type { Filter, Operation } from '../query-params/types.js';
import type { Column } from '../schema-cache/types.js';
import { arrayLiteral, fieldSql, quoteLiteral } from './fragments.js';

const SIMPLE_SQL = {
  neq: '<>',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
} as const;
const QUANT_SQL = {
  eq: '=',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'LIKE',
  ilike: 'ILIKE',
  match: '~',
  imatch: '~*',
} as const;
const FTS_SQL = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
} as const;
const IS_SQL = {
  null: 'NULL',
  not_null: 'NOT NULL',
  true: 'TRUE',
  false: 'FALSE',
  unknown: 'UNKNOWN',
} as const;

/** `needsVector`: the target is known not to be a tsvector, so full-text search wraps it in to_tsvector. */
function operationSql(target: string, operation: Operation, needsVector: boolean): string {
  switch (operation.kind) {
    case 'simple':
      return `${target} ${SIMPLE_SQL[operation.op]} ${quoteLiteral(operation.value)}`;
    case 'quant': {
      const isLike = operation.op === 'like' || operation.op === 'ilike';
      const value = quoteLiteral(isLike ? operation.value.replace(/\*/g, '%') : operation.value);
      const operand = operation.quantifier ? `${operation.quantifier.toUpperCase()}(${value})` : value;
      return `${target} ${QUANT_SQL[operation.op]} ${operand}`;
    }
    case 'in':
      return operation.values.length === 1 && operation.values[0] === ''
        ? `${target} = ANY('{}')`
        : `${target} = ANY(${arrayLiteral(operation.values)})`;
    case 'is':
      return `${target} IS ${IS_SQL[operation.value]}`;
    case 'isdistinct':
      return `${target} IS DISTINCT FROM ${quoteLiteral(operation.value)}`;
    case 'fts': {
      const language = operation.language === undefined ? '' : `${quoteLiteral(operation.language)}, `;
      const vector = needsVector ? `to_tsvector(${language}${target})` : target;
      return `${vector} @@ ${FTS_SQL[operation.op]}(${language}${quoteLiteral(operation.value)})`;
    }
  }
}

export function filterSql(alias: string, filter: Filter, column: Column | undefined): string {
  const target = fieldSql(alias, filter.field, column, true);
  const needsVector =
    filter.field.jsonPath.length > 0 || (column !== undefined && column.baseType !== 'tsvector');
  const condition = operationSql(target, filter.expr.operation, needsVector);
  return filter.expr.negated ? `NOT (${condition})` : condition;
}
