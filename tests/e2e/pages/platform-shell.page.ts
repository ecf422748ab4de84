/** The signed-in platform's frame: header toggle, sidebar (or mobile drawer), profile menu. */
import { expect, type Locator, type Page } from '@playwright/test';

export class PlatformShellPage {
  readonly toggleButton: Locator;
  /** The desktop sidebar (an <aside> named "Sidebar"). */
  readonly sidebar: Locator;
  /** The mobile off-canvas drawer (a dialog named "Navigation"). */
  readonly drawer: Locator;
  readonly mainHeading: Locator;

  constructor(readonly page: Page) {
    this.toggleButton = page.getByRole('button', { name: 'Toggle sidebar' });
    this.sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    this.drawer = page.getByRole('dialog', { name: 'Navigation' });
    this.mainHeading = page.getByRole('main').getByRole('heading', { level: 1 });
  }

  async goto(path = '/platform/dashboard'): Promise<void> {
    await this.page.goto(path);
    await this.expectLoaded();
  }

  async expectLoaded(): Promise<void> {
    await expect(this.toggleButton).toBeVisible();
    await expect(this.mainHeading).toBeVisible();
  }

  /** Where the navigation lives now: the sidebar on desktop, the drawer on mobile. */
  navigation(container: Locator = this.sidebar): Locator {
    return container.getByRole('navigation', { name: 'Platform navigation' });
  }

  group(name: string, container: Locator = this.sidebar): Locator {
    return this.navigation(container).getByRole('region', { name });
  }

  groupToggle(name: string, container: Locator = this.sidebar): Locator {
    return this.group(name, container).getByRole('button');
  }

  navLink(label: string | RegExp, container: Locator = this.sidebar): Locator {
    return this.navigation(container).getByRole('link', { name: label });
  }

  alertsLink(container: Locator = this.sidebar): Locator {
    return this.navLink(/^Threat Intelligence Hub/, container);
  }

  async signOut(container: Locator = this.sidebar): Promise<void> {
    await container.getByRole('button', { name: 'Profile' }).click();
    await this.page.getByRole('menuitem', { name: 'Sign Out' }).click();
  }
}
