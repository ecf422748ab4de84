/** The admin two-factor screens: enrolment (mfa_setup_required) and verification (mfa_required). */
import { expect, type Locator, type Page } from '@playwright/test';

export class MfaSetupPage {
  readonly heading: Locator;
  readonly startButton: Locator;
  readonly qrCode: Locator;
  readonly otpauthUri: Locator;
  readonly backupCodes: Locator;
  readonly codeInput: Locator;
  readonly activateButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Set up two-factor authentication' });
    this.startButton = page.getByRole('button', { name: 'Start setup' });
    this.qrCode = page.getByRole('img', { name: /QR code/ });
    this.otpauthUri = page.getByText(/^otpauth:\/\/totp\//);
    this.backupCodes = page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
    this.codeInput = page.getByLabel('Authentication code');
    this.activateButton = page.getByRole('button', { name: 'Activate' });
  }

  async backupCodeTexts(): Promise<string[]> {
    return (await this.backupCodes.allInnerTexts()).map((code) => code.trim());
  }

  async activate(code: string): Promise<void> {
    await this.codeInput.fill(code);
    await this.activateButton.click();
  }
}

export class MfaVerifyPage {
  readonly heading: Locator;
  readonly codeInput: Locator;
  readonly verifyButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Two-factor verification' });
    this.codeInput = page.getByLabel('Authentication or backup code');
    this.verifyButton = page.getByRole('button', { name: 'Verify' });
  }

  async verify(code: string): Promise<void> {
    await expect(this.heading).toBeVisible();
    await this.codeInput.fill(code);
    await this.verifyButton.click();
  }
}
