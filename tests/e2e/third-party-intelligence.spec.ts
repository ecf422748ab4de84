/**
 * Third-Party Intelligence on the demo dataset: every source with its last run; an administrator with
 * a verified second factor syncs a feed (served here over HTTP) and imports a file for it, and follows
 * each run live to its counts and refused records; a feed that cannot be fetched stands out as failing.
 * The importer's worker runs as `npm start` runs it. Axe audits the page and the drawer in both themes.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { MfaSetupPage } from './pages/mfa.page';
import { SignInPage } from './pages/sign-in.page';
import { ThirdPartyIntelligencePage } from './pages/third-party-intelligence.page';
import { createUser } from './support/auth-admin';
import { withDb } from './support/db';
import { startImporterWorker } from './support/importer-worker';
import { auditAccessibility, THEMES, useTheme } from './support/axe';
import { TEMP_DIR } from './support/paths';
import { readStackEnv } from './support/stack-env';
import { secretFromOtpauthUri, totpCode, totpStep } from '../shared/totp.mjs';

test.describe.configure({ mode: 'serial' });

const tag = randomBytes(3).toString('hex');
const PARTNER = `E2E partner feed ${tag}`;
const BROKEN = `E2E broken feed ${tag}`;
// This spec's own users and sessions: the suite's shared analyst state may be rewritten by another run.
const ADMIN_STATE = path.join(TEMP_DIR, `sources-admin-${tag}.storage-state.json`);
const ANALYST_STATE = path.join(TEMP_DIR, `sources-analyst-${tag}.storage-state.json`);
// Documentation addresses of this run only, so the counts are the same on every run.
const octet = () => 1 + (randomBytes(1)[0]! % 250);
const [ip1, ip2, ip3] = [
  `198.18.${octet()}.${octet()}`,
  `198.18.${octet()}.${octet()}`,
  `198.19.${octet()}.${octet()}`,
];
const feodo = (ips: string[]) =>
  [
    '"first_seen_utc","dst_ip","dst_port","c2_status","last_online","malware"',
    ...ips.map((ip) => `"2026-05-01 10:00:00","${ip}","443","online","2026-05-02","Pikabot"`),
  ].join('\n');
// Line 3 is no address: refused with its line, the rest imported.
const FEED = feodo([ip1!, 'not-an-ip', ip2!]);

let worker: ChildProcess;
let server: Server;

/** Signs a new user in through the form; an admin also enrols TOTP, which verifies this very session. */
async function signIn(browser: Browser, role: 'analyst' | 'admin', statePath: string): Promise<void> {
  const env = readStackEnv();
  const user = await createUser(env, `e2e-sources-${role}-${tag}@cti.local`);
  if (role === 'admin')
    await withDb((db) =>
      db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [user.id]),
    );
  // Empty on purpose: inside a test, newContext would start from the describe block's storage state.
  const context = await browser.newContext({
    baseURL: env.webUrl,
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  await page.goto(role === 'admin' ? '/platform/admin' : ThirdPartyIntelligencePage.path);
  await new SignInPage(page).signIn(user);
  if (role === 'admin') {
    const setup = new MfaSetupPage(page);
    await setup.startButton.click();
    const secret = secretFromOtpauthUri((await setup.otpauthUri.textContent()) ?? '');
    await setup.activate(totpCode(secret, totpStep()));
    await expect(page.getByText('Two-factor authentication is on')).toBeVisible();
  } else {
    await expect(page.getByRole('heading', { level: 1, name: 'Third-Party Intelligence' })).toBeVisible({
      timeout: 20_000,
    });
  }
  // The saved state carries the session (and with it the admin's verification).
  await context.storageState({ path: statePath });
  await context.close();
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  server = createServer((request, response) => {
    if (request.url === '/partner.csv') response.writeHead(200, { 'content-type': 'text/csv' }).end(FEED);
    else response.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await withDb((db) =>
    db.query(
      `insert into public.sources (name, kind, format, url, reliability, default_tlp) values
         ($1, 'feed', 'feodo', $2, 'C', 'green'), ($3, 'feed', 'feodo', $4, 'D', 'amber')`,
      [PARTNER, `${base}/partner.csv`, BROKEN, `${base}/gone.csv`],
    ),
  );
  worker = await startImporterWorker();
  await signIn(browser, 'analyst', ANALYST_STATE);
  await signIn(browser, 'admin', ADMIN_STATE);
});

test.afterAll(async () => {
  worker?.kill('SIGTERM');
  for (const state of [ADMIN_STATE, ANALYST_STATE]) rmSync(state, { force: true });
  await new Promise((resolve) => server?.close(resolve));
  await withDb(async (db) => {
    await db.query(`delete from public.indicators where value = any($1)`, [[ip1, ip2, ip3]]);
    await db.query(
      `delete from public.import_runs where source_id in (select id from public.sources where name = any($1))`,
      [[PARTNER, BROKEN]],
    );
    await db.query(`delete from public.sources where name = any($1)`, [[PARTNER, BROKEN]]);
  });
});

test.describe('as an analyst', () => {
  test.use({ storageState: ANALYST_STATE });

  test('lists the sources of the demo with their last runs, and their history, without the admin controls', async ({
    page,
  }) => {
    const sources = new ThirdPartyIntelligencePage(page);
    await sources.goto();
    for (const name of ['CISA KEV', 'MITRE ATT&CK', 'abuse.ch ThreatFox', 'FIRST EPSS'])
      await expect(sources.row(name)).toContainText('Succeeded');
    await expect(sources.row('CISA KEV')).toContainText('1,404');
    await expect(sources.row(PARTNER)).toContainText('Never run');

    const drawer = await sources.open('CISA KEV');
    await expect(drawer).toContainText('A · Completely reliable');
    await expect(drawer.getByRole('button', { name: 'Sync now' })).toHaveCount(0);
    await drawer.getByRole('tab', { name: 'Runs' }).click();
    await expect(drawer.getByRole('grid', { name: 'Runs' }).getByRole('row').nth(1)).toContainText(
      'Succeeded',
    );
  });
});

test.describe('as an administrator with a verified second factor', () => {
  test.use({ storageState: ADMIN_STATE });
  // Each waits for an import on the server; the machine may be busy.
  test.beforeEach(() => test.slow());

  test('syncs a feed and follows the run live to its counts and refused records', async ({ page }) => {
    const sources = new ThirdPartyIntelligencePage(page);
    await sources.goto();
    await expect(page.getByText('Live', { exact: true })).toBeVisible();
    const drawer = await sources.open(PARTNER);
    await drawer.getByRole('button', { name: 'Sync now' }).click();
    const progress = drawer.getByRole('status').filter({ hasText: /^Run \d+:/ });
    await expect(progress).toContainText('Succeeded', { timeout: 30_000 });
    await expect(progress).toContainText('3 records: 2 new, 0 updated, 0 unchanged, 1 rejected');

    await drawer.getByRole('tab', { name: 'Runs' }).click();
    await expect(drawer.getByRole('grid', { name: 'Runs' }).getByRole('row').nth(1)).toContainText(
      'SucceededSync from the app',
    );
    await expect(drawer.getByRole('table', { name: /Records refused by run/ })).toContainText('line 3');
    // The table behind the drawer took the new run as it landed.
    await drawer.getByRole('button', { name: 'Close details' }).click();
    await expect(sources.row(PARTNER)).toContainText('Succeeded');
    await expect(sources.row(PARTNER)).toContainText('Healthy');
  });

  test('imports a file for the source and sees it finish', async ({ page }) => {
    const sources = new ThirdPartyIntelligencePage(page);
    await sources.goto();
    const drawer = await sources.open(PARTNER);
    await drawer.getByLabel('Intelligence file').setInputFiles({
      name: 'partner-extra.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(feodo([ip1!, ip3!])),
    });
    await drawer.getByRole('button', { name: 'Import file' }).click();
    const progress = drawer.getByRole('status').filter({ hasText: /^Run \d+:/ });
    await expect(progress).toContainText('Succeeded', { timeout: 30_000 });
    await expect(progress).toContainText('2 records: 1 new, 0 updated, 1 unchanged, 0 rejected');
    await drawer.getByRole('tab', { name: 'Runs' }).click();
    await expect(drawer.getByRole('grid', { name: 'Runs' }).getByRole('row').nth(1)).toContainText(
      'SucceededFile upload',
    );
    await expect(drawer.getByRole('region', { name: /^Run \d+$/ })).toContainText('partner-extra.csv');
  });

  test('a feed that cannot be fetched fails, and stands out above the table with its reason', async ({
    page,
  }) => {
    const sources = new ThirdPartyIntelligencePage(page);
    await sources.goto();
    const drawer = await sources.open(BROKEN);
    await drawer.getByRole('button', { name: 'Sync now' }).click();
    const progress = drawer.getByRole('status').filter({ hasText: /^Run \d+:/ });
    await expect(progress).toContainText('Failed', { timeout: 30_000 });
    await expect(progress).toContainText('answered HTTP 404');
    await drawer.getByRole('button', { name: 'Close details' }).click();

    const item = sources.attention.getByRole('listitem').filter({ hasText: BROKEN });
    // Colour, icon and words: the badge says "Failing" and the reason and error follow.
    await expect(item.getByText('Failing', { exact: true })).toBeVisible();
    await expect(item.locator('[data-health="failed"] svg')).toBeVisible();
    await expect(item).toContainText('Its latest finished import failed; none has ever succeeded.');
    await expect(item).toContainText('answered HTTP 404');
    // First in the table too: what needs attention comes first.
    await expect(sources.sources.getByRole('row').nth(1)).toContainText('Failing');
  });
});

test.describe('accessibility', () => {
  test.use({ storageState: ADMIN_STATE });
  for (const theme of THEMES) {
    test(`the page and a source's drawer in the ${theme} theme`, async ({ page }) => {
      test.slow();
      await useTheme(page, theme);
      const sources = new ThirdPartyIntelligencePage(page);
      await sources.goto();
      await expect(sources.attention).toBeVisible();
      await auditAccessibility(page, 'Third-Party Intelligence', theme);
      const drawer = await sources.open(PARTNER);
      await expect(drawer.getByRole('button', { name: 'Sync now' })).toBeVisible();
      await auditAccessibility(page, 'Third-Party Intelligence source drawer', theme);
    });
  }
});
