/**
 * What an analyst feels in Chromium: the IOC page's first rows after navigation, a filter change,
 * scrolling frames, and route changes between platform pages. Times are from the user's action to
 * the thing on screen (Playwright polls every animation frame), median and p95 over several runs.
 */
import type { Page } from '@playwright/test';
import { percentile } from '../stack/stats.js';

export interface BrowserFigure {
  label: string;
  p50: number;
  p95: number;
  runs: number;
  note?: string;
}

const firstDataRow = (page: Page) =>
  page.getByRole('grid', { name: 'Indicators' }).getByRole('rowgroup').nth(1).getByRole('row').first();

/**
 * Starts an in-page clock and resolves with the milliseconds until `selector` (optionally with `text`)
 * is in the DOM and the next frame begins: what the analyst sees, without Playwright's round trips.
 * `start` is 'click' (the next click on the page starts the clock) or 'now'.
 */
async function armWatch(page: Page, selector: string, text: string | null, start: 'click' | 'now') {
  await page.evaluate(`(() => {
    window.__watch = new Promise((resolve) => {
      let startedAt = ${start === 'now' ? 'performance.now()' : 'undefined'};
      if (startedAt === undefined)
        document.addEventListener('click', () => { startedAt = performance.now(); }, { capture: true, once: true });
      const seen = () => {
        const element = document.querySelector(${JSON.stringify(selector)});
        return startedAt !== undefined && element && (${JSON.stringify(text)} === null || element.textContent === ${JSON.stringify(text)});
      };
      const observer = new MutationObserver(() => {
        if (!seen()) return;
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - startedAt));
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
  })()`);
}

const watched = (page: Page) => page.evaluate<number>('window.__watch');

function figure(label: string, times: number[], note?: string): BrowserFigure {
  return { label, p50: percentile(times, 50), p95: percentile(times, 95), runs: times.length, note };
}

/** From a click in the sidebar (the page's chunk cached, its data not) to the first indicator row. */
export async function iocFirstRows(page: Page, runs: number): Promise<BrowserFigure> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    await page.goto('/platform/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    // A fresh query each time: a filter the cache has not seen (the TLP list is the same rows).
    await armWatch(
      page,
      '[role="grid"][aria-label="Indicators"] [role="rowgroup"] + [role="rowgroup"] [role="row"]',
      null,
      'now',
    );
    await page.evaluate((n) => {
      window.history.pushState(
        {},
        '',
        `/platform/ioc-intelligence?tlp=${['clear', 'green', 'amber'][n % 3]}`,
      );
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, i);
    await firstDataRow(page).waitFor();
    times.push(await watched(page));
  }
  return figure('IOC page: navigation → first rows', times, 'target < 500 ms; in-page clock');
}

/** From choosing another type to the first row of that type on screen. */
export async function iocFilterChange(page: Page): Promise<BrowserFigure> {
  await page.goto('/platform/ioc-intelligence');
  await firstDataRow(page).waitFor();
  const times: number[] = [];
  const types = [
    ['domain', 'domain name'],
    ['url', 'URL'],
    ['ipv4', 'IPv4 address'],
    ['sha256', 'SHA-256 hash'],
    ['md5', 'MD5 hash'],
  ] as const;
  for (const round of [0, 1]) {
    for (const [type, name] of types) {
      const started = Date.now();
      await page.getByRole('combobox', { name: 'Type' }).selectOption(round === 0 ? type : '');
      if (round === 0) await firstDataRow(page).getByText(name, { exact: true }).waitFor();
      else
        await page
          .getByRole('grid', { name: 'Indicators' })
          .and(page.locator('[aria-busy="false"]'))
          .waitFor();
      times.push(Date.now() - started);
      if (round === 1) break;
    }
  }
  return figure('IOC page: filter change → rows', times, 'target < 300 ms');
}

/** Scrolls 60 screens of rows (pages arrive on the way) and counts frames longer than 1.5 × 16.7 ms. */
export async function iocScroll(page: Page): Promise<BrowserFigure> {
  await page.goto('/platform/ioc-intelligence');
  await firstDataRow(page).waitFor();
  // A string, not a function: tsx would add helpers (__name) the page does not have.
  const frames = await page.evaluate<number[]>(`(async () => {
    const grid = document.querySelector('[role="grid"]');
    const durations = [];
    let last = performance.now();
    let running = true;
    function tick(now) {
      durations.push(now - last);
      last = now;
      if (running) requestAnimationFrame(tick);
    }
    requestAnimationFrame(tick);
    for (let i = 0; i < 60; i += 1) {
      grid.scrollBy({ top: grid.clientHeight });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    running = false;
    return durations.slice(1);
  })()`);
  const dropped = frames.filter((ms) => ms > 25).length;
  return {
    ...figure('IOC page: scroll frame time', frames),
    note: `${dropped} of ${frames.length} frames over 25 ms`,
  };
}

/** From a sidebar click to the next page's heading, every page's chunk already loaded once. */
export async function routeChanges(
  page: Page,
  pages: readonly { link: RegExp; heading: string }[],
): Promise<BrowserFigure> {
  await page.goto('/platform/dashboard');
  const nav = page.getByRole('navigation', { name: 'Platform navigation' });
  const visit = async (target: { link: RegExp; heading: string }) => {
    await armWatch(page, 'main h1', target.heading, 'click');
    await nav.getByRole('link', { name: target.link }).click();
    await page.getByRole('heading', { level: 1, name: target.heading }).waitFor();
    return watched(page);
  };
  for (const target of pages) await visit(target);
  const times: number[] = [];
  for (let round = 0; round < 3; round += 1) for (const target of pages) times.push(await visit(target));
  return figure(
    'route change between platform pages',
    times,
    'target < 100 ms; in-page clock, click → heading painted',
  );
}
