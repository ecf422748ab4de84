/**
 * Indicator lifecycle in the browser (issue 26): an analyst dismisses a telemetry alert as a false
 * positive and puts its value on Local exclusions, after which IOC Intelligence badges the indicator
 * "Excluded" and its drawer names the list and draws the score's decay; an administrator with a second
 * factor creates an exclusion list, adds a network to it (the server's note is shown) and deletes it.
 * Axe audits the dismiss dialog, the drawer and the exclusion lists in both themes, and screenshots of
 * each are kept for review (LIFECYCLE_SHOTS, default /tmp/lifecycle-shots).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { enrolVerifiedAdmin } from './support/admin-session';
import { auditAccessibility, THEMES, type Theme } from './support/axe';
import { withDb } from './support/db';
import { ANALYST_STATE, TEMP_DIR } from './support/paths';

const tag = randomBytes(3).toString('hex');
const SHOTS = process.env.LIFECYCLE_SHOTS ?? '/tmp/lifecycle-shots';
const ADMIN_STATE = path.join(TEMP_DIR, `lifecycle-admin-${tag}.storage-state.json`);
// A documentation address of our own, so nothing else in the demo matches it.
const VALUE = `192.0.2.${(parseInt(tag, 16) % 200) + 40}`;
const DEFANGED = VALUE.replace(/\./g, '[.]');
const LIST_NAME = `E2E partners ${tag}`;

interface Seeded {
  indicatorId: number;
  alertId: string;
  sightingId: string;
}
let seeded: Seeded | undefined;

/** The theme follows the device setting, so a test switches it with the dialog still open. */
async function followDeviceTheme(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('vite-ui-theme', 'system'));
}

async function inBothThemes(page: Page, name: string, shot: () => Promise<Buffer>): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const theme of THEMES as readonly Theme[]) {
    await page.emulateMedia({ colorScheme: theme });
    await auditAccessibility(page, name, theme);
    const image = await shot();
    // Kept for review; the spec itself asserts only what axe and the locators say.
    writeFileSync(path.join(SHOTS, `${name.replace(/\W+/g, '-')}-${theme}.png`), image);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** A telemetry hit on a fresh indicator: the sighting (seen by our sensor three days ago) and its alert. */
async function seedTelemetryAlert(): Promise<Seeded> {
  return withDb(async (db) => {
    const sensor = `e2e-lifecycle-${tag}`;
    await db.query(`insert into public.sensors (name) values ($1) on conflict do nothing`, [sensor]);
    const { rows } = await db.query<{ id: number; stix_id: string }>(
      `insert into public.indicators (type, value, tlp, confidence, first_seen, last_seen)
       values ('ipv4', $1, 'clear', 90, now() - interval '40 days', now() - interval '10 days')
       on conflict (value, type, superseded) do update set confidence = 90, revoked = false returning id, stix_id`,
      [VALUE],
    );
    const indicator = rows[0]!;
    const sightingId = `sighting--${crypto.randomUUID()}`;
    await db.query(
      `insert into public.sightings (stix_id, sighting_of_ref, count, first_seen, last_seen, tlp, stix, indicator_id, sensor)
       values ($1, $2, 3, now() - interval '3 days', now() - interval '3 days', 'clear', '{}', $3, $4)`,
      [sightingId, indicator.stix_id, indicator.id, sensor],
    );
    const alert = await db.query<{ id: string }>(
      `insert into public.enhanced_security_alerts
         (title, severity, category, source, indicator_id, sighting_id, metadata)
       values ($1, 'high', 'network', 'e2e', $2, $3, $4) returning id`,
      [
        `Telemetry hit ${VALUE} (e2e ${tag})`,
        indicator.id,
        sightingId,
        {
          evidence: { type: 'ipv4', value: VALUE, sensor, sighting: sightingId, indicator_id: indicator.id },
        },
      ],
    );
    return { indicatorId: indicator.id, alertId: alert.rows[0]!.id, sightingId };
  });
}

test.afterAll(async () => {
  rmSync(ADMIN_STATE, { force: true });
  await withDb(async (db) => {
    await db.query(`delete from public.exclusion_lists where name = $1`, [LIST_NAME]);
    if (!seeded) return;
    await db.query(`delete from public.exclusion_entries where alert_id = $1 or value = $2`, [
      seeded.alertId,
      VALUE,
    ]);
    await db.query(`delete from public.enhanced_security_alerts where id = $1`, [seeded.alertId]);
    await db.query(`delete from public.sightings where stix_id = $1`, [seeded.sightingId]);
    await db.query(`delete from public.indicators where id = $1`, [seeded.indicatorId]);
  });
});

test.describe('analyst', () => {
  test.use({ storageState: ANALYST_STATE });

  test('a false positive goes to Local exclusions; the IOC page badges it and draws its decay', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    seeded = await seedTelemetryAlert();
    await followDeviceTheme(page);

    await page.goto(`/platform/threat-intelligence-hub?alert=${seeded.alertId}`);
    const drawer = page.getByRole('dialog').filter({ hasText: `e2e ${tag}` });
    await drawer.getByRole('button', { name: 'Dismiss…' }).click();
    const dismiss = page.getByRole('alertdialog', { name: 'Dismiss this alert' });
    await dismiss.getByRole('textbox', { name: 'Reason' }).fill('Our resolver answering a scanner');
    // Chakra draws the box over its hidden input: the label is what a person clicks.
    await dismiss
      .locator('label')
      .filter({ hasText: /^False positive$/ })
      .click();
    await expect(dismiss.getByRole('checkbox', { name: 'False positive' })).toBeChecked();
    await inBothThemes(page, 'dismiss dialog', () => dismiss.screenshot());
    await dismiss.getByRole('button', { name: 'Dismiss', exact: true }).click();

    const offer = page.getByRole('dialog', { name: `Add ${DEFANGED} to an exclusion list` });
    await expect(offer.getByRole('combobox', { name: 'List' })).toHaveValue(
      String(
        await withDb(
          async (db) =>
            (
              await db.query<{ id: string }>(
                `select id::text from public.exclusion_lists where name = 'Local exclusions'`,
              )
            ).rows[0]!.id,
        ),
      ),
    );
    await expect(offer.getByRole('combobox', { name: 'Matches' })).toHaveValue('value');
    await expect(offer.getByRole('textbox', { name: 'Reason' })).toHaveValue(
      'Our resolver answering a scanner',
    );
    await offer.getByRole('button', { name: 'Add to the list' }).click();
    await expect(offer).toBeHidden();

    const entry = await withDb(
      async (db) =>
        (
          await db.query<{ kind: string; indicator_type: string; alert_id: string }>(
            `select kind, indicator_type, alert_id from public.exclusion_entries where value = $1`,
            [VALUE],
          )
        ).rows,
    );
    expect(entry).toEqual([{ kind: 'value', indicator_type: 'ipv4', alert_id: seeded.alertId }]);

    await drawer.getByRole('tab', { name: 'History' }).click();
    await expect(drawer.getByText('Marked false positive')).toBeVisible();

    await page.goto(`/platform/ioc-intelligence?q=${encodeURIComponent(VALUE)}&status=all`);
    const row = page.getByRole('row').filter({ hasText: DEFANGED });
    await expect(row.getByText(/^Excluded/)).toBeVisible();
    await expect(row).toContainText('On exclusion list Local exclusions');
    await inBothThemes(page, 'ioc list', () => page.getByRole('main').screenshot());

    await page.goto(`/platform/ioc-intelligence?open=${seeded.indicatorId}&status=all`);
    const indicator = page.getByRole('dialog');
    await expect(indicator.getByText('On exclusion list Local exclusions')).toBeVisible();
    const chart = indicator.getByRole('img', { name: /Score over time/ });
    await expect(chart).toBeVisible();
    await expect(indicator.getByRole('list', { name: 'Events that moved the score' })).toContainText(
      'judged a false positive',
    );
    const decay = indicator.getByRole('region', { name: 'Score over time' });
    await decay.scrollIntoViewIfNeeded();
    await inBothThemes(page, 'indicator drawer', async () => {
      // The drawer as far as it fits, then the chart itself (below the facts, scrolled to).
      await indicator.getByRole('tabpanel').evaluate((panel) => panel.scrollIntoView());
      writeFileSync(
        path.join(
          SHOTS,
          `decay-chart-${await page.evaluate(() => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'))}.png`,
        ),
        await decay.screenshot(),
      );
      return indicator.screenshot();
    });
  });
});

test.describe('administrator', () => {
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    await enrolVerifiedAdmin(browser, `e2e-lifecycle-admin-${tag}@cti.local`, ADMIN_STATE);
  });

  test('creates an exclusion list, adds a network (the note is shown) and deletes the list', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ storageState: ADMIN_STATE });
    const page = await context.newPage();
    await followDeviceTheme(page);
    await page.goto('/platform/ioc-intelligence?view=exclusions');

    await page.getByRole('button', { name: 'New list' }).click();
    const create = page.getByRole('dialog', { name: 'New exclusion list' });
    await create.getByRole('textbox', { name: 'Name' }).fill(LIST_NAME);
    await create.getByRole('textbox', { name: 'What belongs on it' }).fill('Networks of partners we trust.');
    await create.getByRole('button', { name: 'Create list' }).click();
    await expect(page.getByRole('heading', { level: 2, name: LIST_NAME })).toBeVisible();

    await page.getByRole('combobox', { name: 'Matches' }).selectOption('cidr');
    await page.getByRole('textbox', { name: 'Value' }).fill('10.1.2.3/8');
    await page.getByRole('textbox', { name: 'Reason' }).fill('Partner VPN range');
    await page.getByRole('button', { name: 'Add to the list' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Host bits cleared' })).toContainText(
      '10.1.2.3/8 is stored as 10.0.0.0/8',
    );
    const entries = page.getByRole('table');
    await expect(entries).toContainText('Network (CIDR)');
    await expect(entries).toContainText('Partner VPN range');
    await inBothThemes(page, 'exclusion lists', () => page.getByRole('main').screenshot());

    await page.getByRole('button', { name: `Delete the list ${LIST_NAME}` }).click();
    await page.getByRole('button', { name: `Confirm deleting the list ${LIST_NAME}` }).click();
    await expect(page.getByRole('heading', { level: 2, name: LIST_NAME })).toBeHidden();
    const left = await withDb(
      async (db) =>
        (await db.query(`select 1 from public.exclusion_lists where name = $1`, [LIST_NAME])).rowCount,
    );
    expect(left).toBe(0);
    await context.close();
  });
});
