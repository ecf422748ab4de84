/** The sign-in screen at /auth. */
import { expect, type Locator, type Page } from '@playwright/test';
import type { TestUser } from '../support/run-info';

export class SignInPage {
  readonly form: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Sign in' });
    this.email = this.form.getByLabel('Email');
    this.password = this.form.getByLabel('Password');
    this.submit = this.form.getByRole('button', { name: 'Sign in' });
    this.error = this.form.getByRole('alert');
  }

  async goto(): Promise<void> {
    await this.page.goto('/auth');
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/auth$/);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  }

  async signIn(user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
    await this.email.fill(user.email);
    await this.password.fill(user.password);
    await this.submit.click();
  }
}
