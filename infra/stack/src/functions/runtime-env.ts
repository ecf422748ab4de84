/**
 * The environment an edge function sees: the same `SUPABASE_*` variables the hosted platform and
 * `supabase functions serve` provide, the project's `supabase/functions/.env` secrets, the
 * network settings Deno needs to fetch npm packages, and nothing else of the gateway's environment.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { GatewayContext } from '../kernel/context.js';
import { databaseUrl } from '../kernel/db.js';

/** Proxy and certificate settings: without them Deno could not reach the npm registry here. */
const PASSED_THROUGH = [
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'NPM_CONFIG_REGISTRY',
  'DENO_CERT',
  'DENO_TLS_CA_STORE',
  'NODE_EXTRA_CA_CERTS',
  'TZ',
];

/** `KEY=value` lines as dotenv writes them: comments, `export `, single or double quotes. */
export function parseEnvFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!match) continue;
    let value = match[2]!;
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
      value = value.slice(1, -1).replace(/\\n/g, '\n').replace(/\\"/g, '"');
    } else if (value.length >= 2 && value.startsWith("'") && value.endsWith("'")) {
      value = value.slice(1, -1);
    } else {
      value = value.replace(/\s+#.*$/, '');
    }
    out[match[1]!] = value;
  }
  return out;
}

export interface FunctionEnvOptions {
  functionsDir: string;
  denoDir: string;
  /** Warnings about skipped `.env` entries go here. */
  warn: (message: string, fields: Record<string, unknown>) => void;
  /** The gateway's own environment, for the pass-through list only. */
  parentEnv?: NodeJS.ProcessEnv;
}

/** Environment shared by every function process (the listen address is added per process). */
export function functionEnv(ctx: GatewayContext, options: FunctionEnvOptions): Record<string, string> {
  const parentEnv = options.parentEnv ?? process.env;
  const env: Record<string, string> = {};
  for (const name of PASSED_THROUGH) {
    const value = parentEnv[name];
    if (value !== undefined) env[name] = value;
  }
  const envFile = path.join(options.functionsDir, '.env');
  if (existsSync(envFile)) {
    for (const [name, value] of Object.entries(parseEnvFile(readFileSync(envFile, 'utf8')))) {
      // The CLI refuses user variables that would shadow the platform's own.
      if (name.startsWith('SUPABASE_') || name.startsWith('DENO_')) {
        options.warn('functions .env: variable skipped (reserved prefix)', { name });
        continue;
      }
      env[name] = value;
    }
  }
  return {
    ...env,
    SUPABASE_URL: ctx.apiUrl,
    SUPABASE_ANON_KEY: ctx.secrets.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: ctx.secrets.serviceRoleKey,
    SUPABASE_DB_URL: databaseUrl(ctx.config, 'postgres', ctx.secrets.postgresPassword),
    ALLOWED_ORIGINS: ctx.config.stack.corsOrigins.join(','),
    // Trust the machine's CA store too (a TLS-inspecting proxy's CA lives there, not in Mozilla's).
    DENO_TLS_CA_STORE: env.DENO_TLS_CA_STORE ?? 'mozilla,system',
    DENO_DIR: options.denoDir,
    DENO_NO_UPDATE_CHECK: '1',
    DENO_NO_PROMPT: '1',
    NO_COLOR: '1',
  };
}
