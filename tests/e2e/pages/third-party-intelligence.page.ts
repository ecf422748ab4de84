/** Third-Party Intelligence: the attention list, the sources table and a source's drawer. */
import { expect, type Locator, type Page } from '@playwright/test';

export class ThirdPartyIntelligencePage {
  static readonly path = '/platform/socradar-intelligence';
  readonly heading: Locator;
  readonly attention: Locator;
  readonly sources: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Third-Party Intelligence' });
    this.attention = page.getByRole('region', { name: /needs? attention$/ });
    this.sources = page.getByRole('grid', { name: 'Sources' });
  }

  async goto(): Promise<void> {
    await this.page.goto(ThirdPartyIntelligencePage.path);
    // Generous: the shell, the page's code and the sources arrive one after the other on a busy machine.
    await expect(this.heading).toBeVisible({ timeout: 20_000 });
    await expect(this.sources.getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 });
  }

  row(source: string): Locator {
    return this.sources.getByRole('row').filter({ hasText: source });
  }

  /** Opens a source from its row; the drawer is the dialog named after it. */
  async open(source: string): Promise<Locator> {
    await this.row(source).click();
    const drawer = this.page.getByRole('dialog', { name: source });
    await expect(drawer).toBeVisible();
    return drawer;
  }
}
