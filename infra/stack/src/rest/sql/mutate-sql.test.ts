import { describe, expect, it } from 'vitest';
import { qualifiedKey } from '../schema-cache/types.js';
import { sampleCache } from '../testing/sample-cache.js';
import { callSql } from './call-sql.js';
import { deleteSql, insertSql, updateSql } from './mutate-sql.js';

const cache = sampleCache();
const kv = cache.tables.get(qualifiedKey('public', 'kv'))!;
const cols = (...names: string[]) => names.map((n) => kv.columnsByName.get(n)!);

describe('insertSql', () => {
  it('types the JSON body with json_to_record(set) and the columns of the cache', () => {
    expect(
      insertSql({
        table: kv,
        alias: 'kv',
        columns: cols('key', 'value'),
        payload: { text: '{"key":"a","value":"it\'s"}', isArray: false },
        applyDefaults: false,
        returning: '1',
      }),
    ).toBe(
      `INSERT INTO "public"."kv" AS "kv" ("key", "value") SELECT pgrst_body."key", pgrst_body."value" FROM LATERAL (SELECT "key", "value" FROM json_to_record('{"key":"a","value":"it''s"}'::json) AS _("key" text, "value" text)) AS pgrst_body RETURNING 1`,
    );
    expect(
      insertSql({
        table: kv,
        alias: 'kv',
        columns: cols('key'),
        payload: { text: '[]', isArray: true },
        applyDefaults: false,
        returning: '"kv".*',
      }),
    ).toContain(`json_to_recordset('[]'::json)`);
  });

  it('fills missing keys with column defaults for missing=default', () => {
    expect(
      insertSql({
        table: kv,
        alias: 'kv',
        columns: cols('key', 'n'),
        payload: { text: '[{"key":"a"}]', isArray: true },
        applyDefaults: true,
        returning: '1',
      }),
    ).toContain(
      `jsonb_to_recordset((SELECT jsonb_agg(jsonb_build_object('n', 0) || elem) FROM jsonb_array_elements('[{"key":"a"}]'::jsonb) AS elem))`,
    );
  });

  it('upserts with ON CONFLICT, counting inserted rows for merge-duplicates', () => {
    const merge = insertSql({
      table: kv,
      alias: 'kv',
      columns: cols('key', 'value'),
      payload: { text: '{}', isArray: false },
      applyDefaults: false,
      conflict: { columns: ['key'], resolution: 'merge-duplicates' },
      returning: '1',
    });
    expect(merge).toContain(
      `ON CONFLICT ("key") DO UPDATE SET "key" = EXCLUDED."key", "value" = EXCLUDED."value" WHERE pg_catalog.set_config('pgrst.inserted'`,
    );
    expect(merge).toContain(
      `WHERE pg_catalog.set_config('pgrst.inserted', (coalesce(nullif(pg_catalog.current_setting('pgrst.inserted', true), '')::int, 0) + 1)::text, true) <> '0'`,
    );
    const ignore = insertSql({
      table: kv,
      alias: 'kv',
      columns: cols('key'),
      payload: { text: '{}', isArray: false },
      applyDefaults: false,
      conflict: { columns: ['key'], resolution: 'ignore-duplicates' },
      returning: '1',
    });
    expect(ignore).toMatch(/ON CONFLICT \("key"\) DO NOTHING RETURNING 1$/);
  });

  it('inserts default rows for empty objects', () => {
    expect(
      insertSql({
        table: kv,
        alias: 'kv',
        columns: [],
        payload: { text: '{}', isArray: false },
        applyDefaults: false,
        returning: '1',
      }),
    ).toBe('INSERT INTO "public"."kv" AS "kv" SELECT  FROM (VALUES (1)) AS pgrst_body RETURNING 1');
  });
});

describe('updateSql and deleteSql', () => {
  it('updates from the typed body with the request filters', () => {
    expect(
      updateSql({
        table: kv,
        alias: 'kv',
        columns: cols('value'),
        payload: { text: '{"value":"b"}', isArray: false },
        applyDefaults: false,
        where: [`"kv"."key" = 'a'`],
        returning: '"kv".*',
      }),
    ).toBe(
      `UPDATE "public"."kv" AS "kv" SET "value" = pgrst_body."value" FROM LATERAL (SELECT "value" FROM json_to_record('{"value":"b"}'::json) AS _("value" text)) AS pgrst_body WHERE "kv"."key" = 'a' RETURNING "kv".*`,
    );
    expect(
      updateSql({
        table: kv,
        alias: 'kv',
        columns: [],
        payload: { text: '{}', isArray: false },
        applyDefaults: false,
        where: [],
        returning: '1',
      }),
    ).toBe('SELECT 1 FROM "public"."kv" AS "kv" WHERE false');
  });

  it('deletes with the request filters', () => {
    expect(deleteSql(kv, 'kv', [`"kv"."key" = 'a'`], '1')).toBe(
      `DELETE FROM "public"."kv" AS "kv" WHERE "kv"."key" = 'a' RETURNING 1`,
    );
  });
});

describe('callSql', () => {
  const routine = (name: string) => cache.routines.get(qualifiedKey('public', name))![0]!;

  it('calls with named arguments typed from the JSON body', () => {
    const add = routine('add');
    expect(callSql(add, { kind: 'json', text: '{"a":1,"b":2}', params: add.params })).toBe(
      `SELECT pgrst_call.pgrst_scalar FROM json_to_record('{"a":1,"b":2}'::json) AS pgrst_body("a" integer, "b" integer), LATERAL (SELECT "public"."add"("a" := pgrst_body."a", "b" := pgrst_body."b") AS pgrst_scalar) AS pgrst_call`,
    );
  });

  it('casts GET arguments to the parameter types', () => {
    const add = routine('add');
    expect(
      callSql(add, {
        kind: 'direct',
        values: new Map([
          ['a', ['1']],
          ['b', ["x'y"]],
        ]),
        params: add.params,
      }),
    ).toBe(
      `SELECT pgrst_call.pgrst_scalar FROM (SELECT "public"."add"("a" := '1'::integer, "b" := 'x''y'::integer) AS pgrst_scalar) AS pgrst_call`,
    );
  });

  it('passes a whole body to a single unnamed parameter, and reads set-returning functions as rows', () => {
    expect(callSql(routine('echo'), { kind: 'single', text: '{"k":1}', type: 'json' })).toBe(
      `SELECT pgrst_call.pgrst_scalar FROM (SELECT "public"."echo"('{"k":1}'::json) AS pgrst_scalar) AS pgrst_call`,
    );
    expect(callSql(routine('cities_in'), { kind: 'none' })).toBe(
      'SELECT pgrst_call.* FROM "public"."cities_in"() AS pgrst_call',
    );
  });
});
