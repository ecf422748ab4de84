/**
 * User Management and System Configuration (issue 14) as an administrator who enrolled and verified a
 * second factor (TOTP computed per RFC 6238): create an account and sign in with its one-time password,
 * change its role, disable it (the auth service then refuses it) and enable it, reset a second factor,
 * sign it out everywhere, and read each step back from the account's audit history; change a setting
 * with a bad then a good value and read the change in its history. Axe audits both pages.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { act, createAccount, openAccount, openUsers } from './pages/user-management.page';
import { enrolVerifiedAdmin, passwordSignInStatus } from './support/admin-session';
import { withDb } from './support/db';
import { auditAccessibility, THEMES, useTheme } from './support/axe';
import { TEMP_DIR } from './support/paths';
import { readStackEnv } from './support/stack-env';

test.describe.configure({ mode: 'serial' });

const tag = randomBytes(3).toString('hex');
const ADMIN_STATE = path.join(TEMP_DIR, `admin-users-${tag}.storage-state.json`);
const NEW_EMAIL = `e2e-created-${tag}@cti.local`;
const CONFIG_PATH = '/platform/system-config';
const RETENTION = 'retention.security_events_days';
let adminEmail = '';
let keptDays = '';

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  adminEmail = (await enrolVerifiedAdmin(browser, `e2e-users-admin-${tag}@cti.local`, ADMIN_STATE)).email;
  keptDays = await withDb(
    async (db) =>
      (
        await db.query<{ v: string }>(`select value::text as v from public.settings where key = $1`, [
          RETENTION,
        ])
      ).rows[0]!.v,
  );
});

test.afterAll(async () => {
  rmSync(ADMIN_STATE, { force: true });
  // Put the installation back as it was (recorded in the trail as a console change).
  if (keptDays === '') return;
  await withDb((db) =>
    db.query(`update public.settings set value = $2::jsonb where key = $1`, [RETENTION, keptDays]),
  );
});

test.describe('as an administrator with a verified second factor', () => {
  test.use({ storageState: ADMIN_STATE });

  test('creates an account, changes its role, disables, enables, resets its second factor and signs it out', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await openUsers(page);
    const password = await createAccount(page, NEW_EMAIL, 'E2E Created');
    expect(await passwordSignInStatus(NEW_EMAIL, password)).toBe(200);

    let drawer = await openAccount(page, NEW_EMAIL);
    await act(page, drawer, 'Make administrator');
    await expect(drawer.getByText('Administrator', { exact: true })).toBeVisible();
    await act(page, drawer, 'Make analyst');
    await expect(drawer.getByText('Analyst', { exact: true })).toBeVisible();

    await act(page, drawer, 'Disable account');
    await expect(drawer.getByText('Disabled', { exact: true })).toBeVisible();
    expect(await passwordSignInStatus(NEW_EMAIL, password)).toBe(400);
    await act(page, drawer, 'Enable account');
    await expect(drawer.getByText('Active', { exact: true })).toBeVisible();
    expect(await passwordSignInStatus(NEW_EMAIL, password)).toBe(200);

    // A second factor to reset: the account is made an admin that enrolled (stored as the server stores it).
    await act(page, drawer, 'Make administrator');
    await withDb((db) =>
      db.query(
        `insert into private.admin_totp (user_id, secret_enc, status)
         select id, '\\x00', 'active' from auth.users where email = $1`,
        [NEW_EMAIL],
      ),
    );
    await page.reload();
    drawer = page.getByRole('dialog', { name: NEW_EMAIL });
    await expect(drawer.getByText(/^Enrolled/)).toBeVisible({ timeout: 60_000 });
    await act(page, drawer, 'Reset two-factor');
    await expect(drawer.getByText('Not enrolled', { exact: true })).toBeVisible();

    await expect(drawer.getByText('Sessions', { exact: true }).locator('..')).toContainText(/[1-9]/);
    await act(page, drawer, 'Sign out everywhere');
    await expect(drawer.getByText('Sessions', { exact: true }).locator('..')).toContainText('0');

    await drawer.getByRole('tab', { name: 'History' }).click();
    const history = drawer.getByRole('list', { name: 'Account history' });
    for (const entry of [
      'Account created',
      'Role changed',
      'Disabled',
      'Enabled',
      'Two-factor reset',
      'Signed out everywhere',
    ]) {
      await expect(history.getByText(entry, { exact: true }).first()).toBeVisible();
    }
    await expect(history).toContainText(adminEmail);
  });

  test('refuses what an admin may not do to themself', async ({ page }) => {
    test.setTimeout(180_000);
    await openUsers(page);
    // The list may refetch under the open drawer while the search settles; open it again if so.
    let drawer = page.getByRole('dialog', { name: adminEmail });
    await expect(async () => {
      if (!(await drawer.isVisible())) drawer = await openAccount(page, adminEmail);
      await expect(drawer.getByText('This is your own account', { exact: false })).toBeVisible({
        timeout: 5_000,
      });
    }).toPass({ timeout: 60_000 });
    await expect(drawer.getByRole('button', { name: 'Disable account' })).toHaveCount(0);
    // The server refuses it too, whatever the page offers.
    const refusal = await page.evaluate(async () => {
      const token = JSON.parse(
        Object.entries(localStorage).find(([key]) => key.endsWith('-auth-token'))?.[1] ?? '{}',
      ) as { access_token?: string; user?: { id?: string } };
      return { token: token.access_token ?? '', id: token.user?.id ?? '' };
    });
    const env = readStackEnv();
    const response = await fetch(`${env.apiUrl}/functions/v1/admin-users`, {
      method: 'POST',
      headers: {
        apikey: env.anonKey,
        Authorization: `Bearer ${refusal.token}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ action: 'disable', user_id: refusal.id }),
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toBe('You cannot disable yourself');
  });

  test('changes a setting: a bad value is explained, a good one saved and in its history', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.goto(CONFIG_PATH);
    await expect(page.getByRole('heading', { level: 1, name: 'System Configuration' })).toBeVisible({
      timeout: 60_000,
    });
    const row = page.locator(`[data-setting="${RETENTION}"]`);
    await row.getByRole('button', { name: /^Edit/ }).click();
    const editor = row.getByRole('form', { name: 'Edit Security events kept' });
    const input = editor.getByRole('textbox');
    await input.fill('10');
    await expect(editor.getByRole('alert')).toHaveText('Security events kept must be between 30 and 3650');
    await expect(editor.getByRole('button', { name: 'Save' })).toBeDisabled();
    await input.fill('400');
    await expect(editor.getByRole('alert')).toHaveCount(0);
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(row).toContainText('400 days');
    await expect(row).toContainText(adminEmail);

    await row.getByRole('button', { name: /^History/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Security events kept' });
    await expect(drawer.getByRole('list', { name: 'Setting history' })).toContainText(`${keptDays} → 400`);
    await expect(drawer).toContainText(adminEmail);
  });
});

test.describe('accessibility', () => {
  test.use({ storageState: ADMIN_STATE });
  for (const theme of THEMES) {
    test(`both pages and an account's drawer in the ${theme} theme`, async ({ page }) => {
      test.setTimeout(300_000);
      await useTheme(page, theme);
      await openUsers(page);
      await auditAccessibility(page, 'User Management', theme);
      await openAccount(page, adminEmail);
      await auditAccessibility(page, 'User Management account drawer', theme);
      await page.goto(CONFIG_PATH);
      await expect(page.getByRole('table', { name: 'Settings' })).toBeVisible({ timeout: 60_000 });
      await auditAccessibility(page, 'System Configuration', theme);
    });
  }
});
