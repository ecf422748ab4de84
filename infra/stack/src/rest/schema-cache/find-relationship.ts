/**
 * Picks the relationship an embed means, with PostgREST's rules: the target may be a table name,
 * a foreign-key constraint name or a single FK column; a hint (`rel!hint`) may name the constraint,
 * a column on either side, or the junction of a many-to-many. None found → PGRST200, several → PGRST201.
 */
import { RestError } from '../errors.js';
import { closest, LOOSE_HINT_MIN_SCORE, NAME_HINT_MIN_SCORE } from '../fuzzy.js';
import type { Relationship, SchemaCache } from './types.js';
import { qualifiedKey } from './types.js';

function singleColumn(r: Relationship): string | undefined {
  return r.columns.length === 1 ? r.columns[0]![0] : undefined;
}

function singleForeignColumn(r: Relationship): string | undefined {
  return r.columns.length === 1 ? r.columns[0]![1] : undefined;
}

function isFk(r: Relationship): boolean {
  return r.cardinality !== 'many-to-many';
}

function matches(r: Relationship, target: string, hint: string | undefined, foreignIsView: boolean): boolean {
  // PostgREST's findRel: a computed relationship is found by its function's name, hints aside.
  if (r.computed) return target === r.computed.name;
  if (r.isSelf) {
    if (hint === undefined) {
      return (
        (target === r.foreignTable.name && r.cardinality === 'one-to-many') ||
        (isFk(r) && singleColumn(r) === target && r.cardinality === 'many-to-one')
      );
    }
    return (
      target === r.foreignTable.name && r.cardinality === 'one-to-many' && singleForeignColumn(r) === hint
    );
  }
  if (hint === undefined) {
    return (
      target === r.foreignTable.name ||
      (isFk(r) && r.constraint === target && !foreignIsView) ||
      (isFk(r) && singleColumn(r) === target && !foreignIsView)
    );
  }
  return (
    target === r.foreignTable.name &&
    ((isFk(r) && r.constraint === hint) ||
      (isFk(r) && singleColumn(r) === hint) ||
      (isFk(r) && singleForeignColumn(r) === hint) ||
      r.junction?.table.name === hint)
  );
}

function columnsText(cols: string[]): string {
  return `(${cols.join(', ')})`;
}

function describe(r: Relationship): Record<string, string> {
  const embedding = `${r.table.name} with ${r.foreignTable.name}`;
  if (r.junction) {
    const j = r.junction;
    return {
      cardinality: 'many-to-many',
      embedding,
      relationship: `${j.table.name} using ${j.sourceConstraint}${columnsText(j.sourceColumns.map(([c]) => c))} and ${j.targetConstraint}${columnsText(j.targetColumns.map(([c]) => c))}`,
    };
  }
  return {
    cardinality: r.cardinality,
    embedding,
    relationship: `${r.constraint} using ${r.table.name}${columnsText(r.columns.map(([c]) => c))} and ${r.foreignTable.name}${columnsText(r.columns.map(([, c]) => c))}`,
  };
}

function hintName(r: Relationship): string {
  return `'${r.foreignTable.name}!${r.junction ? r.junction.table.name : r.constraint}'`;
}

function noRelationshipHint(
  cache: SchemaCache,
  schema: string,
  origin: string,
  target: string,
): string | null {
  const originRels = cache.relationships.get(qualifiedKey(schema, origin));
  if (originRels) {
    const child = closest(
      target,
      new Set(originRels.map((r) => r.foreignTable.name)),
      LOOSE_HINT_MIN_SCORE,
      1,
    );
    return child === undefined ? null : `Perhaps you meant '${child}' instead of '${target}'.`;
  }
  const parents = [...cache.relationships.values()]
    .flat()
    .filter((r) => r.table.schema === schema)
    .map((r) => r.table.name);
  const parent = closest(origin, new Set(parents), NAME_HINT_MIN_SCORE);
  return parent === undefined ? null : `Perhaps you meant '${parent}' instead of '${origin}'.`;
}

export function findRelationship(
  cache: SchemaCache,
  schema: string,
  origin: string,
  target: string,
  hint: string | undefined,
): Relationship {
  const candidates = (cache.relationships.get(qualifiedKey(schema, origin)) ?? []).filter(
    (r) => r.foreignTable.schema === schema,
  );
  const found = candidates.filter((r) =>
    matches(
      r,
      target,
      hint,
      cache.tables.get(qualifiedKey(r.foreignTable.schema, r.foreignTable.name))?.isView ?? false,
    ),
  );
  if (found.length === 1) return found[0]!;
  if (found.length === 0) {
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${origin}' and '${target}' in the schema cache`,
      `Searched for a foreign key relationship between '${origin}' and '${target}${hint === undefined ? '' : `' using the hint '${hint}`}' in the schema '${schema}', but no matches were found.`,
      noRelationshipHint(cache, schema, origin, target),
    );
  }
  throw new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${origin}' and '${target}'`,
    found.map(describe),
    `Try changing '${target}' to one of the following: ${found.map(hintName).join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}

export function isToOne(r: Relationship): boolean {
  return r.cardinality === 'many-to-one' || r.cardinality === 'one-to-one';
}
