/**
 * A second gateway, in the test process, serving only /auth/v1 over the test stack's database with
 * a different `[auth]` configuration (confirmations on, tight rate limits, short sessions...).
 * It is the gateway's own server and the auth service's own code; only the config differs, which
 * spares the two-core machine a second Postgres cluster.
 */
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';
import { authService } from '../../src/auth/service.js';
import type { AuthConfig } from '../../src/config/project-config.js';
import { loadProjectConfig } from '../../src/config/project-config.js';
import { statePaths } from '../../src/config/state.js';
import type { GatewayContext } from '../../src/kernel/context.js';
import { RoleSettings, createPool } from '../../src/kernel/db.js';
import type { LogLevel } from '../../src/kernel/logger.js';
import { createGatewayServer } from '../../src/gateway/server.js';
import { stackSecrets } from './auth-db.js';
import { stackEnv } from './stack-env.js';

export interface AuthGateway {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Everything the service logged (e.g. the confirmation mail it could not send). */
  logs: { level: LogLevel; message: string; fields?: Record<string, unknown> }[];
}

export interface AuthGatewayOptions {
  auth?: Partial<AuthConfig>;
  /** Point the pools at another port (nothing listening there = database down). */
  dbPort?: number;
}

/** Starts the gateway before the file's tests and stops it after them. */
export async function startAuthGateway(options: AuthGatewayOptions = {}): Promise<AuthGateway> {
  const base = loadProjectConfig(stackEnv().workdir);
  const config = { ...base, auth: { ...base.auth, ...options.auth } };
  const secrets = stackSecrets();
  const logs: AuthGateway['logs'] = [];
  const db = { host: '127.0.0.1', port: options.dbPort ?? base.db.port, database: 'postgres' };
  const ignore = () => undefined;
  const pools = {
    api: createPool(
      { ...db, user: 'authenticator', password: secrets.authenticatorPassword, max: 2 },
      ignore,
    ),
    auth: createPool(
      { ...db, user: 'supabase_auth_admin', password: secrets.authAdminPassword, max: 4 },
      ignore,
    ),
  };
  const ctx: GatewayContext = {
    config,
    secrets,
    paths: statePaths(config),
    pools,
    roleSettings: new RoleSettings(),
    log: (level, message, fields) => void logs.push({ level, message, fields }),
    apiUrl: 'http://127.0.0.1:0',
  };
  const server = createGatewayServer(ctx, [authService]);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ctx.apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await Promise.all([pools.api.end(), pools.auth.end()]);
  });
  return { url: ctx.apiUrl, anonKey: secrets.anonKey, serviceRoleKey: secrets.serviceRoleKey, logs };
}
