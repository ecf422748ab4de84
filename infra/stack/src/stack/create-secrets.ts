/**
 * Creates the per-installation secrets (config/secrets.ts) on the first `stack up`: a random JWT
 * secret, the legacy anon and service_role keys signed with it, the opaque publishable and secret
 * keys, and the database role passwords. Here rather than in config/ because signing needs
 * kernel/jwt, and config/ sits below the kernel.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { StackSecrets } from '../config/secrets.js';
import { signJwt } from '../kernel/jwt.js';

const TEN_YEARS = 10 * 365 * 24 * 3600;

function token(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

async function generate(): Promise<StackSecrets> {
  const jwtSecret = token(48);
  const iat = Math.floor(Date.now() / 1000);
  const legacy = (role: string) =>
    signJwt({ iss: 'supabase-demo', role, iat, exp: iat + TEN_YEARS }, jwtSecret);
  return {
    jwtSecret,
    anonKey: await legacy('anon'),
    serviceRoleKey: await legacy('service_role'),
    publishableKey: `sb_publishable_${token(24)}`,
    secretKey: `sb_secret_${token(24)}`,
    postgresPassword: token(18),
    authenticatorPassword: token(18),
    authAdminPassword: token(18),
    storageAdminPassword: token(18),
  };
}

export async function loadOrCreateSecrets(file: string): Promise<StackSecrets> {
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as StackSecrets;
  const secrets = await generate();
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 });
  return secrets;
}
