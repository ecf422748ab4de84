/** User Management (/platform/user-management): the users grid, an account's drawer and its actions. */
import { expect, type Locator, type Page } from '@playwright/test';

export const USERS_PATH = '/platform/user-management';

export async function openUsers(page: Page): Promise<Locator> {
  await page.goto(USERS_PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible({
    timeout: 60_000,
  });
  const grid = page.getByRole('grid', { name: 'Users' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible({ timeout: 60_000 });
  return grid;
}

/** Opens the account from its row; its drawer is the dialog named after the email. */
export async function openAccount(page: Page, email: string): Promise<Locator> {
  await page.getByRole('searchbox', { name: 'Search users by email or name' }).fill(email);
  const row = page.getByRole('grid', { name: 'Users' }).getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await row.click();
  const drawer = page.getByRole('dialog', { name: email });
  await expect(drawer).toBeVisible();
  return drawer;
}

/** Clicks an account action and confirms it; the toast says it was done. */
export async function act(page: Page, drawer: Locator, action: string): Promise<void> {
  await drawer.getByRole('button', { name: action }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByRole('button', { name: action }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(action, { exact: true }).last()).toBeVisible();
}

/** Creates an account from the page's dialog; answers the one-time password it shows once. */
export async function createAccount(page: Page, email: string, name: string): Promise<string> {
  await page.getByRole('button', { name: 'Create account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an account' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create account' }).click();
  return takeOneTimePassword(page);
}

/** Reads the one-time password shown once (new account or reset) and dismisses it. */
export async function takeOneTimePassword(page: Page): Promise<string> {
  const shown = page.getByTestId('one-time-password');
  await expect(shown).toHaveText(/^[A-Za-z0-9_-]{20}$/);
  const password = (await shown.textContent()) ?? '';
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toHaveCount(0);
  return password;
}
