/**
 * Direct database access for the auth conformance tests, as `supabase_auth_admin` (the owner of
 * the auth schema, the role the gateway's auth service logs in as): for arranging states the API
 * cannot produce on demand, such as an aged refresh token or a user seeded by SQL.
 */
import pg from 'pg';
import { afterAll } from 'vitest';
import { loadProjectConfig } from '../../src/config/project-config.js';
import { readSecrets, type StackSecrets } from '../../src/config/secrets.js';
import { statePaths } from '../../src/config/state.js';
import { stackEnv } from './stack-env.js';

export function stackSecrets(): StackSecrets {
  return readSecrets(statePaths(loadProjectConfig(stackEnv().workdir)).secrets);
}

export function databasePort(): number {
  return loadProjectConfig(stackEnv().workdir).db.port;
}

/** A pool closed after the test file. */
export function authAdminPool(): pg.Pool {
  const pool = new pg.Pool({
    host: '127.0.0.1',
    port: databasePort(),
    database: 'postgres',
    user: 'supabase_auth_admin',
    password: stackSecrets().authAdminPassword,
    max: 2,
  });
  afterAll(() => pool.end());
  return pool;
}

/** A fresh address per test, so tests never collide with each other or with earlier runs. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
