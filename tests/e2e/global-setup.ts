/**
 * Once per run: checks that the stack serves the built app, creates this run's users (unique emails,
 * strong passwords) through the auth admin API, grants the admin role in the database, and signs the
 * analyst in through the real form to save a storage state the specs start from.
 */
import { chromium, expect, type FullConfig } from '@playwright/test';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { SignInPage } from './pages/sign-in.page';
import { createUser } from './support/auth-admin';
import { chromiumLaunchOptions, DESKTOP_VIEWPORT } from './support/browser';
import { withDb } from './support/db';
import { ANALYST_STATE, AXE_DIR, RUN_FILE, TEMP_DIR } from './support/paths';
import type { RunInfo } from './support/run-info';
import { readStackEnv, type StackEnv } from './support/stack-env';

async function checkWebApp(env: StackEnv): Promise<void> {
  const response = await fetch(env.webUrl);
  const html = await response.text();
  if (!response.ok || !html.includes('cti-runtime-config') || !html.includes('/assets/')) {
    throw new Error(
      `${env.webUrl} does not serve the built app (HTTP ${response.status}). ` +
        'Run `npm run build -w frontend` and give the stack `[stack] web_port` and `web_root`.',
    );
  }
}

async function saveAnalystSession(env: StackEnv, run: RunInfo): Promise<void> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ baseURL: env.webUrl, viewport: DESKTOP_VIEWPORT });
    const page = await context.newPage();
    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.signIn(run.analyst);
    await expect(page).toHaveURL(/\/platform\/dashboard$/, { timeout: 15_000 });
    await context.storageState({ path: ANALYST_STATE });
  } finally {
    await browser.close();
  }
}

export default async function globalSetup(_config: FullConfig): Promise<void> {
  const env = readStackEnv();
  await checkWebApp(env);
  rmSync(AXE_DIR, { recursive: true, force: true });
  mkdirSync(AXE_DIR, { recursive: true });
  mkdirSync(TEMP_DIR, { recursive: true });

  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const email = (role: string) => `e2e-${role}-${runId}@cti.local`;
  const run: RunInfo = {
    runId,
    analyst: await createUser(env, email('analyst')),
    member: await createUser(env, email('member')),
    admin: await createUser(env, email('admin')),
  };
  await withDb((client) =>
    client.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [run.admin.id]),
  );
  writeFileSync(RUN_FILE, JSON.stringify(run, null, 2), { mode: 0o600 });
  await saveAnalystSession(env, run);
}
