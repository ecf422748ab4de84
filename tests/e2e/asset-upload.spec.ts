/**
 * An asset inventory uploaded from External Assets: the browser stores the CSV, the importer's worker
 * (run here as `npm start` runs it) imports it with the CLI's asset importer, and the page shows the
 * counts and each rejected row with its line. The new assets are recorded as the uploader's.
 */
import type { ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { withDb } from './support/db';
import { startImporterWorker } from './support/importer-worker';
import { ANALYST_STATE } from './support/paths';

test.use({ storageState: ANALYST_STATE });

let worker: ChildProcess;

test.beforeAll(async () => {
  worker = await startImporterWorker();
});

test.afterAll(() => {
  worker.kill('SIGTERM');
});

test('External Assets: an uploaded inventory is imported on the server, rejects shown by line', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  const vpn = `vpn-${tag}.e2e.example`;
  const mail = `mail-${tag}.e2e.example`;
  const hosts = [vpn, mail];
  const csv = [
    'Hostname,Owner,Criticality,Vendor,Product,Version',
    `${vpn},Network <b>team</b>,4,Example Corp,Intranet Portal,1.0`,
    `bad host ${tag},,,,,`,
    `${mail},Messaging,low,Example Corp,Mail Relay,`,
    `${mail},,9,,,`,
  ].join('\r\n');
  try {
    await page.goto('/platform/external-assets');
    const panel = page.getByRole('region', { name: 'Import from a CSV file' });
    await panel.getByLabel('CSV file of assets').setInputFiles({
      name: 'inventory.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await expect(panel).toContainText('inventory.csv (');
    await panel.getByRole('button', { name: 'Import assets' }).click();

    await expect(panel.getByRole('status').filter({ hasText: /^Imported/ })).toHaveText(
      'Imported 2 rows: 2 assets added, 0 updated, 2 products added. 2 rows were rejected and left out.',
      { timeout: 30_000 },
    );
    const rejects = panel.getByRole('table', { name: /Rejected rows/ });
    await expect(rejects.getByRole('row')).toHaveText([
      /Line\s*Reason/,
      /^3hostname: not a domain name/,
      /^5criticality "9" is not low, medium, high, critical or 1–4$/,
    ]);
    await expect(panel.locator('b')).toHaveCount(0);
    // The page reads the inventory again: the new hosts are listed.
    await expect(page.getByText(vpn).first()).toBeVisible();

    const stored = await withDb(async (db) => {
      const { rows } = await db.query<{ hostname: string; by_uploader: boolean; criticality: string }>(
        `select a.hostname, a.criticality::text, a.created_by = r.requested_by as by_uploader
           from public.assets a
           join public.import_runs r on r.format = 'assets' and r.upload ->> 'object' like '%/inventory.csv'
          where a.hostname = any($1) and r.status = 'succeeded'
          order by r.id desc, a.hostname limit 2`,
        [hosts],
      );
      return rows;
    });
    expect(stored).toEqual([
      { hostname: mail, criticality: 'low', by_uploader: true },
      { hostname: vpn, criticality: 'critical', by_uploader: true },
    ]);
  } finally {
    await withDb((db) => db.query(`delete from public.assets where hostname = any($1)`, [hosts]));
  }
});
