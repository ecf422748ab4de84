/** "Choose your password": shown instead of the platform after a sign-in with a one-time password. */
import type { Locator, Page } from '@playwright/test';

export class ChoosePasswordPage {
  readonly heading: Locator;
  readonly oneTimePassword: Locator;
  readonly newPassword: Locator;
  readonly repeat: Locator;
  readonly save: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Choose your password' });
    this.oneTimePassword = page.getByLabel('One-time password');
    this.newPassword = page.getByLabel('New password', { exact: true });
    this.repeat = page.getByLabel('New password again');
    this.save = page.getByRole('button', { name: 'Save and continue' });
  }

  async choose(oneTimePassword: string, password: string): Promise<void> {
    await this.oneTimePassword.fill(oneTimePassword);
    await this.newPassword.fill(password);
    await this.repeat.fill(password);
    await this.save.click();
  }
}
