/**
 * Enhanced CTI on the demo dataset (ATT&CK v18 Enterprise and the MISP galaxies): APT28 found by its
 * alias, its profile (relationships, techniques), "Show on the matrix" going to the matrix with the same
 * count as the profile (parents lit through their sub-techniques), a technique opened
 * by keyboard with its mitigations; APT29's indicators through the Cobalt Strike it uses; the render
 * times the page records; axe in both themes on the list, the matrix and a profile.
 */
import { auditAccessibility, THEMES, useTheme } from './support/axe';
import { expect, test, type Page } from '@playwright/test';
import { withDb } from './support/db';
import { ANALYST_STATE } from './support/paths';

test.use({ storageState: ANALYST_STATE });

const PAGE_URL = '/platform/enhanced-cti';
const READY = { timeout: 20_000 };

const matrix = (page: Page) => page.getByRole('grid', { name: 'ATT&CK Enterprise matrix' });
const drawer = (page: Page) => page.getByRole('dialog');

interface Actor {
  stixId: string;
  techniques: number;
  /** A technique it uses that is not a sub-technique, so it shows on the collapsed matrix. */
  parentTechnique: string;
}

/** What the demo dataset says about an ATT&CK group, read as the matrix reads it. */
async function actor(externalId: string): Promise<Actor> {
  return withDb(async (db) => {
    const { rows } = await db.query<{ stix_id: string; techniques: number; parent: string }>(
      `select o.stix_id,
              count(distinct t.stix_id)::int as techniques,
              min(t.external_ids[1]) filter (where t.external_ids[1] !~ '\\.') as parent
         from public.intel_objects o
         join public.relationships r on r.source_ref = o.stix_id and r.relationship_type = 'uses' and not r.revoked
         join public.intel_objects t on t.stix_id = r.target_ref and t.type = 'attack-pattern'
          and not t.revoked and not t.deprecated
          and t.kill_chain_phases @> '[{"kill_chain_name": "mitre-attack"}]'
        where o.external_ids @> array[$1] and o.type = 'intrusion-set'
        group by o.stix_id`,
      [externalId],
    );
    expect(rows, `${externalId} is in the demo dataset`).toHaveLength(1);
    return { stixId: rows[0]!.stix_id, techniques: rows[0]!.techniques, parentTechnique: rows[0]!.parent };
  });
}

test('APT28: found by its alias, its profile, its techniques lit on the matrix, a technique by keyboard', async ({
  page,
}) => {
  test.slow();
  const apt28 = await actor('G0007');
  await page.goto(PAGE_URL);
  await page.getByLabel('Search actors, malware, tools and campaigns').fill('Fancy Bear');
  const list = page.getByRole('grid', { name: 'Actors, malware, tools and campaigns' });
  const row = list.getByRole('row').filter({ hasText: 'G0007' });
  await expect(row).toContainText('APT28', READY);
  await expect(page).toHaveURL(/q=Fancy\+Bear/);

  await row.click();
  await expect(drawer(page).getByRole('heading', { name: 'APT28' })).toBeVisible();
  await drawer(page).getByRole('tab', { name: 'Relationships' }).click();
  await expect(drawer(page).getByRole('listitem').filter({ hasText: /^uses/ }).first()).toBeVisible(READY);
  await drawer(page).getByRole('tab', { name: 'Techniques' }).click();
  await expect(
    drawer(page).getByText(`Uses ${apt28.techniques} techniques of ATT&CK Enterprise`),
  ).toBeVisible(READY);
  // "Show on the matrix" goes there: the drawer closes onto the matrix tab.
  await drawer(page).getByRole('button', { name: 'Show on the matrix' }).click();
  await expect(page).toHaveURL(new RegExp(`sel=${apt28.stixId}`));
  await expect(page).toHaveURL(/view=matrix/);
  await expect(drawer(page)).toBeHidden();
  await expect(page.getByRole('tab', { name: 'ATT&CK matrix (1 compared)' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(matrix(page)).toBeVisible(READY);
  // The same count as the profile's, collapsed sub-techniques included.
  await expect(
    page.getByText(`APT28 uses ${apt28.techniques} of the techniques shown, sub-techniques included.`),
  ).toBeVisible(READY);
  const lit = matrix(page).getByRole('gridcell', {
    name: new RegExp(`^${apt28.parentTechnique} .*, used by APT28`),
  });
  await expect(lit.first()).toHaveAttribute('data-heat', '4');
  // A parent APT28 uses only through a sub-technique is coloured too, and dashed.
  await expect(
    matrix(page)
      .getByRole('gridcell', { name: /, used by APT28 \(through a sub-technique\)/ })
      .first(),
  ).toHaveAttribute('data-via-subs', 'true');
  // Everything APT28 uses, and nothing else, with "only used": every cell coloured, the count unchanged.
  await page.getByLabel('Techniques shown').selectOption('only');
  await expect(
    page.getByText(`APT28 uses ${apt28.techniques} of the techniques shown, sub-techniques included.`),
  ).toBeVisible(READY);
  await expect(matrix(page).locator('td[data-col]:not([data-heat])')).toHaveCount(0);

  // Keyboard: into the grid at its one tab stop, to the first cell, then down the column with the
  // arrows to the first technique APT28 itself uses; Enter opens it.
  await matrix(page).locator('td[tabindex="0"]').focus();
  await page.keyboard.press('Control+Home');
  const label = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
  // Itself: a parent it uses only through a sub-technique would not list it as a user.
  const usedItself = (text: string) => text.includes(', used by APT28') && !text.includes('(through a sub');
  for (let step = 0; step < 40 && !usedItself(await label()); step++) await page.keyboard.press('ArrowDown');
  expect(await label()).toMatch(/^T\d{4}(\.\d{3})? .+, used by APT28(,|$)/);
  await expect(matrix(page).locator('[tabindex="0"]')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(drawer(page).getByText('Technique', { exact: true })).toBeVisible();
  await drawer(page).getByRole('tab', { name: 'Used by' }).click();
  await expect(drawer(page).getByRole('listitem').first()).toContainText('On the matrix', READY);
  await drawer(page).getByRole('tab', { name: 'Mitigations' }).click();
  await expect(
    drawer(page)
      .getByText(/^M\d{4}$|^ATT&CK lists no mitigation/)
      .first(),
  ).toBeVisible(READY);

  // What the page measured (Performance API): reported with the run.
  const measures = await page.evaluate(() =>
    performance
      .getEntriesByType('measure')
      .filter((entry) => entry.name.startsWith('cti-matrix'))
      .map((entry) => `${entry.name} ${Math.round(entry.duration)} ms`),
  );
  expect(measures.some((measure) => measure.startsWith('cti-matrix:first-render '))).toBe(true);
  test.info().annotations.push({ type: 'matrix render', description: measures.join('; ') });
});

test('APT29: indicators through the Cobalt Strike it uses, compared with APT28 on the matrix', async ({
  page,
}) => {
  const [apt28, apt29] = [await actor('G0007'), await actor('G0016')];
  await page.goto(`${PAGE_URL}?open=${apt29.stixId}`);
  await drawer(page).getByRole('tab', { name: 'Indicators' }).click();
  await expect(
    drawer(page)
      .getByText(/indicators\./)
      .first(),
  ).toBeVisible(READY);
  const table = drawer(page).getByRole('table', { name: 'Indicators' });
  await expect(table.getByRole('row').nth(1)).toContainText('Cobalt Strike');
  await expect(drawer(page).getByRole('link', { name: 'those of Cobalt Strike' })).toHaveAttribute(
    'href',
    /\/platform\/ioc-intelligence\?malware=malware--/,
  );
  await page.keyboard.press('Escape');

  await page.goto(`${PAGE_URL}?view=matrix&sel=${apt28.stixId}&sel=${apt29.stixId}`);
  await expect(page.getByText(/used by at least one of the 2 selected, \d+ by all of them\./)).toBeVisible(
    READY,
  );
  await expect(
    matrix(page)
      .getByRole('gridcell', { name: /used by 2 of 2 selected: APT28, APT29$/ })
      .first(),
  ).toHaveAttribute('data-heat', '4');
  await page.getByLabel('Colour by').selectOption('sightings');
  await expect(page.getByText(/sensors saw\.$|have not seen indicators/)).toBeVisible(READY);
});

for (const theme of THEMES) {
  test(`axe finds nothing serious on the list, the matrix and a profile (${theme} theme)`, async ({
    page,
  }) => {
    // Three audits, one of them of a grid of a thousand cells: axe is slow on 2 shared cores.
    test.setTimeout(180_000);
    const apt28 = await actor('G0007');
    await useTheme(page, theme);
    const audit = (where: string) => auditAccessibility(page, `Enhanced CTI ${where}`, theme);
    await page.goto(`${PAGE_URL}?q=APT28&sel=${apt28.stixId}`);
    await expect(
      page
        .getByRole('grid', { name: /Actors, malware/ })
        .getByText('APT28')
        .first(),
    ).toBeVisible(READY);
    await audit('list');
    await page.goto(`${PAGE_URL}?view=matrix&sel=${apt28.stixId}`);
    await expect(
      page.getByText(/^APT28 uses \d+ of the techniques shown, sub-techniques included\.$/),
    ).toBeVisible(READY);
    await audit('matrix');
    await page.goto(`${PAGE_URL}?view=matrix&sel=${apt28.stixId}&open=${apt28.stixId}`);
    await drawer(page).getByRole('tab', { name: 'Techniques' }).click();
    await expect(drawer(page).getByText(/^Uses \d+ techniques/)).toBeVisible(READY);
    await audit('profile');
  });
}
