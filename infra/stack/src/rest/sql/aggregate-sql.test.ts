import { describe, expect, it } from 'vitest';
import { RestError } from '../errors.js';
import { buildReadPlan } from '../plan/read-plan.js';
import { parseFormQuery } from '../query-params/form-query.js';
import { parseRequestQuery } from '../query-params/request-query.js';
import { parseSelect } from '../query-params/select.js';
import { qualifiedKey } from '../schema-cache/types.js';
import { sampleCache } from '../testing/sample-cache.js';
import { selectSql } from './read-sql.js';

const cache = sampleCache();

function sql(tableName: string, search: string, aggregatesEnabled = true): string {
  const table = cache.tables.get(qualifiedKey('public', tableName))!;
  const query = parseRequestQuery(parseFormQuery(search), { isRpcRead: false });
  const plan = buildReadPlan(
    {
      cache,
      schema: 'public',
      query,
      aggregatesEnabled,
      rootFiltersApplied: false,
      rootRange: { offset: 0 },
    },
    { source: `"public"."${tableName}"`, alias: tableName, relationName: tableName, table },
  );
  return selectSql(plan, false);
}

describe('aggregates', () => {
  it('keeps the column cast inside the function and the result cast outside', () => {
    expect(parseSelect('total:population::int.sum()::text')[0]).toMatchObject({
      alias: 'total',
      cast: 'int',
      aggregate: 'sum',
      aggregateCast: 'text',
    });
    expect(parseSelect('count()::int')[0]).toMatchObject({ aggregate: 'count', aggregateCast: 'int' });
  });

  it('groups by the other selected columns', () => {
    expect(sql('cities', 'select=country_id,population.avg(),count()')).toBe(
      'SELECT "cities"."country_id" AS "country_id", pg_catalog.avg("cities"."population") AS "avg", ' +
        'pg_catalog.count(*) AS "count" FROM "public"."cities" AS "cities" GROUP BY "cities"."country_id"',
    );
  });

  it('groups by the columns of a to-one spread and applies its aggregates in the parent', () => {
    expect(sql('cities', 'select=...countries(name),population.sum()')).toBe(
      'SELECT pg_catalog.sum("cities"."population") AS "sum", "pgrst_1"."name" AS "name" ' +
        'FROM "public"."cities" AS "cities" LEFT JOIN LATERAL (SELECT "countries_1"."name" AS "name" ' +
        'FROM "public"."countries" AS "countries_1" WHERE "countries_1"."id" = "cities"."country_id") AS "pgrst_1" ON TRUE ' +
        'GROUP BY "pgrst_1"."name"',
    );
    expect(sql('cities', 'select=name,...countries(id.count())')).toContain(
      'pg_catalog.count("pgrst_1"."count") AS "count"',
    );
  });

  it('refuses aggregates with PGRST123 unless enabled', () => {
    expect(() => sql('cities', 'select=population.sum()', false)).toThrow(RestError);
    expect(() => sql('cities', 'select=population.sum()', false)).toThrow(
      'Use of aggregate functions is not allowed',
    );
  });
});
