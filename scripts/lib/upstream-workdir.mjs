/**
 * The stack workdir an upstream supabase-js suite expects (scripts/upstream-suites.mjs): the
 * suite's own `test/supabase` project (config.toml, seed.sql, signing keys) copied unchanged, and
 * the secrets the Supabase CLI would derive from that config.toml written into the stack's state
 * folder before the first `stack up`, so the keys the tests compute are the stack's keys.
 *
 * The CLI's local keys: `anon` and `service_role` JWTs with the claims
 * {"iss":"supabase-demo","role":<role>,"exp":1983812996}, HS256 with `[auth] jwt_secret`; when
 * `[auth] signing_keys_path` is set, RS256 with the first key of that JWK list (and its `kid`),
 * with the `iat` the CLI pins. https://supabase.com/docs/guides/local-development/cli/config#auth
 */
import { createHmac, createPrivateKey, createSign, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const CLI_KEY_EXP = 1983812996;
const CLI_SIGNING_KEY_IAT = 1768925145;

const b64 = (value) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

function hs256(claims, secret) {
  const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

function rs256(claims, jwk) {
  const body = `${b64({ alg: 'RS256', typ: 'JWT', kid: jwk.kid })}.${b64(claims)}`;
  const key = createPrivateKey({ key: jwk, format: 'jwk' });
  return `${body}.${createSign('RSA-SHA256').update(body).sign(key).toString('base64url')}`;
}

/** `key = "value"` of one [table] of a config.toml, enough for the two keys read here. */
function tomlString(text, table, key) {
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const header = /^\[([^\]]+)\]$/.exec(line);
    if (header) current = header[1];
    const pair = new RegExp(`^${key}\\s*=\\s*"([^"]*)"`).exec(line);
    if (pair && current === table) return pair[1];
  }
  return undefined;
}

// The OAuth providers the stack signs in with (infra/stack/src/config/external-providers.ts); it
// refuses to start with any other enabled, so those are switched off (auth-js enables google only
// for signInWithIdToken's "provider disabled" answer and a client-side OAuth URL).
const STACK_PROVIDERS = ['keycloak', 'azure', 'oidc'];

function withoutUnsupportedProviders(config) {
  let table = '';
  return config
    .split('\n')
    .map((line) => {
      const header = /^\[([^\]]+)\]\s*$/.exec(line.trim());
      if (header) table = header[1];
      const provider = /^auth\.external\.(\w+)$/.exec(table)?.[1];
      if (provider && !STACK_PROVIDERS.includes(provider) && /^enabled\s*=\s*true/.test(line.trim())) {
        console.log(
          `upstream-suites: [auth.external.${provider}] switched off (the stack has no ${provider} sign-in)`,
        );
        return 'enabled = false';
      }
      return line;
    })
    .join('\n');
}

/**
 * Copies `<suiteDir>/test/supabase` to `<workdir>/supabase` (minus its state) and writes the
 * secrets. Returns the workdir.
 */
export function prepareWorkdir(suiteDir, workdir) {
  const source = path.join(suiteDir, 'test', 'supabase');
  rmSync(workdir, { recursive: true, force: true });
  const project = path.join(workdir, 'supabase');
  cpSync(source, project, {
    recursive: true,
    filter: (f) => !path.relative(source, f).split(path.sep).includes('.temp'),
  });
  const configFile = path.join(project, 'config.toml');
  // The Supabase CLI this project pins renamed [inbucket] to [local_smtp] (same keys) and refuses
  // the old name; the stack's migrations run through that CLI, so the table is renamed here.
  const config = withoutUnsupportedProviders(
    readFileSync(configFile, 'utf8').replace(/^\[inbucket\]$/m, '[local_smtp]'),
  );
  writeFileSync(configFile, config);
  const jwtSecret =
    tomlString(config, 'auth', 'jwt_secret') ?? 'super-secret-jwt-token-with-at-least-32-characters-long';
  const keysPath = tomlString(config, 'auth', 'signing_keys_path');
  const signingKey = keysPath
    ? JSON.parse(readFileSync(path.resolve(project, keysPath), 'utf8'))[0]
    : undefined;
  const key = (role) =>
    signingKey
      ? rs256({ iss: 'supabase-demo', role, exp: CLI_KEY_EXP, iat: CLI_SIGNING_KEY_IAT }, signingKey)
      : hs256({ iss: 'supabase-demo', role, exp: CLI_KEY_EXP }, jwtSecret);
  const token = (bytes) => randomBytes(bytes).toString('base64url');
  const secrets = {
    jwtSecret,
    anonKey: key('anon'),
    serviceRoleKey: key('service_role'),
    publishableKey: `sb_publishable_${token(24)}`,
    secretKey: `sb_secret_${token(24)}`,
    postgresPassword: 'postgres',
    authenticatorPassword: token(18),
    authAdminPassword: token(18),
    storageAdminPassword: token(18),
  };
  const state = path.join(project, '.temp', 'stack');
  mkdirSync(state, { recursive: true });
  writeFileSync(path.join(state, 'secrets.json'), JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 });
  return workdir;
}

/** The signing keys a suite's config.toml names and its tests read (auth-js generates them). */
export function ensureSigningKeys(suiteDir, run) {
  const script = path.join(suiteDir, 'test', 'generate-signing-keys.js');
  const keys = path.join(suiteDir, 'test', 'supabase', 'signing_keys.json');
  if (existsSync(script) && !existsSync(keys)) run(process.execPath, [script], { cwd: path.dirname(script) });
}
