/**
 * From text to knowledge with an uploaded report (issue 29 §2): a PDF's text is read by pdf.js in its
 * worker under the app's CSP and fills the textarea; the draft finds its defanged values; "Create"
 * stores the kept indicator through the same canonicalisation as the importers. A hostile HTML
 * report gives only its text: its script does not run and its tracking image is never fetched.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { withDb } from './support/db';
import { minimalPdf } from './support/minimal-pdf';
import { ANALYST_STATE } from './support/paths';

test.use({ storageState: ANALYST_STATE });

const READY = { timeout: 20_000 };
const run = randomUUID().slice(0, 8);
const domain = `e2e-pdf-${run}.example`;
const url = `https://${domain}/gate`;
const trackerHost = `tracker-${run}.invalid`;

const dialog = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'From text to knowledge' }) });

async function openFromText(page: Page) {
  await page.goto('/platform/enhanced-cti');
  await page.getByRole('button', { name: 'From text' }).click();
  await expect(dialog(page)).toBeVisible(READY);
}

test.afterAll(async () => {
  await withDb((db) => db.query(`delete from public.indicators where value = $1`, [url]));
});

test('a PDF report is read in the browser and its defanged values become indicators', async ({ page }) => {
  test.slow();
  await openFromText(page);
  await dialog(page)
    .getByLabel('Report file (PDF, HTML or text)')
    .setInputFiles({
      name: 'advisory.pdf',
      mimeType: 'application/pdf',
      buffer: minimalPdf([
        'Advisory (TLP:CLEAR)',
        `The loader beacons to hxxps://${domain.replace('.example', '[.]example')}/gate`,
      ]),
    });
  await expect(dialog(page).getByRole('status')).toContainText('Text of advisory.pdf (PDF', READY);
  await expect(dialog(page).getByLabel('Report text')).toHaveValue(/beacons to hxxps:\/\/e2e-pdf-/);

  await dialog(page).getByRole('button', { name: 'Read the text' }).click();
  const found = dialog(page).getByRole('table', { name: 'Indicators found' });
  await expect(found.getByRole('row', { name: new RegExp(url.replaceAll('.', '\\.')) })).toBeVisible(READY);
  await dialog(page)
    .getByRole('button', { name: /^Create \(\d+ chosen\)$/ })
    .click();
  await expect(dialog(page)).toBeHidden(READY);

  const stored = await withDb(
    async (db) =>
      (await db.query<{ type: string }>(`select type::text from public.indicators where value = $1`, [url]))
        .rows,
  );
  expect(stored).toEqual([{ type: 'url' }]);
});

test('a hostile HTML report gives only its text: nothing runs, nothing is fetched', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(trackerHost)) fetched.push(request.url());
  });
  const dialogs: string[] = [];
  page.on('dialog', (alert) => {
    dialogs.push(alert.message());
    void alert.dismiss();
  });
  await openFromText(page);
  await dialog(page)
    .getByLabel('Report file (PDF, HTML or text)')
    .setInputFiles({
      name: 'blog.html',
      mimeType: 'text/html',
      buffer: Buffer.from(
        `<!doctype html><html><head><link rel="stylesheet" href="https://${trackerHost}/s.css"></head><body>` +
          `<h1>Campaign notes</h1><p>Seen at 198.51.100.23</p>` +
          `<img src="https://${trackerHost}/pixel.png" onerror="alert('img')">` +
          `<script>alert('script')</script><iframe src="https://${trackerHost}/frame"></iframe></body></html>`,
      ),
    });
  await expect(dialog(page).getByRole('status')).toContainText('Text of blog.html (HTML', READY);
  await expect(dialog(page).getByLabel('Report text')).toHaveValue('Campaign notes\nSeen at 198.51.100.23');
  await page.waitForTimeout(500);
  expect(fetched).toEqual([]);
  expect(dialogs).toEqual([]);
});

test('a file that is not a report is refused in plain words', async ({ page }) => {
  await openFromText(page);
  await dialog(page)
    .getByLabel('Report file (PDF, HTML or text)')
    .setInputFiles({
      name: 'tool.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from([0x4d, 0x5a, 0x90, 0]),
    });
  await expect(dialog(page).getByText('tool.exe is not a PDF, HTML or text file.')).toBeVisible(READY);
});
