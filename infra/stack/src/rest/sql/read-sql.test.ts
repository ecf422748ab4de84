import { describe, expect, it } from 'vitest';
import { buildReadPlan } from '../plan/read-plan.js';
import { parseFormQuery } from '../query-params/form-query.js';
import { parseRequestQuery } from '../query-params/request-query.js';
import { qualifiedKey } from '../schema-cache/types.js';
import { sampleCache } from '../testing/sample-cache.js';
import { countAllSql, selectSql } from './read-sql.js';

const cache = sampleCache();

function plan(tableName: string, search: string) {
  const table = cache.tables.get(qualifiedKey('public', tableName))!;
  const query = parseRequestQuery(parseFormQuery(search), { isRpcRead: false });
  return buildReadPlan(
    {
      cache,
      schema: 'public',
      query,
      maxRows: 1000,
      rootFiltersApplied: false,
      rootRange: { offset: 0, limit: 1000 },
    },
    { source: `"public"."${tableName}"`, alias: tableName, relationName: tableName, table },
  );
}

describe('selectSql', () => {
  it('reads columns with filters, order and the max-rows limit', () => {
    expect(
      selectSql(plan('cities', 'select=id,name&id=gt.1&order=name.desc.nullslast&offset=5'), false),
    ).toBe(
      'SELECT "cities"."id" AS "id", "cities"."name" AS "name" FROM "public"."cities" AS "cities" WHERE "cities"."id" > \'1\' ORDER BY "cities"."name" DESC NULLS LAST LIMIT 1000',
    );
  });

  it('embeds to-one rows as row_to_json of a lateral subquery', () => {
    expect(selectSql(plan('cities', 'select=id,countries(name)'), false)).toBe(
      'SELECT "cities"."id" AS "id", row_to_json("pgrst_1".*) AS "countries" FROM "public"."cities" AS "cities" ' +
        'LEFT JOIN LATERAL (SELECT "countries_1"."name" AS "name" FROM "public"."countries" AS "countries_1" WHERE "countries_1"."id" = "cities"."country_id") AS "pgrst_1" ON TRUE LIMIT 1000',
    );
  });

  it('embeds to-many rows as json_agg, inner joins requiring rows', () => {
    expect(selectSql(plan('countries', 'select=name,cities!inner(name)&cities.name=eq.Lyon'), false)).toBe(
      'SELECT "countries"."name" AS "name", COALESCE("pgrst_1"."pgrst_1", \'[]\') AS "cities" FROM "public"."countries" AS "countries" ' +
        'INNER JOIN LATERAL (SELECT json_agg("pgrst_1") AS "pgrst_1" FROM (SELECT "cities_1"."name" AS "name" FROM "public"."cities" AS "cities_1" ' +
        'WHERE "cities_1"."country_id" = "countries"."id" AND "cities_1"."name" = \'Lyon\' LIMIT 1000) AS "pgrst_1") AS "pgrst_1" ON "pgrst_1"."pgrst_1" IS NOT NULL LIMIT 1000',
    );
  });

  it('joins many-to-many through the junction table', () => {
    expect(selectSql(plan('films', 'select=title,actors(name)'), false)).toContain(
      'FROM "public"."actors" AS "actors_1", "public"."film_actors" AS "film_actors_j1" WHERE "film_actors_j1"."actor_id" = "actors_1"."id" AND "film_actors_j1"."film_id" = "films"."id"',
    );
  });

  it('tests embed existence for rel=is.null and spreads to-one columns', () => {
    expect(selectSql(plan('countries', 'select=name,cities(name)&cities=is.null'), false)).toContain(
      'WHERE "pgrst_1"."pgrst_1" IS NULL',
    );
    expect(
      selectSql(plan('countries', 'select=name,capitals(city_id)&capitals=not.is.null'), false),
    ).toContain('WHERE row_to_json("pgrst_1".*) IS NOT NULL');
    expect(selectSql(plan('cities', 'select=name,...countries(country:name)'), false)).toMatch(
      /^SELECT "cities"\."name" AS "name", "pgrst_1"\.\* FROM/,
    );
  });

  it('aggregates to-many spreads into arrays per key', () => {
    expect(selectSql(plan('films', 'select=title,...film_actors(actor_id)'), false)).toContain(
      'SELECT json_agg("pgrst_1") AS "pgrst_1", COALESCE(json_agg("pgrst_1"."actor_id"), \'[]\') AS "actor_id" FROM',
    );
  });

  it('orders by a to-one embed through its lateral alias', () => {
    expect(
      selectSql(plan('cities', 'select=name,countries(name)&order=countries(name).desc'), false),
    ).toContain('ORDER BY "pgrst_1"."name" DESC');
  });

  it('builds nothing but the filtering joins for HEAD', () => {
    expect(selectSql(plan('countries', 'select=name,cities(name),capitals!inner(city_id)'), true)).toBe(
      'SELECT  FROM "public"."countries" AS "countries" INNER JOIN LATERAL (SELECT "capitals_2"."city_id" AS "city_id" FROM "public"."capitals" AS "capitals_2" WHERE "capitals_2"."country_id" = "countries"."id") AS "pgrst_2" ON TRUE LIMIT 1000',
    );
  });

  it('counts the legacy rel(count) with count(*)', () => {
    expect(selectSql(plan('countries', 'select=name,cities(count)'), false)).toContain(
      'SELECT pg_catalog.count(*) AS "count" FROM "public"."cities"',
    );
  });
});

describe('countAllSql', () => {
  it('counts the filtered rows without joins, with EXISTS for inner embeds and embed filters', () => {
    expect(countAllSql(plan('countries', 'select=name,cities!inner(name)&cities.name=eq.Lyon&limit=1'))).toBe(
      'SELECT pg_catalog.count(*) FROM "public"."countries" AS "countries" WHERE EXISTS (SELECT 1 FROM "public"."cities" AS "cities_1" WHERE "cities_1"."country_id" = "countries"."id" AND "cities_1"."name" = \'Lyon\')',
    );
    expect(countAllSql(plan('countries', 'select=name,cities(name)&cities=is.null'))).toBe(
      'SELECT pg_catalog.count(*) FROM "public"."countries" AS "countries" WHERE NOT EXISTS (SELECT 1 FROM "public"."cities" AS "cities_1" WHERE "cities_1"."country_id" = "countries"."id")',
    );
    expect(countAllSql(plan('cities', 'id=lt.3'), 1001)).toBe(
      'SELECT pg_catalog.count(*) FROM (SELECT 1 FROM "public"."cities" AS "cities" WHERE "cities"."id" < \'3\' LIMIT 1001) AS pgrst_count',
    );
  });
});

describe('plan errors', () => {
  it('refuses filters on embeds that are not selected, and related order on to-many', () => {
    expect(() => plan('countries', 'select=name&cities.name=eq.x')).toThrow(/not an embedded resource/);
    expect(() => plan('countries', 'select=name,cities(name)&order=cities(name)')).toThrow(
      /A related order on 'cities' is not possible/,
    );
    expect(() => plan('countries', 'select=name,cities(name)&cities=eq.1')).toThrow(
      /Bad operator on the 'cities' embedded resource/,
    );
    expect(() => plan('cities', 'select=id.sum()')).toThrow(/aggregate functions is not allowed/);
    expect(() => plan('cities', 'select=id::text);drop')).toThrow();
  });
});
