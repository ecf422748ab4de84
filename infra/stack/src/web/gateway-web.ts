/**
 * The web server as a part of the gateway process. It runs there rather than as its own detached
 * process because it needs exactly what the gateway already has (this installation's config, API
 * URL and anon key) and then shares its pid file, log, start-up check and clean shutdown; a bad
 * request fails only that request. It never stops the API: if its port is taken, the gateway keeps
 * serving and `/__stack/health` reports the part `web` as unhealthy with the reason.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { GatewayContext, ServiceHealth } from '../kernel/context.js';
import { createWebServer, type WebServer } from './web-server.js';

export interface GatewayWeb {
  health(): Promise<ServiceHealth>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The URL the app is served at, or undefined when this installation has no web server. */
export function webUrl(config: GatewayContext['config']): string | undefined {
  return config.stack.webPort === undefined ? undefined : `http://127.0.0.1:${config.stack.webPort}`;
}

/**
 * The app's version: the nearest package.json from the web root's parent up to the workdir
 * (frontend/package.json for frontend/dist), so the version belongs to the build being served.
 */
export function appVersionFor(webRoot: string | undefined, workdir: string): string {
  const stop = path.resolve(workdir);
  let dir = webRoot ? path.dirname(path.resolve(webRoot)) : stop;
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      try {
        const version = (JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }).version;
        if (typeof version === 'string' && version) return version;
      } catch {
        // An unreadable package.json says nothing about the version; keep looking.
      }
    }
    const parent = path.dirname(dir);
    if (dir === stop || parent === dir || !dir.startsWith(stop)) return '0.0.0';
    dir = parent;
  }
}

export function gatewayWeb(ctx: GatewayContext): GatewayWeb {
  const { config, log } = ctx;
  const port = config.stack.webPort;
  if (port === undefined) {
    return {
      health: () => Promise.resolve({ healthy: true, detail: 'off (no [stack] web_port or web_root)' }),
      start: () => Promise.resolve(),
      stop: () => Promise.resolve(),
    };
  }
  const web: WebServer = createWebServer({
    root: config.stack.webRoot,
    rootSetting: config.stack.webRootSetting,
    runtime: {
      // Behind a TLS proxy browsers reach the API at its public URL, not the loopback one.
      supabaseUrl: config.stack.webApiUrl ?? ctx.apiUrl,
      supabaseAnonKey: ctx.secrets.anonKey,
      appVersion: appVersionFor(config.stack.webRoot, config.workdir),
    },
    trustedProxies: config.stack.webTrustedProxies,
    styleNonce: config.stack.webStyleNonce,
    log,
  });
  let starting: Promise<boolean> | undefined;
  return {
    async health() {
      // A health check that arrives while the port is being bound waits for the outcome.
      await starting;
      return web.health();
    },
    async start() {
      starting = web.listen(port);
      if (await starting)
        log('info', 'web server listening', { url: webUrl(config), root: config.stack.webRoot });
    },
    stop: () => web.close(),
  };
}
