/** Endpoints that need no user: settings, health, JWKS (OAuth sign-in is in ../oidc). */
import { sendJson } from '../../kernel/http.js';
import { signingKeys } from '../../kernel/jwt.js';
import type { AuthCall } from '../auth-call.js';
import { healthJson, settingsJson } from '../settings.js';

export async function settings(call: AuthCall): Promise<void> {
  sendJson(call.res, 200, settingsJson(call.ctx.config.auth));
}

export async function health(call: AuthCall): Promise<void> {
  sendJson(call.res, 200, healthJson());
}

/**
 * GoTrue's JWKS: the public halves of the asymmetric signing keys. HS256 tokens have no public key
 * to publish (an empty list); supabase-js then verifies through GET /user.
 */
export async function jwks(call: AuthCall): Promise<void> {
  sendJson(call.res, 200, { keys: signingKeys()?.all.map((k) => k.jwk) ?? [] });
}
