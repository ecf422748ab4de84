/**
 * Threat Analytics on the demo dataset: every chart drawn from its aggregate, the numbers an analyst
 * sees (TLP:RED left out), a time to acknowledge measured from a real triage step, periods in the URL,
 * the table view by keyboard, the CSV download, and axe in both themes.
 */
import { auditAccessibility, THEMES, useTheme } from './support/axe';
import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { withDb } from './support/db';
import { ANALYST_STATE } from './support/paths';

test.use({ storageState: ANALYST_STATE });
// Eight aggregates and their charts per visit, and axe over all of them, on 2 shared cores.
test.beforeEach(() => test.slow());

const PATH = '/platform/threat-analytics-dashboard';
/** Every chart over all of the demo's data (its indicators and KEV entries are months to years old). */
const ALL = '?types=all&sources=all&alerts=all&response=all&kev=all&vendors=all&epss=all&techniques=all';
const CHARTS = [
  'Indicators by type',
  'Indicators by source',
  'Alert volume',
  'Time to acknowledge and resolve',
  'KEV additions',
  'KEV additions by vendor',
  'EPSS distribution of KEV entries',
  'Technique frequency across actors',
];

/** A cold start of the app (a full load, then the page's code) can take seconds on a busy machine. */
const LOAD = { timeout: 30_000 };

const chart = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
/** The chart's drawing (an SVG image hidden from screen readers, which read the table). */
const drawing = (page: Page, name: string) => chart(page, name).locator('svg[role="img"]');

/** Opens the page and waits until every chart has answered: no spinner and no error left. */
async function openAnalytics(page: Page, query = ''): Promise<void> {
  await page.goto(`${PATH}${query}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Threat Analytics', LOAD);
  for (const name of CHARTS) {
    await expect(chart(page, name)).toBeVisible();
    await expect(chart(page, name).getByRole('status')).toHaveCount(0, LOAD);
    await expect(chart(page, name).getByRole('alert')).toHaveCount(0);
  }
}

const cleanup: (() => Promise<unknown>)[] = [];
test.afterEach(async () => {
  for (const undo of cleanup.splice(0).reverse()) await undo();
});

test('every chart draws the demo data an analyst may read', async ({ page }) => {
  const expected = await withDb(async (db) => {
    const indicators = await db.query<{ n: string }>(
      `select count(*) as n from public.indicators where tlp <> 'red'`,
    );
    const vendor = await db.query<{ vendor: string }>(
      `select kev_vendor as vendor from public.vulnerabilities where kev_date_added is not null and tlp <> 'red'
        group by 1 order by count(*) desc, 1 limit 1`,
    );
    return { indicators: Number(indicators.rows[0]!.n), vendor: vendor.rows[0]!.vendor };
  });
  // A RED indicator first seen long before everything else: an analyst's chart must not start there.
  const red = `red-${Date.now().toString(36)}.analytics.example`;
  await withDb((db) =>
    db.query(
      `insert into public.indicators (type, value, tlp, first_seen) values ('domain', $1, 'red', '2001-01-01')`,
      [red],
    ),
  );
  cleanup.push(() => withDb((db) => db.query('delete from public.indicators where value = $1', [red])));

  await openAnalytics(page, ALL);
  await expect(chart(page, 'Indicators by type')).toContainText(
    `${expected.indicators.toLocaleString('en-US')} indicators first seen over all time, per month by type.`,
  );
  await expect(drawing(page, 'KEV additions by vendor')).toContainText(expected.vendor);
  await expect(drawing(page, 'Technique frequency across actors')).toContainText(/T\d{4}/);
  for (const name of CHARTS.filter((item) => item !== 'Time to acknowledge and resolve'))
    await expect(drawing(page, name)).toBeVisible();

  // The table of the indicators starts with the demo's first month, not with the RED one's 2001.
  const types = chart(page, 'Indicators by type');
  await types.getByRole('button', { name: 'Show table' }).click();
  await expect(types.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(/^20(1[6-9]|2\d)-\d\d$/);
});

test('a time to acknowledge comes from the triage workflow', async ({ page }) => {
  // A low alert (the demo has none) raised three hours ago and acknowledged now.
  const title = `Analytics e2e ${Date.now().toString(36)}`;
  const id = await withDb(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.enhanced_security_alerts (title, severity, source, created_at)
       values ($1, 'low', 'e2e', now() - interval '3 hours') returning id`,
      [title],
    );
    await db.query(`update public.enhanced_security_alerts set status = 'acknowledged' where id = $1`, [
      rows[0]!.id,
    ]);
    return rows[0]!.id;
  });
  cleanup.push(() =>
    withDb((db) => db.query('delete from public.enhanced_security_alerts where id = $1', [id])),
  );

  await openAnalytics(page, '?response=7d');
  const response = chart(page, 'Time to acknowledge and resolve');
  await expect(drawing(page, 'Time to acknowledge and resolve').first()).toContainText('Low');
  // By keyboard: the table toggle is a button.
  await response.getByRole('button', { name: 'Show table' }).focus();
  await page.keyboard.press('Enter');
  const low = response.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Low', exact: true }) });
  await expect(low.getByRole('cell')).toHaveText(['Low', /^[1-9]/, '1', /^3\.0 h$/, '0', '—', '0']);
});

test('each chart keeps its period in the URL, and its table downloads as CSV', async ({ page }) => {
  await openAnalytics(page);
  const techniques = page.getByLabel('Technique frequency across actors: period');
  await techniques.selectOption('1y');
  await expect(page).toHaveURL(/[?&]techniques=1y(&|$)/);
  await page.reload();
  await expect(techniques).toHaveValue('1y', LOAD);
  // Back to the default, which leaves the URL.
  await techniques.selectOption('all');
  await expect(page).not.toHaveURL(/techniques=/);

  const vendors = chart(page, 'KEV additions by vendor');
  await expect(drawing(page, 'KEV additions by vendor')).toBeVisible(LOAD);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    vendors.getByRole('button', { name: 'Download KEV additions by vendor as CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('threat-analytics-kev-additions-by-vendor-all.csv');
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('Vendor,Added,Known ransomware use');
  expect(csv.split('\r\n').length).toBeGreaterThan(2);
});

for (const theme of THEMES) {
  test(`no serious or critical axe violation (${theme} theme)`, async ({ page }) => {
    await useTheme(page, theme);
    await openAnalytics(page, ALL);
    // One table open, so the audit covers the table view too.
    await chart(page, 'KEV additions by vendor').getByRole('button', { name: 'Show table' }).click();
    await auditAccessibility(page, 'Threat Analytics', theme);
  });
}
