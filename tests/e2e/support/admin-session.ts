/**
 * An administrator with a verified second factor, as the admin specs need one: created through the auth
 * admin API, given the admin role, enrolled in TOTP through the app (codes computed per RFC 6238), and
 * its verified session saved as a Playwright storage state for `test.use({ storageState })`.
 */
import { expect, type Browser } from '@playwright/test';
import { MfaSetupPage } from '../pages/mfa.page';
import { SignInPage } from '../pages/sign-in.page';
import { createUser } from './auth-admin';
import { withDb } from './db';
import type { TestUser } from './run-info';
import { readStackEnv } from './stack-env';
import { secretFromOtpauthUri, totpCode, totpStep } from '../../shared/totp.mjs';

export async function enrolVerifiedAdmin(
  browser: Browser,
  email: string,
  statePath: string,
): Promise<TestUser> {
  const env = readStackEnv();
  const admin = await createUser(env, email);
  await withDb((db) =>
    db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [admin.id]),
  );
  const context = await browser.newContext({
    baseURL: env.webUrl,
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  await page.goto('/platform/admin');
  await new SignInPage(page).signIn(admin);
  const setup = new MfaSetupPage(page);
  await setup.startButton.click();
  const secret = secretFromOtpauthUri((await setup.otpauthUri.textContent()) ?? '');
  await setup.activate(totpCode(secret, totpStep()));
  // The admin page itself, not the toast (which may be gone again on a busy machine): this session is verified.
  await expect(setup.heading).toBeHidden({ timeout: 60_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible({
    timeout: 60_000,
  });
  await context.storageState({ path: statePath });
  await context.close();
  return admin;
}

/** A password sign-in straight against the auth service: the status says whether the account may sign in. */
export async function passwordSignInStatus(email: string, password: string): Promise<number> {
  const env = readStackEnv();
  const response = await fetch(`${env.apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: env.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}
