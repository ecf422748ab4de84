/**
 * The OpenID Connect relying party, through `openid-client` (discovery per OpenID Connect Discovery
 * 1.0, ID tokens checked against the issuer's JWKS per OpenID Connect Core 1.0 §3.1.3.7). One
 * discovered configuration per provider, kept while it works; a failed discovery is not kept, so
 * an identity provider that starts after the stack is found on the next sign-in.
 */
import * as oidc from 'openid-client';
import type { ExternalProvider, OidcProviderName } from '../../config/external-providers.js';
import type { AuthCall } from '../auth-call.js';
import { AuthApiError } from '../errors.js';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const discovered = new Map<string, Promise<oidc.Configuration>>();

/** The scopes asked for: OpenID Connect's own, then the provider's extra ones. */
export function scopesOf(provider: ExternalProvider): string {
  return [...new Set(['openid', 'email', 'profile', ...provider.scopes])].join(' ');
}

/** Where the identity provider sends the browser back: `redirect_uri`, else this stack's /callback. */
export function redirectUriOf(call: AuthCall, provider: ExternalProvider): string {
  return provider.redirectUri ?? `${call.issuer}/callback`;
}

async function discover(provider: ExternalProvider): Promise<oidc.Configuration> {
  const issuer = new URL(provider.issuer);
  // Plain http only for an identity provider on this machine (tests, a local Keycloak).
  const execute =
    issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname) ? [oidc.allowInsecureRequests] : [];
  return oidc.discovery(issuer, provider.clientId, undefined, oidc.ClientSecretPost(provider.secret), {
    execute,
    timeout: 10,
  });
}

export async function oidcConfiguration(provider: ExternalProvider): Promise<oidc.Configuration> {
  const key = `${provider.name}\n${provider.issuer}\n${provider.clientId}`;
  let pending = discovered.get(key);
  if (!pending) {
    pending = discover(provider);
    discovered.set(key, pending);
    pending.catch(() => discovered.delete(key));
  }
  try {
    return await pending;
  } catch (error) {
    throw new AuthApiError(
      502,
      'unexpected_failure',
      `The identity provider ${provider.name} cannot be reached at ${provider.issuer}: ${(error as Error).message}`,
    );
  }
}

/** The enabled provider named `name`, or GoTrue's "could not be found" refusal. */
export function enabledProvider(call: AuthCall, name: string): ExternalProvider {
  const provider = call.ctx.config.auth.external?.get(name.toLowerCase() as OidcProviderName);
  if (!provider) {
    throw new AuthApiError(
      400,
      'validation_failed',
      `Unsupported provider: Provider ${name} could not be found`,
    );
  }
  return provider;
}
