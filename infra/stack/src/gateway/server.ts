/**
 * The gateway on :54321. It does what Kong does in a Supabase deployment (routing by prefix, CORS,
 * API-key checks, a per-client request limit) and hands each request to its service.
 */
import http from 'node:http';
import { INVALID_API_KEY, MISSING_API_KEY, extractApiKey, identifyApiKey } from './api-keys.js';
import type { GatewayContext, Service } from './context.js';
import { applyCors } from './cors.js';
import { clientIp, sendJson } from './http.js';
import { RateLimiter } from './rate-limit.js';

export function createGatewayServer(ctx: GatewayContext, services: Service[]): http.Server {
  const limiter = new RateLimiter(ctx.config.stack.requestsPerWindow, ctx.config.stack.windowSeconds * 1000);

  async function route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (applyCors(req, res, ctx.config.stack.corsOrigins)) return;
    const url = new URL(req.url ?? '/', ctx.apiUrl);
    if (url.pathname === '/__stack/health') {
      await ctx.pools.api.query('select 1');
      return sendJson(res, 200, { status: 'ok' });
    }
    if (!limiter.take(clientIp(req))) {
      return sendJson(
        res,
        429,
        { message: 'Too many requests' },
        { 'Retry-After': String(limiter.retryAfterSeconds()) },
      );
    }
    const service = services.find(
      (s) => url.pathname === s.prefix || url.pathname.startsWith(s.prefix + '/'),
    );
    if (!service) return sendJson(res, 404, { message: 'no Route matched with those values' });
    const path = url.pathname.slice(service.prefix.length) || '/';
    const rawKey = extractApiKey(req, url);
    const apiKey = rawKey === undefined ? undefined : identifyApiKey(rawKey, ctx.secrets);
    if (service.requiresApiKey(path)) {
      if (rawKey === undefined) return sendJson(res, 401, MISSING_API_KEY);
      if (apiKey === undefined) return sendJson(res, 401, INVALID_API_KEY);
    }
    await service.handle(req, res, ctx, { path, url, apiKey });
  }

  return http.createServer((req, res) => {
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
}
