/** Endpoints that need no user: settings, health, JWKS (OAuth sign-in is in ../oidc). */
import { sendJson } from '../../kernel/http.js';
import type { AuthCall } from '../auth-call.js';
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
