/**
 * A seed file inserts users as on Supabase (issue 34): `postgres`, the role seed.sql and migrations
 * run as, writes auth.users the way supabase-js's own storage-js fixture does (crypt() password,
 * only the columns it names), and the user signs in through the unmodified supabase-js. Writing
 * rows is all it gets: the auth tables stay supabase_auth_admin's, so no DDL on them.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonAuthClient } from '../helpers/auth-clients.js';
import { uniqueEmail } from '../helpers/auth-db.js';
import { stackEnv } from '../helpers/stack-env.js';

describe('postgres writes auth.users as a seed file does', () => {
  const db = new pg.Client({ connectionString: stackEnv().dbUrl });
  beforeAll(() => db.connect());
  afterAll(() => db.end());

  it('inserts a user with a crypt() password who then signs in, updates and deletes it', async () => {
    const id = randomUUID();
    const email = uniqueEmail('seeded');
    await db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, email_change,
         email_change_token_new, recovery_token)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2,
         extensions.crypt('password123', extensions.gen_salt('bf')), now(),
         '{"provider": "email", "providers": ["email"]}', '{}', now(), now(), '', '', '', '')`,
      [id, email],
    );
    const { data, error } = await anonAuthClient().auth.signInWithPassword({
      email,
      password: 'password123',
    });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(id);

    await db.query(`update auth.users set raw_user_meta_data = '{"seeded": true}' where id = $1`, [id]);
    await db.query('delete from auth.sessions where user_id = $1', [id]);
    const deleted = await db.query('delete from auth.users where id = $1', [id]);
    expect(deleted.rowCount).toBe(1);
  });

  it('may not alter or drop the auth tables', async () => {
    await expect(db.query('alter table auth.users add column seeded boolean')).rejects.toMatchObject({
      code: '42501',
      message: 'must be owner of table users',
    });
    await expect(db.query('drop table auth.refresh_tokens')).rejects.toMatchObject({ code: '42501' });
  });
});
