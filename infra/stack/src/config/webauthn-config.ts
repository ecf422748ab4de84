/**
 * `[auth.webauthn]`, `[auth.passkey]`, `[auth.mfa.web_authn]` and `[auth.oauth_server]` of
 * config.toml, with GoTrue's defaults (internal/conf/configuration.go: WebAuthnConfiguration,
 * PasskeyConfiguration, MFAFactorTypeConfiguration, OAuthServerConfiguration).
 *
 * The relying party defaults to the host and origin of `site_url` when `[auth.webauthn]` names
 * none (GoTrue refuses to start without them when passkeys are on; the CLI's template derives them
 * from site_url too).
 */
type Table = Record<string, unknown>;

export interface WebAuthnSettings {
  rpId: string;
  rpDisplayName: string;
  /** Origins a browser's clientDataJSON may name. */
  rpOrigins: string[];
  /** Seconds a registration or authentication challenge stays usable (GoTrue: 5m). */
  challengeExpirySeconds: number;
}

export interface AuthWebAuthnConfig {
  webauthn: WebAuthnSettings;
  passkey: { enabled: boolean; maxPerUser: number };
  mfaWebAuthn: { enrollEnabled: boolean; verifyEnabled: boolean };
  oauthServer: { enabled: boolean; allowDynamicRegistration: boolean };
}

function sub(parent: Table, key: string): Table {
  const value = parent[key];
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Table) : {};
}

function flag(t: Table, key: string, fallback: boolean, where: string): boolean {
  const value = t[key];
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new Error(`config.toml: ${where} ${key} must be true or false`);
  return value;
}

function text(t: Table, key: string, fallback: string, where: string): string {
  const value = t[key];
  if (value === undefined) return fallback;
  if (typeof value !== 'string') throw new Error(`config.toml: ${where} ${key} must be a string`);
  return value;
}

function siteOrigin(siteUrl: string): URL | undefined {
  try {
    return new URL(siteUrl);
  } catch {
    return undefined;
  }
}

export function parseAuthWebAuthn(auth: Table, siteUrl: string): AuthWebAuthnConfig {
  const site = siteOrigin(siteUrl);
  const rp = sub(auth, 'webauthn');
  const origins = rp.rp_origins;
  if (origins !== undefined && (!Array.isArray(origins) || origins.some((o) => typeof o !== 'string')))
    throw new Error('config.toml: [auth.webauthn] rp_origins must be a list of origins');
  const passkey = sub(auth, 'passkey');
  const maxPerUser = passkey.max_passkeys_per_user ?? 10;
  if (typeof maxPerUser !== 'number' || !Number.isInteger(maxPerUser) || maxPerUser < 1)
    throw new Error('config.toml: [auth.passkey] max_passkeys_per_user must be a positive whole number');
  const mfa = sub(sub(auth, 'mfa'), 'web_authn');
  const oauth = sub(auth, 'oauth_server');
  return {
    webauthn: {
      rpId: text(rp, 'rp_id', site?.hostname ?? 'localhost', '[auth.webauthn]'),
      rpDisplayName: text(rp, 'rp_display_name', 'Supabase', '[auth.webauthn]'),
      rpOrigins: (origins as string[] | undefined) ?? (site ? [site.origin] : []),
      challengeExpirySeconds: 300,
    },
    passkey: { enabled: flag(passkey, 'enabled', false, '[auth.passkey]'), maxPerUser },
    mfaWebAuthn: {
      enrollEnabled: flag(mfa, 'enroll_enabled', false, '[auth.mfa.web_authn]'),
      verifyEnabled: flag(mfa, 'verify_enabled', false, '[auth.mfa.web_authn]'),
    },
    oauthServer: {
      enabled: flag(oauth, 'enabled', false, '[auth.oauth_server]'),
      allowDynamicRegistration: flag(oauth, 'allow_dynamic_registration', false, '[auth.oauth_server]'),
    },
  };
}
