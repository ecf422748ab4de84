/**
 * The single sign-on spec's own stack: the project (all migrations, the built app) on ports of its own,
 * with `[auth.external.keycloak]` pointing at a real OpenID Connect provider (oidc-provider, started
 * here on a loopback port) whose ID tokens carry a `groups` claim. Only this spec's stack offers SSO,
 * so every other spec sees the sign-in page without it, as an installation does by default.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { makeProjectTestWorkdir } from '../../../scripts/lib/setup.mjs';
import { startIdp, type TestIdp } from '../../../infra/stack/test/helpers/oidc-idp';
import { REPO_ROOT } from './stack-env';

/** Ports 26211 (API), 26212 (database), 26213 (web), away from the suite's stack and `npm start`'s. */
const API_PORT = 26211;
const DB_PORT = 26212;

export interface SsoStack {
  webUrl: string;
  apiUrl: string;
  dbUrl: string;
  serviceRoleKey: string;
  idp: TestIdp;
  stop(): Promise<void>;
}

function stackCli(args: string[]): string {
  return execFileSync(process.execPath, [path.join(REPO_ROOT, 'infra/stack/bin/stack.mjs'), ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

export async function startSsoStack(accounts: Record<string, Record<string, unknown>>): Promise<SsoStack> {
  const idp = await startIdp({
    clientId: 'cti-platform',
    clientSecret: 'e2e-sso-client-secret',
    redirectUris: [`http://127.0.0.1:${API_PORT}/auth/v1/callback`],
    accounts,
  });
  const workdir = makeProjectTestWorkdir(path.join(REPO_ROOT, '.temp', 'e2e-sso'), API_PORT, DB_PORT);
  appendFileSync(
    path.join(workdir, 'supabase', 'config.toml'),
    [
      '',
      '[auth.external.keycloak]',
      'enabled = true',
      'client_id = "cti-platform"',
      'secret = "e2e-sso-client-secret"',
      `url = "${idp.issuer}"`,
      'group_claim = "groups"',
      'scopes = ["groups"]',
      '',
    ].join('\n'),
  );
  const vars = JSON.parse(stackCli(['reset', '--workdir', workdir, '-o', 'json'])) as Record<string, string>;
  return {
    webUrl: vars.WEB_URL!,
    apiUrl: vars.API_URL!,
    dbUrl: vars.DB_URL!,
    serviceRoleKey: vars.SERVICE_ROLE_KEY!,
    idp,
    async stop() {
      stackCli(['down', '--purge', '--workdir', workdir]);
      await idp.close();
    },
  };
}
