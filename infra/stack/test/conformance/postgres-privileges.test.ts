/**
 * What hosted Supabase lets `postgres` do without being a superuser, reproduced by the bootstrap
 * (sql/40-supabase-privileges.sql): PostgREST's `pgrst.*` role settings, and the extensions
 * Supabase allows. The fixture's migration 20261203000100 already applied these statements
 * unchanged; this checks the limits around them.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackEnv } from '../helpers/stack-env.js';

describe('postgres privileges as on hosted Supabase', () => {
  const db = new pg.Client({ connectionString: stackEnv().dbUrl });
  beforeAll(() => db.connect());
  afterAll(() => db.end());

  const isSuperuser = async (): Promise<boolean> =>
    (await db.query<{ rolsuper: boolean }>("select rolsuper from pg_roles where rolname = 'postgres'"))
      .rows[0]!.rolsuper;

  it('runs as a non-superuser that may set pgrst.* on authenticator, but no other custom setting', async () => {
    expect((await db.query('select current_user')).rows[0]).toEqual({ current_user: 'postgres' });
    expect(await isSuperuser()).toBe(false);
    await db.query(`alter role authenticator set pgrst.server_trace_header to 'X-Request-Id'`);
    await db.query('alter role authenticator reset pgrst.server_trace_header');
    await expect(db.query(`alter role authenticator set myapp.secret to 'x'`)).rejects.toMatchObject({
      code: '42501',
      message: 'permission denied to set parameter "myapp.secret"',
    });
  });

  it('has the migration’s privileged and trusted extensions, owned by postgres', async () => {
    const { rows } = await db.query<{ extname: string; owner: string }>(
      "select extname, extowner::regrole::text as owner from pg_extension where extname in ('postgis', 'pg_trgm') order by 1",
    );
    expect(rows).toEqual([
      { extname: 'pg_trgm', owner: 'postgres' },
      { extname: 'postgis', owner: 'postgres' },
    ]);
  });

  it('refuses an extension Supabase does not allow, and stays a non-superuser either way', async () => {
    await expect(db.query('create extension adminpack')).rejects.toMatchObject({
      code: '42501',
      message: 'permission denied to create extension "adminpack"',
    });
    expect(await isSuperuser()).toBe(false);
    await db.query('begin');
    await db.query('create extension if not exists btree_gist with schema extensions');
    expect(await isSuperuser()).toBe(false);
    await db.query('rollback');
    expect(await isSuperuser()).toBe(false);
  });
});
