/**
 * The stack a suite runs against: the STACK_* variables (`stack status -o env` prefixed STACK_, which
 * `npm test` hands its suites), the rest from `stack status` of a workdir. What it had to look up is
 * put back into the environment, so workers started later inherit it without asking again.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readStackStatus } from '../../infra/stack/lib/stack-status.mjs';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const STACK_KEYS = [
  'API_URL',
  'WEB_URL',
  'ANON_KEY',
  'SERVICE_ROLE_KEY',
  'DB_URL',
  'JWT_SECRET',
  // The mail catcher's API and page, and its SMTP listener ([local_smtp]); absent when it is off.
  'MAILPIT_URL',
  'SMTP_URL',
] as const;
export type StackKey = (typeof STACK_KEYS)[number];
export type StackEnvironment = Partial<Record<StackKey, string>>;

export interface StackEnvironmentOptions {
  /** What the suite cannot run without; `stack status` is asked only when one of them is missing. */
  required: readonly StackKey[];
  /** Whose `stack status` to ask; default STACK_WORKDIR, else the repository. */
  workdir?: string;
  /** Read, and completed with what was looked up. */
  env?: NodeJS.ProcessEnv;
}

export function stackEnvironment({
  required,
  workdir,
  env = process.env,
}: StackEnvironmentOptions): StackEnvironment {
  const found: StackEnvironment = {};
  for (const key of STACK_KEYS) if (env[`STACK_${key}`]) found[key] = env[`STACK_${key}`];
  if (required.every((key) => found[key])) return found;
  const from = workdir ?? env.STACK_WORKDIR ?? REPO_ROOT;
  const { healthy, status, reason } = readStackStatus(from);
  if (!healthy || !status) {
    throw new Error(
      `No stack: set ${required.map((key) => `STACK_${key}`).join(', ')}, or start one ` +
        `(\`npm run stack -- up\`; stack status for ${from} said: ${reason})`,
    );
  }
  for (const key of STACK_KEYS) {
    const value = status[key];
    if (found[key] || !value) continue;
    found[key] = value;
    env[`STACK_${key}`] = value;
  }
  const missing = required.filter((key) => !found[key]);
  if (missing.length > 0) {
    throw new Error(
      `The stack of ${from} does not report ${missing.join(', ')}` +
        (missing.includes('WEB_URL')
          ? '; the web app needs `[stack] web_port` and `web_root` in config.toml.'
          : ''),
    );
  }
  return found;
}
