/**
 * `[auth.external.<provider>]` of config.toml: the OpenID Connect providers this stack signs users
 * in with. Keys follow the Supabase CLI (pkg/config/auth.go `provider`: enabled, client_id, secret,
 * url, redirect_uri, skip_nonce_check); `secret` may be `env(NAME)` as in the CLI's template.
 *
 * - `keycloak`: `url` is the realm's issuer (`https://host/realms/<realm>`), as GoTrue's keycloak
 *   provider takes it.
 * - `azure`: `url` is the tenant's authority (`https://login.microsoftonline.com/<tenant>`), the
 *   issuer being `<url>/v2.0` (Microsoft identity platform's OIDC metadata). A tenant id or domain
 *   is needed: the shared `common` authority has no single issuer to check ID tokens against.
 * - `oidc`: any other OpenID Connect issuer (`url` = issuer). The CLI has no generic provider; the
 *   name is ours (GoTrue's own generic providers are the `custom:` ones kept in its database).
 *
 * Our own keys (no CLI counterpart; the CLI ignores them): `group_claim`, the ID-token claim whose
 * values name the user's groups (copied to app_metadata.sso_groups on each sign-in), and `scopes`
 * beyond `openid email profile`. Providers the stack cannot serve fail the start when enabled.
 */
import { resolveEnv } from './mail-config.js';

export const OIDC_PROVIDERS = ['keycloak', 'azure', 'oidc'] as const;
export type OidcProviderName = (typeof OIDC_PROVIDERS)[number];

export interface ExternalProvider {
  name: OidcProviderName;
  clientId: string;
  secret: string;
  /** The issuer whose discovery document and keys are used (see above per provider). */
  issuer: string;
  /** Where the provider sends the browser back; default `<API URL>/auth/v1/callback`. */
  redirectUri: string | undefined;
  skipNonceCheck: boolean;
  /** ID-token claim listing the user's groups, or undefined for no group mapping. */
  groupClaim: string | undefined;
  scopes: string[];
}

type Table = Record<string, unknown>;

function fail(where: string, message: string): never {
  throw new Error(`config.toml: ${where} ${message}`);
}

function optionalString(t: Table, key: string, where: string): string | undefined {
  const value = t[key];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') fail(`${where} ${key}`, 'must be a string');
  return resolveEnv(value, `${where} ${key}`).trim() || undefined;
}

function requiredString(t: Table, key: string, where: string): string {
  return optionalString(t, key, where) ?? fail(`${where} ${key}`, 'is required when the provider is enabled');
}

function httpUrl(value: string, where: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail(where, `must be a URL (got "${value.slice(0, 100)}")`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') fail(where, 'must be an http(s) URL');
  return value.replace(/\/+$/, '');
}

function issuerOf(name: OidcProviderName, url: string, where: string): string {
  if (name !== 'azure') return url;
  if (/\/(common|organizations|consumers)$/i.test(url)) {
    fail(where, 'must name a tenant (…/<tenant id or domain>): "common" has no single issuer to check');
  }
  return `${url}/v2.0`;
}

function parseProvider(name: OidcProviderName, t: Table): ExternalProvider {
  const where = `[auth.external.${name}]`;
  const url = httpUrl(requiredString(t, 'url', where), `${where} url`);
  const skip = t.skip_nonce_check ?? false;
  if (typeof skip !== 'boolean') fail(`${where} skip_nonce_check`, 'must be true or false');
  const scopes = t.scopes ?? [];
  if (!Array.isArray(scopes) || scopes.some((s) => typeof s !== 'string' || /\s/.test(s))) {
    fail(`${where} scopes`, 'must be a list of scope names');
  }
  const redirectUri = optionalString(t, 'redirect_uri', where);
  return {
    name,
    clientId: requiredString(t, 'client_id', where),
    secret: requiredString(t, 'secret', where),
    issuer: issuerOf(name, url, `${where} url`),
    redirectUri: redirectUri === undefined ? undefined : httpUrl(redirectUri, `${where} redirect_uri`),
    skipNonceCheck: skip,
    groupClaim: optionalString(t, 'group_claim', where),
    scopes: scopes as string[],
  };
}

/** The enabled providers of `[auth.external]`, by name. */
export function parseExternalProviders(external: Table): Map<OidcProviderName, ExternalProvider> {
  const providers = new Map<OidcProviderName, ExternalProvider>();
  for (const [name, raw] of Object.entries(external)) {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) continue;
    const t = raw as Table;
    const enabled = t.enabled ?? false;
    if (typeof enabled !== 'boolean') fail(`[auth.external.${name}] enabled`, 'must be true or false');
    if (!enabled) continue;
    if (!(OIDC_PROVIDERS as readonly string[]).includes(name)) {
      fail(
        `[auth.external.${name}]`,
        `is enabled, but this stack signs in only with ${OIDC_PROVIDERS.join(', ')} (OpenID Connect)`,
      );
    }
    providers.set(name as OidcProviderName, parseProvider(name as OidcProviderName, t));
  }
  return providers;
}
