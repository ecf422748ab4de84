/** The theme menu (Light / Dark / System) in the public and platform headers. */
import type { Locator, Page } from '@playwright/test';

export type ThemeChoice = 'Light' | 'Dark' | 'System';

export class ThemeMenu {
  readonly trigger: Locator;

  constructor(readonly page: Page) {
    this.trigger = page.getByRole('button', { name: /^Theme: .*Change theme$/ });
  }

  async choose(theme: ThemeChoice): Promise<void> {
    await this.trigger.click();
    await this.page.getByRole('menuitemradio', { name: theme }).click();
  }
}
