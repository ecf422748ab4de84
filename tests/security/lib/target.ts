/**
 * The stack under test, black box: URLs and keys from the environment (`STACK_API_URL`, ... as
 * `stack status -o env` prints them, prefixed STACK_), else from `stack status -o json` of
 * STACK_WORKDIR (or the repository). Limits the checks depend on come from that workdir's
 * config.toml, because a black-box client cannot ask the stack for them.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { REPO_ROOT, stackEnvironment } from '../../shared/stack-env.js';

export interface TargetLimits {
  /** `[auth.rate_limit] sign_in_sign_ups`: password sign-ins per 5 minutes per client. */
  signInPerFiveMinutes: number;
  /** `[auth.rate_limit] account_sign_in_failures`: failed sign-ins for one account before each next try waits. */
  accountSignInFailures: number;
  /** `[stack] requests_per_window` (0 = the gateway limit is off). */
  gatewayRequestsPerWindow: number;
  gatewayWindowSeconds: number;
  /** `[stack] max_body_bytes`: the gateway's request body cap. */
  maxBodyBytes: number;
  /** Where these numbers came from (for the report). */
  source: string;
}

export interface StackTarget {
  apiUrl: string;
  webUrl: string | undefined;
  anonKey: string;
  serviceRoleKey: string;
  dbUrl: string | undefined;
  jwtSecret: string;
  /** The mail catcher's page and API (`MAILPIT_URL`) and its SMTP listener (`SMTP_URL`). */
  mailpitUrl: string | undefined;
  smtpUrl: string | undefined;
  limits: TargetLimits;
}

function readLimits(workdir: string): TargetLimits {
  const file = path.join(workdir, 'supabase', 'config.toml');
  const defaults: TargetLimits = {
    signInPerFiveMinutes: 30,
    accountSignInFailures: 5,
    gatewayRequestsPerWindow: 0,
    gatewayWindowSeconds: 10,
    maxBodyBytes: 1024 * 1024,
    source: 'Supabase CLI defaults (no config.toml found)',
  };
  if (!existsSync(file)) return defaults;
  const root = parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>;
  const auth = root.auth ?? {};
  const rate = (auth.rate_limit ?? {}) as Record<string, unknown>;
  const stack = root.stack ?? {};
  const num = (v: unknown, fallback: number) => (typeof v === 'number' ? v : fallback);
  return {
    signInPerFiveMinutes: num(rate.sign_in_sign_ups, defaults.signInPerFiveMinutes),
    accountSignInFailures: num(rate.account_sign_in_failures, defaults.accountSignInFailures),
    gatewayRequestsPerWindow: num(stack.requests_per_window, 0),
    gatewayWindowSeconds: num(stack.window_seconds, 10),
    maxBodyBytes: num(stack.max_body_bytes, defaults.maxBodyBytes),
    source: path.relative(REPO_ROOT, file) || file,
  };
}

export function resolveTarget(env: NodeJS.ProcessEnv = process.env): StackTarget {
  const workdir = path.resolve(REPO_ROOT, env.STACK_WORKDIR ?? '.');
  const vars = stackEnvironment({
    required: ['API_URL', 'ANON_KEY', 'SERVICE_ROLE_KEY', 'JWT_SECRET'],
    workdir,
    env,
  });
  return {
    apiUrl: vars.API_URL!.replace(/\/$/, ''),
    webUrl: vars.WEB_URL?.replace(/\/$/, ''),
    anonKey: vars.ANON_KEY!,
    serviceRoleKey: vars.SERVICE_ROLE_KEY!,
    dbUrl: vars.DB_URL,
    jwtSecret: vars.JWT_SECRET!,
    mailpitUrl: vars.MAILPIT_URL?.replace(/\/$/, ''),
    smtpUrl: vars.SMTP_URL,
    limits: readLimits(workdir),
  };
}
