/**
 * The gateway on :54321. It does what Kong does in a Supabase deployment (routing by prefix, CORS,
 * API-key checks, a per-client request limit) and hands each request to its service.
 */
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { INVALID_API_KEY, MISSING_API_KEY, extractApiKey, identifyApiKey } from '../kernel/api-keys.js';
import type { GatewayContext, Service, ServiceHealth } from '../kernel/context.js';
import { applyCors } from './cors.js';
import { clientAddress, refuseUpgrade, sendJson } from '../kernel/http.js';
import { RateLimiter } from '../kernel/rate-limit.js';
import { RateKeyResolver } from './rate-key.js';
import { createGatewayMetrics } from '../metrics/gateway-metrics.js';
import { databaseUrl } from '../kernel/db.js';
import { haActive } from '../ha/replication-status.js';
import { replicationMetrics } from '../ha/replication-metrics.js';

export function createGatewayServer(
  ctx: GatewayContext,
  services: Service[],
  /** Health of parts that are not services (the web server), by part name. */
  extraHealth: Record<string, () => Promise<ServiceHealth>> = {},
): http.Server {
  const limiter = new RateLimiter(ctx.config.stack.requestsPerWindow, ctx.config.stack.windowSeconds * 1000);
  const rateKeys = new RateKeyResolver(ctx.secrets.jwtSecret, ctx.config.stack.webTrustedProxies);
  const limited = ctx.config.stack.requestsPerWindow > 0;
  const metrics = createGatewayMetrics(
    ctx.secrets,
    ctx.pools,
    databaseUrl(ctx.config, 'postgres', ctx.secrets.postgresPassword),
    haActive(ctx.paths) ? (registry) => replicationMetrics(registry, ctx.config, ctx.paths) : undefined,
  );

  async function route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', ctx.apiUrl);
    const service = services.find(
      (s) => url.pathname === s.prefix || url.pathname.startsWith(s.prefix + '/'),
    );
    if (applyCors(req, res, ctx.config.stack.corsOrigins, service?.answersOwnPreflights === true)) return;
    if (url.pathname === '/__stack/health') {
      const parts = await stackHealth(ctx, services, extraHealth);
      return sendJson(res, parts.db!.healthy ? 200 : 503, {
        status: parts.db!.healthy ? 'ok' : 'down',
        parts,
      });
    }
    if (url.pathname === '/metrics') return metrics.serve(req, res);
    const rawKey = extractApiKey(req, url);
    const apiKey = rawKey === undefined ? undefined : identifyApiKey(rawKey, ctx.secrets);
    // The service key is the backend's own (edge functions acting for their caller, importers):
    // counting it would refuse a function's second step for a caller whose first step was let in.
    if (limited && apiKey?.role !== 'service_role') {
      const rateKey = await rateKeys.keyFor(req);
      if (!limiter.take(rateKey))
        return sendJson(
          res,
          429,
          { message: 'Too many requests' },
          { 'Retry-After': String(limiter.retryAfterSeconds(rateKey)) },
        );
    }
    if (!service) return sendJson(res, 404, { message: 'no Route matched with those values' });
    metrics.label(res, service.name);
    const path = url.pathname.slice(service.prefix.length) || '/';
    if (service.requiresApiKey(path)) {
      if (rawKey === undefined) return sendJson(res, 401, MISSING_API_KEY);
      if (apiKey === undefined) return sendJson(res, 401, INVALID_API_KEY);
    }
    await service.handle(req, res, ctx, { path, url, apiKey });
  }

  /** WebSocket upgrades: same rate limit and routing as requests; the service checks its own keys. */
  async function upgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', ctx.apiUrl);
    if (!limiter.take(`ip:${clientAddress(req, ctx.config.stack.webTrustedProxies)}`))
      return refuseUpgrade(socket, 429, { message: 'Too many requests' });
    const service = services.find((s) => url.pathname.startsWith(s.prefix + '/'));
    if (!service?.upgrade)
      return refuseUpgrade(socket, 404, { message: 'no Route matched with those values' });
    const path = url.pathname.slice(service.prefix.length);
    metrics.socketOpened(service.name, socket);
    const rawKey = extractApiKey(req, url);
    const apiKey = rawKey === undefined ? undefined : identifyApiKey(rawKey, ctx.secrets);
    await service.upgrade(req, socket, head, ctx, { path, url, apiKey });
  }

  const server = http.createServer((req, res) => {
    metrics.track(req, res);
    route(req, res).catch((error: unknown) => {
      ctx.log('error', 'unhandled request error', {
        url: req.url,
        error: (error as Error).stack ?? String(error),
      });
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const down = /ECONNREFUSED|Connection terminated|connect/i.test(String((error as Error).message));
      sendJson(res, down ? 503 : 500, { message: down ? 'Database unavailable' : 'Internal server error' });
    });
  });
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    upgrade(req, socket, head).catch((error: unknown) => {
      ctx.log('error', 'unhandled upgrade error', {
        url: req.url,
        error: (error as Error).stack ?? String(error),
      });
      refuseUpgrade(socket, 500, { message: 'Internal server error' });
    });
  });
  return server;
}

/** Health of each part: the database (one query), the gateway itself, and every service's self-check. */
async function stackHealth(
  ctx: GatewayContext,
  services: Service[],
  extraHealth: Record<string, () => Promise<ServiceHealth>> = {},
): Promise<Record<string, ServiceHealth>> {
  const parts: Record<string, ServiceHealth> = {};
  try {
    await ctx.pools.api.query('select 1');
    parts.db = { healthy: true };
  } catch (error) {
    parts.db = { healthy: false, detail: (error as Error).message };
  }
  parts.api = { healthy: true };
  await Promise.all(
    services.map(async (service) => {
      try {
        parts[service.name] = service.health ? await service.health() : { healthy: true };
      } catch (error) {
        parts[service.name] = { healthy: false, detail: (error as Error).message };
      }
    }),
  );
  for (const [name, check] of Object.entries(extraHealth)) {
    parts[name] = await check().catch((error: unknown) => ({
      healthy: false,
      detail: (error as Error).message,
    }));
  }
  return parts;
}
