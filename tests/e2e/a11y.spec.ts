/**
 * Accessibility with axe (WCAG 2.0 A/AA and 2.1 AA): no serious or critical violation on any public page,
 * the sign-in page, the not-found page and the platform shell, in both themes. Every violation found (any
 * impact) is counted per page in an annotation, and all of them in tests/e2e/.temp/axe-summary.json.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PlatformShellPage } from './pages/platform-shell.page';
import { AXE_TAGS, auditAccessibility, THEMES, useTheme, type AxePageResult } from './support/axe';
import { ANALYST_STATE, AXE_DIR, AXE_SUMMARY } from './support/paths';
import { PUBLIC_PAGES } from './support/spec-routes';

/** The pages of the analyst workspace and what shows that their data has arrived. */
const ANALYST_PAGES: {
  label: RegExp;
  heading: string;
  ready: (page: Page) => ReturnType<Page['locator']>;
}[] = [
  { label: /^Dashboard$/, heading: 'Dashboard', ready: (page) => page.getByText('Latest KEV entries') },
  { label: /^IOC Intelligence$/, heading: 'IOC Intelligence', ready: (page) => page.getByRole('row').nth(1) },
  { label: /^Live CVE Feed$/, heading: 'Live CVE Feed', ready: (page) => page.getByRole('row').nth(1) },
  {
    label: /^Threat Intelligence Hub/,
    heading: 'Threat Intelligence Hub',
    ready: (page) => page.getByRole('grid', { name: 'Alerts' }),
  },
  {
    label: /^Unified Intelligence$/,
    heading: 'Unified Intelligence',
    ready: (page) => page.getByText('Type at least two characters.'),
  },
  {
    label: /^Global Threat Feed$/,
    heading: 'Global Threat Feed',
    ready: (page) => page.getByRole('article').first(),
  },
];

/** The detection and exposure pages on the demo dataset (its domain watches and ransomware leak posts). */
const DETECTION_PAGES: typeof ANALYST_PAGES = [
  {
    label: /^Threat Hunting$/,
    heading: 'Threat Hunting',
    ready: (page) => page.getByRole('textbox').first(),
  },
  {
    label: /^Network Monitoring$/,
    heading: 'Network Monitoring',
    ready: (page) => page.getByRole('grid', { name: 'Sightings' }).getByRole('row').nth(1),
  },
  {
    label: /^External Assets$/,
    heading: 'External Assets',
    ready: (page) => page.getByRole('grid', { name: 'Exposures' }).getByRole('row').nth(1),
  },
  {
    label: /^Brand Protection$/,
    heading: 'Brand Protection',
    ready: (page) =>
      page
        .getByRole('grid', { name: /^Lookalikes of / })
        .getByRole('row')
        .nth(1),
  },
  {
    label: /^Dark Web Monitoring$/,
    heading: 'Dark Web Monitoring',
    ready: (page) => page.getByRole('grid', { name: 'Leak posts' }).getByRole('row').nth(1),
  },
];
for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => useTheme(page, theme));

    // One visit, moving through the site by its own header and footer links (no reload per page).
    test('public pages, sign-in and not-found', async ({ page }) => {
      // Thirteen pages, several with long text and tables: axe needs more than the default 30 s.
      test.setTimeout(120_000);
      await page.goto('/');
      for (const { path: route, heading } of [...PUBLIC_PAGES, { path: '/auth', heading: 'Sign in' }]) {
        await test.step(route, async () => {
          if (route !== '/')
            await page.locator(`header a[href="${route}"], footer a[href="${route}"]`).first().click();
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
          await auditAccessibility(page, route, theme);
        });
      }
      await test.step('not found', async () => {
        await page.goto('/no-such-page');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
        await auditAccessibility(page, '/no-such-page', theme);
      });
    });

    test.describe('signed in', () => {
      test.use({ storageState: ANALYST_STATE });

      test('platform shell (dashboard)', async ({ page }) => {
        const shell = new PlatformShellPage(page);
        await shell.goto('/platform/dashboard');
        await expect(shell.alertsLink()).toHaveAccessibleName(/new alerts?$/);
        await auditAccessibility(page, '/platform/dashboard', theme);
      });

      // The analyst pages on the demo dataset, reached through the sidebar, each once its data is in.
      for (const [name, pages] of [
        ['analyst pages', ANALYST_PAGES],
        ['detection and exposure pages', DETECTION_PAGES],
      ] as const) {
        test(name, async ({ page }) => {
          // Several pages, each waited for and audited (axe takes seconds per page on 2 cores).
          test.slow();
          const shell = new PlatformShellPage(page);
          await shell.goto('/platform/dashboard');
          for (const { label, heading, ready } of pages) {
            await test.step(heading, async () => {
              await page
                .getByRole('navigation', { name: 'Platform navigation' })
                .getByRole('link', { name: label })
                .click();
              await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
              await expect(ready(page)).toBeVisible();
              await auditAccessibility(page, heading, theme);
            });
          }
        });
      }
    });
  });
}

test('the audit is not blind: a known violation is reported', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await page.evaluate(() => {
    const image = document.createElement('img');
    image.src = '/favicon.ico';
    image.width = 10;
    image.height = 10;
    document.querySelector('main')?.append(image);
  });
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}:${v.impact}`)).toContain('image-alt:critical');
});

test.afterAll(() => {
  const results = readdirSync(AXE_DIR)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(path.join(AXE_DIR, file), 'utf8')) as AxePageResult);
  const total: Record<string, number> = {};
  const byRule: Record<string, number> = {};
  for (const result of results) {
    for (const [impact, count] of Object.entries(result.byImpact))
      total[impact] = (total[impact] ?? 0) + count;
    for (const v of result.violations)
      byRule[`${v.id} (${v.impact})`] = (byRule[`${v.id} (${v.impact})`] ?? 0) + v.nodes;
  }
  const summary = {
    tags: AXE_TAGS,
    pagesAudited: results.length,
    nodesByImpact: total,
    nodesByRule: byRule,
    pages: results,
  };
  writeFileSync(AXE_SUMMARY, JSON.stringify(summary, null, 2));
  console.log(`axe: ${results.length} page audits, violations by impact ${JSON.stringify(total)}`);
});
