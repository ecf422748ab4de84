/** Endpoints that need no user: settings, health, JWKS, and the flows this stack cannot serve (recover.ts, otp.ts mail). */
import { sendJson } from '../../kernel/http.js';
import type { AuthCall } from '../auth-call.js';
import { badRequest } from '../errors.js';
import { healthJson, settingsJson } from '../settings.js';

export async function settings(call: AuthCall): Promise<void> {
  sendJson(call.res, 200, settingsJson(call.ctx.config.auth));
}

export async function health(call: AuthCall): Promise<void> {
  sendJson(call.res, 200, healthJson());
}

/** HS256 tokens have no public key to publish; supabase-js then verifies through GET /user. */
export async function jwks(call: AuthCall): Promise<void> {
  sendJson(call.res, 200, { keys: [] });
}

/** OAuth needs external providers, none of which are configured in a local stack. */
export async function externalProvider(call: AuthCall): Promise<void> {
  const provider = call.route.url.searchParams.get('provider') ?? '';
  throw badRequest('validation_failed', `Unsupported provider: Provider ${provider} could not be found`);
}
