/**
 * Gateway process: `node --import tsx src/gateway/main.ts <workdir>`. Started detached by
 * `stack up`; stops cleanly on SIGTERM/SIGINT (in-flight requests finish, pools close).
 */
import { loadProjectConfig } from '../config/project-config.js';
import { readSecrets } from '../config/secrets.js';
import { statePaths } from '../config/state.js';
import type { GatewayContext } from '../kernel/context.js';
import { createPool, RoleSettings } from '../kernel/db.js';
import { useSigningKeys } from '../kernel/jwt.js';
import { createLogger } from '../kernel/logger.js';
import { loadSigningKeys } from '../kernel/signing-keys.js';
import { createGatewayServer } from './server.js';
import { services } from './services.js';
import { gatewayWeb } from '../web/gateway-web.js';
import { gatewayMail } from '../mail/catcher.js';
import { primaryView } from '../ha/nodes.js';

async function main(): Promise<void> {
  const workdir = process.argv[2];
  if (!workdir) throw new Error('usage: main.ts <workdir>');
  // With a standby (src/ha), db.port and pgData are the current primary's (ha.json).
  const loaded = loadProjectConfig(workdir);
  const { config, paths } = primaryView(loaded, statePaths(loaded));
  const secrets = readSecrets(paths.secrets);
  if (config.auth.signingKeysPath) useSigningKeys(loadSigningKeys(config.auth.signingKeysPath));
  const log = createLogger((process.env.STACK_LOG_LEVEL as 'debug' | undefined) ?? 'info');
  const onPoolError = (error: Error) =>
    log('warn', 'idle database connection lost', { error: error.message });
  const db = { host: '127.0.0.1', port: config.db.port, database: 'postgres' };
  const pools = {
    api: createPool(
      { ...db, user: 'authenticator', password: secrets.authenticatorPassword, max: config.stack.dbPoolSize },
      onPoolError,
    ),
    auth: createPool(
      { ...db, user: 'supabase_auth_admin', password: secrets.authAdminPassword, max: 8 },
      onPoolError,
    ),
  };
  const roleSettings = new RoleSettings();
  await roleSettings.load(pools.api);
  const ctx: GatewayContext = {
    config,
    secrets,
    paths,
    pools,
    roleSettings,
    log,
    apiUrl: `http://127.0.0.1:${config.api.port}`,
  };
  for (const service of services) await service.start?.(ctx);
  // The built app's web server (src/web): its own port, started once the API answers.
  const web = gatewayWeb(ctx);
  // The local mail catcher (src/mail): its own ports, started before the API so auth can mail at once.
  const mail = gatewayMail(ctx);
  await mail.start();
  const server = createGatewayServer(ctx, services, { web: web.health, mail: mail.health });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.api.port, '127.0.0.1', resolve);
  });
  log('info', 'gateway listening', { url: ctx.apiUrl, pid: process.pid });
  await web.start();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log('info', 'gateway stopping', { signal });
    server.close();
    server.closeIdleConnections();
    await web.stop().catch(() => undefined);
    await mail.stop().catch(() => undefined);
    for (const service of services) await service.stop?.().catch(() => undefined);
    await Promise.all([pools.api.end(), pools.auth.end()]).catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`gateway failed to start: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
