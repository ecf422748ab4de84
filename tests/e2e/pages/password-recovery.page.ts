/** The public password-recovery screens: /auth/forgot-password and /auth/reset-password. */
import { expect, type Locator, type Page } from '@playwright/test';

export class ForgotPasswordPage {
  readonly heading: Locator;
  readonly form: Locator;
  readonly email: Locator;
  readonly send: Locator;
  readonly sent: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Reset password' });
    this.form = page.getByRole('form', { name: 'Reset password' });
    this.email = this.form.getByLabel('Email');
    this.send = this.form.getByRole('button', { name: 'Send reset link' });
    this.sent = page.getByRole('status').filter({ hasText: 'Check your mail' });
  }

  async request(email: string): Promise<void> {
    await this.email.fill(email);
    await this.send.click();
    await expect(this.sent).toBeVisible();
  }
}

export class ResetPasswordPage {
  readonly heading: Locator;
  readonly form: Locator;
  readonly password: Locator;
  readonly repeat: Locator;
  readonly submit: Locator;
  readonly error: Locator;
  readonly done: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Choose a new password' });
    this.form = page.getByRole('form', { name: 'Choose a new password' });
    this.password = this.form.getByLabel('New password', { exact: true });
    this.repeat = this.form.getByLabel('Repeat the new password');
    this.submit = this.form.getByRole('button', { name: 'Set new password' });
    this.error = page.getByRole('alert');
    this.done = page.getByRole('status').filter({ hasText: 'Your password has been changed' });
  }

  async choose(password: string, repeat = password): Promise<void> {
    await this.password.fill(password);
    await this.repeat.fill(repeat);
    await this.submit.click();
  }
}
