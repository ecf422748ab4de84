/**
 * `/functions/v1/<name>`: Supabase Edge Functions, each served by its own Deno process (see
 * runtime.ts). No API key is demanded at the gateway, as on the hosted platform: each function's
 * `verify_jwt` setting decides whether a JWT is required.
 */
import type { Service } from '../kernel/context.js';
import { sendJson } from '../kernel/http.js';
import { FunctionsRuntime } from './runtime.js';

export function createFunctionsService(): Service {
  let runtime: FunctionsRuntime | undefined;
  return {
    name: 'functions',
    prefix: '/functions/v1',
    requiresApiKey: () => false,
    answersOwnPreflights: true,
    start: async (ctx) => {
      runtime = new FunctionsRuntime(ctx);
      runtime.startAll();
    },
    stop: async () => {
      await runtime?.stopAll();
      runtime = undefined;
    },
    handle: async (req, res, _ctx, route) => {
      if (!runtime) return sendJson(res, 503, { msg: 'Functions are not started' });
      await runtime.handle(req, res, route);
    },
    health: async () => runtime?.health() ?? { healthy: false, detail: 'not started' },
  };
}

export const functionsService: Service = createFunctionsService();
