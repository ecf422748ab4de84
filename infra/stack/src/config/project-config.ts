/**
 * Reads a Supabase CLI project (`<workdir>/supabase/config.toml`) into the settings the stack uses.
 * Keys and defaults follow the CLI's own config.toml so that one file serves `supabase start`,
 * a hosted project and this stack alike.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { parseAddressRanges } from './address-ranges.js';
import { parseDurationSeconds } from './durations.js';
import {
  parseExternalProviders,
  type ExternalProvider,
  type OidcProviderName,
} from './external-providers.js';
import { FileSizeError, parseFileSize } from './file-size.js';
import { parseAuthEmail, parseLocalSmtp, type AuthEmailConfig, type LocalSmtpConfig } from './mail-config.js';
import { parseStandby, type StandbyConfig } from './standby-config.js';
import { parseAuthWebAuthn, type AuthWebAuthnConfig } from './webauthn-config.js';

export interface AuthRateLimits {
  /** Requests per 5 minutes per IP, as the CLI documents them. */
  emailSent: number;
  tokenRefresh: number;
  signInSignUps: number;
  tokenVerifications: number;
  anonymousUsers: number;
  /** Failed password sign-ins for one account (from any address) before each next try waits; 0: off. */
  accountSignInFailures: number;
  /** The longest such wait, in seconds: the backoff doubles up to it, so the owner is never locked out long. */
  accountSignInMaxDelaySeconds: number;
}

export interface AuthConfig {
  siteUrl: string;
  /** `additional_redirect_urls`: exact URLs or globs that `redirect_to` may also name (GoTrue's allow list). */
  additionalRedirectUrls: string[];
  jwtExpiry: number;
  enableSignup: boolean;
  enableEmailSignup: boolean;
  enableConfirmations: boolean;
  enableAnonymousSignIns: boolean;
  minimumPasswordLength: number;
  /** "", "letters_digits", "lower_upper_letters_digits", "lower_upper_letters_digits_symbols" */
  passwordRequirements: string;
  /** `[auth.email] require_current_password`: PUT /user needs `current_password` to set a new one. */
  requireCurrentPassword?: boolean;
  enableRefreshTokenRotation: boolean;
  refreshTokenReuseInterval: number;
  /** Seconds; 0 means no limit. */
  sessionTimebox: number;
  sessionInactivityTimeout: number;
  rateLimit: AuthRateLimits;
  /** `[auth.email]` mail settings: real SMTP server, templates, OTP length and expiry. */
  email: AuthEmailConfig;
  /** `[auth.external.*]`: the enabled OpenID Connect providers (none when absent). */
  external?: Map<OidcProviderName, ExternalProvider>;
  /** `signing_keys_path`, resolved against the supabase/ folder: asymmetric JWT keys (kernel/signing-keys). */
  signingKeysPath?: string;
  /** WebAuthn relying party, passkeys, WebAuthn MFA and the OAuth server's switches. */
  webauthn?: AuthWebAuthnConfig;
}

export interface ProjectConfig {
  workdir: string;
  projectDir: string;
  projectId: string;
  api: { port: number; schemas: string[]; extraSearchPath: string[]; maxRows: number };
  db: { port: number; majorVersion: number };
  auth: AuthConfig;
  /** `[local_smtp]`: the mail catcher (src/mail), as the CLI's local mail server. */
  localSmtp: LocalSmtpConfig;
  functions: Record<string, { verifyJwt: boolean }>;
  /** Realtime limits, under our own [stack.realtime] table (the CLI's [realtime] has none of these). */
  realtime: {
    /** Largest broadcast payload or presence meta accepted, in bytes. */
    maxPayloadBytes: number;
    maxChannelsPerSocket: number;
    /** WebSocket connections the gateway accepts at once. */
    maxConnections: number;
  };
  /** `[storage]`: the global upload limit in bytes (`file_size_limit`, CLI default "50MiB"). */
  storage: { fileSizeLimit: number };
  /** `[stack.standby]`: the streaming standby and automatic failover (src/ha). */
  standby: StandbyConfig;
  /** Gateway limits that have no counterpart in the CLI's file, under our own [stack] table. */
  stack: {
    requestsPerWindow: number;
    windowSeconds: number;
    maxBodyBytes: number;
    corsOrigins: string[];
    /** Grant new public tables/functions to the API roles by default (hosted projects stopped in 2026). */
    autoExposePublic: boolean;
    /** Connections the gateway keeps to Postgres for API requests. */
    dbPoolSize: number;
    /** Local demo accounts created at start with per-installation passwords. */
    demoUsers: string[];
    /** Wall-clock limit of one edge function request, in seconds (hosted: 150); then 504. */
    functionTimeoutSeconds: number;
    /**
     * Port of the web server for the built app (src/web). `web_port` defaults to 4173 when
     * `web_root` is set; with neither key (test fixtures, API-only installations) or `web_port = 0`
     * there is no web server, so side-by-side stacks never fight over one port.
     */
    webPort: number | undefined;
    /** Absolute folder of the built app (`web_root`, relative to the workdir), or undefined. */
    webRoot: string | undefined;
    /** `web_root` as written in config.toml, for messages that must not reveal absolute paths. */
    webRootSetting: string | undefined;
    /** Peer addresses whose `X-Forwarded-Proto: https` is believed (a TLS proxy on this host). */
    webTrustedProxies: string[];
    /** The API's URL as browsers reach it (`web_api_url`, behind a TLS proxy); default the loopback API URL. */
    webApiUrl: string | undefined;
    /** Put the per-response nonce in style-src instead of 'unsafe-inline' (needs the app's Emotion cache to use it). */
    webStyleNonce: boolean;
  };
}

type Table = Record<string, unknown>;

function table(parent: Table | undefined, key: string): Table {
  const value = parent?.[key];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Table) : {};
}

function num(t: Table, key: string, fallback: number): number {
  const v = t[key];
  if (v === undefined) return fallback;
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`config.toml: ${key} must be a number`);
  return v;
}

function bool(t: Table, key: string, fallback: boolean): boolean {
  const v = t[key];
  if (v === undefined) return fallback;
  if (typeof v !== 'boolean') throw new Error(`config.toml: ${key} must be true or false`);
  return v;
}

function str(t: Table, key: string, fallback: string): string {
  const v = t[key];
  if (v === undefined) return fallback;
  if (typeof v !== 'string') throw new Error(`config.toml: ${key} must be a string`);
  return v;
}

function strList(t: Table, key: string, fallback: string[]): string[] {
  const v = t[key];
  if (v === undefined) return fallback;
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) {
    throw new Error(`config.toml: ${key} must be a list of strings`);
  }
  return v as string[];
}

function fileSize(t: Table, key: string, fallback: string): number {
  try {
    return parseFileSize(t[key] ?? fallback);
  } catch (error) {
    if (error instanceof FileSizeError) {
      throw new Error(`config.toml: ${key}: ${error.message}`, { cause: error });
    }
    throw error;
  }
}

export function loadProjectConfig(workdir: string): ProjectConfig {
  const absWorkdir = path.resolve(workdir);
  const projectDir = path.join(absWorkdir, 'supabase');
  const file = path.join(projectDir, 'config.toml');
  if (!existsSync(file)) {
    throw new Error(`No Supabase project at ${absWorkdir}: ${file} is missing (pass --workdir <dir>)`);
  }
  let root: Table;
  try {
    root = parse(readFileSync(file, 'utf8')) as Table;
  } catch (error) {
    throw new Error(`Cannot parse ${file}: ${(error as Error).message}`, { cause: error });
  }
  const api = table(root, 'api');
  const db = table(root, 'db');
  const auth = table(root, 'auth');
  const email = table(auth, 'email');
  const sessions = table(auth, 'sessions');
  const rate = table(auth, 'rate_limit');
  const stack = table(root, 'stack');
  const web = webSettings(stack, absWorkdir);
  const storage = table(root, 'storage');
  const functions: ProjectConfig['functions'] = {};
  for (const [name, fn] of Object.entries(table(root, 'functions'))) {
    functions[name] = { verifyJwt: bool(fn as Table, 'verify_jwt', true) };
  }
  return {
    workdir: absWorkdir,
    projectDir,
    projectId: str(root, 'project_id', path.basename(absWorkdir)),
    api: {
      port: num(api, 'port', 54321),
      schemas: strList(api, 'schemas', ['public', 'graphql_public']),
      extraSearchPath: strList(api, 'extra_search_path', ['public', 'extensions']),
      maxRows: num(api, 'max_rows', 1000),
    },
    db: { port: num(db, 'port', 54322), majorVersion: num(db, 'major_version', 15) },
    auth: {
      siteUrl: str(auth, 'site_url', 'http://127.0.0.1:3000'),
      additionalRedirectUrls: strList(auth, 'additional_redirect_urls', []),
      jwtExpiry: num(auth, 'jwt_expiry', 3600),
      enableSignup: bool(auth, 'enable_signup', true),
      enableEmailSignup: bool(email, 'enabled', bool(email, 'enable_signup', true)),
      enableConfirmations: bool(email, 'enable_confirmations', false),
      enableAnonymousSignIns: bool(auth, 'enable_anonymous_sign_ins', false),
      minimumPasswordLength: num(auth, 'minimum_password_length', 6),
      passwordRequirements: str(auth, 'password_requirements', ''),
      requireCurrentPassword: bool(email, 'require_current_password', false),
      enableRefreshTokenRotation: bool(auth, 'enable_refresh_token_rotation', true),
      refreshTokenReuseInterval: num(auth, 'refresh_token_reuse_interval', 10),
      sessionTimebox: parseDurationSeconds(sessions.timebox, 0),
      sessionInactivityTimeout: parseDurationSeconds(sessions.inactivity_timeout, 0),
      rateLimit: {
        emailSent: num(rate, 'email_sent', 2),
        tokenRefresh: num(rate, 'token_refresh', 150),
        signInSignUps: num(rate, 'sign_in_sign_ups', 30),
        accountSignInFailures: num(rate, 'account_sign_in_failures', 5),
        accountSignInMaxDelaySeconds: parseDurationSeconds(rate.account_sign_in_max_delay, 300),
        tokenVerifications: num(rate, 'token_verifications', 30),
        anonymousUsers: num(rate, 'anonymous_users', 30),
      },
      email: parseAuthEmail(email, absWorkdir),
      external: parseExternalProviders(table(auth, 'external')),
      ...(typeof auth.signing_keys_path === 'string' && auth.signing_keys_path !== ''
        ? { signingKeysPath: path.resolve(projectDir, auth.signing_keys_path) }
        : {}),
      webauthn: parseAuthWebAuthn(auth, str(auth, 'site_url', 'http://127.0.0.1:3000')),
    },
    localSmtp: parseLocalSmtp(root),
    functions,
    realtime: {
      maxPayloadBytes: num(table(stack, 'realtime'), 'max_payload_bytes', 256 * 1024),
      maxChannelsPerSocket: num(table(stack, 'realtime'), 'max_channels_per_socket', 100),
      maxConnections: num(table(stack, 'realtime'), 'max_connections', 10_000),
    },
    storage: { fileSizeLimit: fileSize(storage, 'file_size_limit', '50MiB') },
    standby: parseStandby(table(stack, 'standby'), projectDir, num(db, 'port', 54322)),
    stack: {
      requestsPerWindow: num(stack, 'requests_per_window', 0),
      corsOrigins: withWebOrigins(strList(stack, 'cors_origins', ['*']), web.webPort),
      windowSeconds: num(stack, 'window_seconds', 10),
      maxBodyBytes: num(stack, 'max_body_bytes', 1024 * 1024),
      autoExposePublic: bool(stack, 'auto_expose_public', false),
      dbPoolSize: num(stack, 'db_pool_size', 16),
      demoUsers: strList(stack, 'demo_users', []),
      functionTimeoutSeconds: num(stack, 'function_timeout_seconds', 150),
      ...web,
    },
  };
}

/** The stack's own web server is always an allowed origin of its API (both loopback spellings). */
function withWebOrigins(origins: string[], webPort: number | undefined): string[] {
  if (webPort === undefined || origins.includes('*')) return origins;
  const own = [`http://127.0.0.1:${webPort}`, `http://localhost:${webPort}`];
  return [...origins, ...own.filter((o) => !origins.includes(o))];
}

function webSettings(
  stack: Table,
  workdir: string,
): Pick<
  ProjectConfig['stack'],
  'webPort' | 'webRoot' | 'webRootSetting' | 'webTrustedProxies' | 'webStyleNonce' | 'webApiUrl'
> {
  const rootSetting = stack.web_root === undefined ? undefined : str(stack, 'web_root', '');
  const port = num(stack, 'web_port', rootSetting === undefined ? 0 : 4173);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error('config.toml: [stack] web_port must be a port number (0 turns the web server off)');
  }
  return {
    webPort: port === 0 ? undefined : port,
    webRoot: rootSetting ? path.resolve(workdir, rootSetting) : undefined,
    webRootSetting: rootSetting || undefined,
    webTrustedProxies: trustedProxies(strList(stack, 'web_trusted_proxies', [])),
    webStyleNonce: bool(stack, 'web_style_nonce', false),
    webApiUrl:
      stack.web_api_url === undefined ? undefined : str(stack, 'web_api_url', '').replace(/\/+$/, ''),
  };
}

/** The trusted-proxy list, checked now: a typo must stop the start rather than trust nobody. */
function trustedProxies(entries: string[]): string[] {
  parseAddressRanges(entries, '[stack] web_trusted_proxies');
  return entries;
}
