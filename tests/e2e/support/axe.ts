/**
 * One accessibility audit for every spec: axe with the WCAG 2.0 A/AA and 2.1 AA rules, in the theme
 * the page was opened in. Every violation (any impact) is recorded per page in AXE_DIR, where the
 * a11y spec's summary counts them; a serious or critical one fails the test, softly, so one page's
 * findings do not hide the next page's.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AXE_DIR } from './paths';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];
export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];

const BLOCKING = new Set(['serious', 'critical']);

export interface AxePageResult {
  page: string;
  theme: Theme;
  byImpact: Record<string, number>;
  violations: { id: string; impact: string; nodes: number; targets: string[] }[];
}

/** Opens every later page of this test in `theme` (the app reads it from localStorage at start). */
export async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('vite-ui-theme', value), theme);
}

/** Audits the page as it is now, once it shows `theme`; `name` labels the record and the failure. */
export async function auditAccessibility(page: Page, name: string, theme: Theme): Promise<AxePageResult> {
  await expect(page.locator('html')).toHaveClass(new RegExp(`(^|\\s)${theme}(\\s|$)`));
  // axe measures colours as drawn: a button caught fading in from its disabled state measured as low
  // contrast. Wait for every finite transition and animation (spinners and skeletons loop forever).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  // Contrast is what differs between the themes: make sure it was really evaluated.
  expect(results.passes.map((rule) => rule.id)).toContain('color-contrast');
  const result: AxePageResult = {
    page: name,
    theme,
    byImpact: {},
    violations: results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? 'unknown',
      nodes: v.nodes.length,
      targets: v.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    })),
  };
  for (const v of result.violations) result.byImpact[v.impact] = (result.byImpact[v.impact] ?? 0) + v.nodes;
  mkdirSync(AXE_DIR, { recursive: true });
  writeFileSync(path.join(AXE_DIR, `${theme}-${name.replace(/\W+/g, '_')}.json`), JSON.stringify(result));
  test.info().annotations.push({ type: 'axe', description: `${name}: ${JSON.stringify(result.byImpact)}` });
  const blocking = result.violations.filter((v) => BLOCKING.has(v.impact));
  expect.soft(blocking, `serious/critical axe violations on ${name} (${theme})`).toEqual([]);
  return result;
}
