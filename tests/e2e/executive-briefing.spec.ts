/**
 * Executive Briefing on the demo dataset: the last 30 days in sentences, one click to a PDF, and the
 * PDF read back with poppler — the TLP marking at the top and bottom of every page, the title, period,
 * generation time and sentences as real text, and page 1 rendered: not blank, with the marking's black
 * band and amber label at the top. Then axe in both themes.
 */
import { auditAccessibility, THEMES, useTheme } from './support/axe';
import { expect, test, type Page } from '@playwright/test';
import { flattenText, pdfPages, renderFirstPage } from './support/pdf';
import { ANALYST_STATE } from './support/paths';

test.use({ storageState: ANALYST_STATE });

const PAGE_URL = '/platform/executive-briefing';
const sentenceList = (page: Page) => page.getByRole('list', { name: 'The period in sentences' });
/** The app's first load and three aggregates on a shared 2-core machine: more than the default 10 s. */
const READY = { timeout: 30_000 };

test.beforeEach(() => test.slow());

interface PixelReport {
  width: number;
  height: number;
  /** Share of pixels that are not near-white, below the top band. */
  inked: number;
  /** Per band (top, bottom): share of black pixels, and whether TLP:AMBER's colour is there. */
  bands: { black: number; amber: number }[];
}

/** Decodes the PNG in a blank page (the browser is the decoder) and measures what a reader would see. */
async function measure(page: Page, png: Buffer, bandPx: number): Promise<PixelReport> {
  const blank = await page.context().newPage();
  try {
    return await blank.evaluate(
      async ({ data, band }) => {
        const image = await createImageBitmap(await (await fetch(`data:image/png;base64,${data}`)).blob());
        const canvas = new OffscreenCanvas(image.width, image.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        const pixels = context.getImageData(0, 0, image.width, image.height).data;
        const at = (x: number, y: number) =>
          pixels.slice((y * image.width + x) * 4, (y * image.width + x) * 4 + 3);
        const bandStats = (from: number, to: number) => {
          let black = 0;
          let amber = 0;
          let total = 0;
          for (let y = from; y < to; y++)
            for (let x = 0; x < image.width; x++) {
              const [r, g, b] = at(x, y) as unknown as [number, number, number];
              total++;
              if (r < 40 && g < 40 && b < 40) black++;
              // FIRST's amber #FFC000, allowing for anti-aliasing.
              if (r > 200 && g > 140 && g < 225 && b < 90) amber++;
            }
          return { black: black / total, amber };
        };
        let inked = 0;
        let counted = 0;
        for (let y = band + 2; y < image.height - band - 2; y++)
          for (let x = 0; x < image.width; x++) {
            const [r, g, b] = at(x, y) as unknown as [number, number, number];
            counted++;
            if (r < 200 || g < 200 || b < 200) inked++;
          }
        return {
          width: image.width,
          height: image.height,
          inked: inked / counted,
          bands: [bandStats(1, band - 1), bandStats(image.height - band + 1, image.height - 1)],
        };
      },
      { data: png.toString('base64'), band: bandPx },
    );
  } finally {
    await blank.close();
  }
}

test('exports the demo briefing as a one-page PDF marked TLP:AMBER on every page, its text real text', async ({
  page,
}, testInfo) => {
  await page.goto(PAGE_URL);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Executive Briefing', READY);
  await expect(sentenceList(page).getByRole('listitem').first()).toContainText(
    'raised in the last 30 days',
    READY,
  );
  const sentences = await sentenceList(page).getByRole('listitem').allTextContents();
  // The demo raises alerts on import (KEV exposures and telemetry hits): the period has some.
  expect(sentences[0]).toMatch(/^[1-9][\d,]* alerts? (was|were) raised in the last 30 days/);
  expect(sentences.join(' ')).toContain('The most active malware family in the last 30 days was');
  const period = (await page.getByText(/^The last 30 days: .+ \(UTC\)\./).textContent())!.match(
    /^(The last 30 days: .+? \(UTC\))/,
  )![1]!;

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^executive-briefing-\d{4}-\d{2}-\d{2}-last-30-days-amber\.pdf$/,
  );
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);

  const pages = pdfPages(file);
  expect(pages, '30 days of demo data fit on one page').toHaveLength(1);
  for (const [index, text] of pages.entries()) {
    const lines = text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    expect(lines[0], `page ${index + 1} starts with the marking`).toBe('TLP:AMBER');
    expect(lines.at(-1), `page ${index + 1} ends with the marking`).toBe('TLP:AMBER');
  }
  const text = flattenText(pages.join(' '));
  expect(text).toContain('Executive Briefing');
  expect(text).toContain(period);
  expect(text).toMatch(/Generated \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC/);
  expect(text).toContain(
    'TLP:AMBER: Limited disclosure, recipients can only spread this on a need-to-know basis',
  );
  for (const sentence of sentences) expect(text).toContain(sentence);
  for (const title of [
    'Alerts by severity',
    'Alerts by status today',
    'Top malware families by',
    'Top threat actors by',
  ])
    expect(text).toContain(title);
  expect(text).toContain('Page 1 of 1');

  // A4 at 50 dpi is 413.4 × 584.7 pixels (rounded by pdftoppm); the 22-point band is 15 pixels high.
  const pixels = await measure(page, renderFirstPage(file), 15);
  expect(Math.abs(pixels.width - 413.4)).toBeLessThan(1.5);
  expect(Math.abs(pixels.height - 584.7)).toBeLessThan(1.5);
  expect(pixels.inked, 'the page has content').toBeGreaterThan(0.03);
  for (const [index, band] of pixels.bands.entries()) {
    expect(band.black, `band ${index} is black`).toBeGreaterThan(0.8);
    expect(band.amber, `band ${index} carries the amber label`).toBeGreaterThan(10);
  }
  await testInfo.attach('briefing.pdf', { path: file, contentType: 'application/pdf' });
});

test('the period and the marking are in the URL and reach the PDF', async ({ page }, testInfo) => {
  await page.goto(`${PAGE_URL}?period=7d&tlp=red`);
  // Exact: the summary list's name ("The period in sentences") contains the word too.
  await expect(page.getByLabel('Period', { exact: true })).toHaveValue('7d', READY);
  await expect(page.getByLabel('TLP marking')).toHaveValue('red');
  const report = page.getByRole('article', { name: 'Briefing' });
  await expect(report.getByText('TLP:RED', { exact: true })).toHaveCount(2);
  await expect(sentenceList(page).getByRole('listitem').first()).toContainText('in the last 7 days', READY);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export PDF' }).click(),
  ]);
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  for (const text of pdfPages(file)) {
    const lines = text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    expect([lines[0], lines.at(-1)]).toEqual(['TLP:RED', 'TLP:RED']);
  }
  expect(flattenText(pdfPages(file).join(' '))).toContain('The last 7 days:');
});

for (const theme of THEMES) {
  test(`axe finds nothing serious on the briefing (${theme} theme)`, async ({ page }) => {
    await useTheme(page, theme);
    await page.goto(PAGE_URL);
    await expect(page.locator('html')).toHaveClass(new RegExp(`(^|\\s)${theme}(\\s|$)`), READY);
    await expect(sentenceList(page)).toBeVisible(READY);
    await auditAccessibility(page, 'Executive Briefing', theme);
  });
}
