/**
 * Detection and exposure on the demo dataset: a pasted hunt with defanged values and comments, the
 * demo's generated telemetry as sightings per sensor, the demo inventory's KEV exposures, a watched
 * domain whose lookalike is in intelligence, and a watched keyword named by a leak post.
 */
import { expect, test, type Page } from '@playwright/test';
import { withDb } from './support/db';
import { ANALYST_STATE } from './support/paths';

test.use({ storageState: ANALYST_STATE });

const grid = (page: Page, name: string | RegExp) => page.getByRole('grid', { name });
const dataRows = (page: Page, name: string | RegExp) =>
  grid(page, name).getByRole('rowgroup').nth(1).getByRole('row');

const cleanup: (() => Promise<unknown>)[] = [];
test.afterEach(async () => {
  for (const undo of cleanup.splice(0).reverse()) await undo();
});

test('Threat Hunting: defanged values and comments, matched and not matched', async ({ page }) => {
  const known = await withDb(async (db) => {
    const { rows } = await db.query<{ value: string }>(
      `select value from public.indicators where type = 'domain' and tlp <> 'red' and not revoked order by id limit 1`,
    );
    return rows[0]!.value;
  });
  const defanged = known.replace(/\./g, '[.]');
  await page.goto('/platform/threat-hunting');
  await page
    .getByLabel('Values to hunt for')
    .fill(`# morning hunt\n${defanged}\nnot-known-${Date.now()}.example\n${known}\n\n// end`);
  await page.getByRole('button', { name: 'Run hunt' }).click();
  await expect(page.getByRole('tab', { name: 'Matched (1)' }).first()).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Not matched (1)' }).first()).toBeVisible();
  await expect(dataRows(page, 'Matched values')).toHaveCount(1);
});

test('Network Monitoring: the demo sensors and their sightings', async ({ page }) => {
  await page.goto('/platform/network-monitoring');
  await expect(page.getByText('edge-fw-01').filter({ visible: true }).first()).toBeVisible();
  await expect(dataRows(page, 'Sightings').first()).toBeVisible();
});

test('External Assets: the demo inventory is exposed to KEV entries', async ({ page }) => {
  await page.goto('/platform/external-assets');
  await expect(dataRows(page, 'Exposures').first()).toBeVisible();
  await expect(grid(page, 'Exposures').getByText('vpn.demo-corp.example').first()).toBeVisible();
  // The dashboard counts the same exposed assets.
  await page.goto('/platform/dashboard');
  await expect(page.getByRole('article').filter({ hasText: 'Assets exposed to KEV' })).toContainText(/[1-9]/);
});

test('Brand Protection: a watched domain finds its lookalike in intelligence and raises an alert', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  const brand = `brand${tag}.com`;
  // An omission lookalike (one letter dropped) of the watched domain, listed as a phishing URL.
  const lookalike = `brnd${tag}.com`;
  await withDb((db) =>
    db.query(`insert into public.indicators (type, value, tlp, confidence) values ('url', $1, 'clear', 90)`, [
      `http://${lookalike}/login`,
    ]),
  );
  cleanup.push(() =>
    withDb(async (db) => {
      await db.query(`delete from public.enhanced_security_alerts where dedup_key = $1`, [
        `lookalike:${lookalike}`,
      ]);
      await db.query(`delete from public.watches where value_ascii = $1`, [brand]);
      await db.query(`delete from public.indicators where value = $1`, [`http://${lookalike}/login`]);
    }),
  );
  await page.goto('/platform/brand-protection');
  await page.getByLabel('Domain to watch').fill(brand.replace('.', '[.]'));
  await page.getByRole('button', { name: 'Watch domain' }).click();
  await expect(page.getByRole('status').filter({ hasText: /1 lookalike alert/ })).toBeVisible();
  // Intelligence is shown defanged (brnd…[.]com).
  await expect(
    grid(page, 'Lookalikes found in intelligence')
      .getByText(new RegExp(lookalike.replace('.', String.raw`(\[\.\]|\.)`)))
      .first(),
  ).toBeAttached();
});

test('Dark Web Monitoring: a watched keyword is found in a leak post', async ({ page }) => {
  const tag = `Zyxcorp${Date.now().toString(36)}`;
  await withDb((db) =>
    db.query(
      `insert into public.leak_posts (source, group_name, victim, published_at) values ('leak-site', 'e2e-group', $1, now())`,
      [`${tag} Holdings <img src=x onerror="window.__pwned=1">`],
    ),
  );
  cleanup.push(() =>
    withDb(async (db) => {
      await db.query(
        `delete from public.enhanced_security_alerts where rule_key = 'leak-keyword' and metadata->'evidence'->>'watch' = $1`,
        [tag],
      );
      await db.query(`delete from public.watches where value = $1`, [tag]);
      await db.query(`delete from public.leak_posts where group_name = 'e2e-group'`);
    }),
  );
  await page.goto('/platform/dark-web-monitoring');
  await page.getByLabel('Keyword to watch').fill(tag);
  await page.getByRole('button', { name: 'Watch', exact: true }).click();
  const mentions = grid(page, 'Posts naming a watch');
  await expect(mentions.getByText(`${tag} Holdings`, { exact: false }).first()).toBeVisible();
  await expect(mentions.locator('img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});
