/**
 * A second gateway in the test process serving only /rest/v1, with its own REST service instance,
 * its database connections optionally routed through a TCP proxy the test controls.
 */
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';
import { loadProjectConfig } from '../../src/config/project-config.js';
import { statePaths } from '../../src/config/state.js';
import type { GatewayContext } from '../../src/kernel/context.js';
import { RoleSettings, createPool } from '../../src/kernel/db.js';
import { createGatewayServer } from '../../src/gateway/server.js';
import { createRestService } from '../../src/rest/service.js';
import { stackSecrets } from './auth-db.js';
import { stackEnv } from './stack-env.js';

export interface RestGateway {
  url: string;
  anonKey: string;
}

export async function startRestGateway(options: { dbPort?: number } = {}): Promise<RestGateway> {
  const config = loadProjectConfig(stackEnv().workdir);
  const secrets = stackSecrets();
  const db = { host: '127.0.0.1', port: options.dbPort ?? config.db.port, database: 'postgres' };
  const ignore = () => undefined;
  const pools = {
    api: createPool(
      { ...db, user: 'authenticator', password: secrets.authenticatorPassword, max: 4 },
      ignore,
    ),
    auth: createPool(
      { ...db, user: 'supabase_auth_admin', password: secrets.authAdminPassword, max: 1 },
      ignore,
    ),
  };
  const roleSettings = new RoleSettings();
  await roleSettings.load(pools.api);
  const ctx: GatewayContext = {
    config,
    secrets,
    paths: statePaths(config),
    pools,
    roleSettings,
    log: () => undefined,
    apiUrl: 'http://127.0.0.1:0',
  };
  const rest = createRestService();
  await rest.start?.(ctx);
  const server = createGatewayServer(ctx, [rest]);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ctx.apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  afterAll(async () => {
    await rest.stop?.();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await Promise.all([pools.api.end(), pools.auth.end()]);
  });
  return { url: ctx.apiUrl, anonKey: secrets.anonKey };
}
