/**
 * Filters and logic trees of one node as Conditions. A filter named like one of the node's embeds
 * tests whether the embed found rows (`rel=is.null`, `rel=not.is.null`); other operators on an
 * embed are PGRST120.
 */
import { notEmbedded, relatedOrderNotToOne, unacceptableFilter } from '../errors.js';
import type { Filter, LogicTree, OrderTerm } from '../query-params/types.js';
import { fieldSql } from '../sql/fragments.js';
import { filterSql } from '../sql/filter-sql.js';
import type { Condition, EmbedPlan, ReadPlan } from './types.js';

function embedNamed(node: ReadPlan, name: string): EmbedPlan | undefined {
  return node.embeds.find((e) => e.outputName === name || e.name === name);
}

function resolveFilter(node: ReadPlan, filter: Filter): Condition {
  const embed = filter.field.jsonPath.length === 0 ? embedNamed(node, filter.field.name) : undefined;
  if (embed) {
    const op = filter.expr.operation;
    if (op.kind !== 'is' || (op.value !== 'null' && op.value !== 'not_null'))
      throw unacceptableFilter(filter.field.name);
    const testsNull = op.value === 'null' ? !filter.expr.negated : filter.expr.negated;
    return { kind: 'embed-null', isNull: testsNull, embed };
  }
  return {
    kind: 'sql',
    sql: filterSql(node.alias, filter, node.table?.columnsByName.get(filter.field.name)),
  };
}

function resolveTree(node: ReadPlan, tree: LogicTree): Condition {
  if (tree.kind === 'filter') return resolveFilter(node, tree.filter);
  return {
    kind: 'logic',
    negated: tree.negated,
    operator: tree.operator,
    children: tree.children.map((c) => resolveTree(node, c)),
  };
}

export function resolveConditions(node: ReadPlan, trees: LogicTree[]): Condition[] {
  return trees.map((t) => resolveTree(node, t));
}

export function resolveOrder(node: ReadPlan, term: OrderTerm): string {
  let expression: string;
  if (term.relation !== undefined) {
    const embed = embedNamed(node, term.relation);
    if (!embed) throw notEmbedded(term.relation);
    if (!embed.toOne) throw relatedOrderNotToOne(node.relationName, term.relation);
    expression = fieldSql(
      embed.lateralAlias,
      term.field,
      embed.plan.table?.columnsByName.get(term.field.name),
      true,
    );
  } else {
    expression = fieldSql(node.alias, term.field, node.table?.columnsByName.get(term.field.name), true);
  }
  const direction = term.direction === undefined ? '' : ` ${term.direction.toUpperCase()}`;
  const nulls = term.nulls === undefined ? '' : ` NULLS ${term.nulls.toUpperCase()}`;
  return expression + direction + nulls;
}
