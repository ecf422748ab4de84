/**
 * The knowledge graph (issue 29 §3) on an actor's profile: the Graph tab draws a WebGL canvas and lists
 * the same nodes as text (its malware by name, its fifteen indicators as one counted group); expanding
 * the group from the list opens it by type, and collapsing takes it back; a TLP:RED malware outside
 * the analyst's audience is neither drawn nor listed. axe in both themes. The spec seeds its own actor
 * (service-level SQL) and removes it afterwards.
 */
import { expect, test, type Page } from '@playwright/test';
import { auditAccessibility, THEMES, useTheme } from './support/axe';
import { withDb } from './support/db';
import { ANALYST_STATE } from './support/paths';

test.use({ storageState: ANALYST_STATE });

const READY = { timeout: 20_000 };
const RUN = Date.now().toString(16).padStart(12, '0').slice(-12);
const ACTOR = `intrusion-set--0e2e0000-0000-4000-a000-${RUN}`;
const MALWARE = `malware--0e2e0000-0000-4000-a001-${RUN}`;
const RED_MALWARE = `malware--0e2e0000-0000-4000-a002-${RUN}`;

test.beforeAll(async () => {
  await withDb(async (db) => {
    await db.query(
      `insert into public.intel_objects (stix_id, type, name, tlp, modified, stix) values
         ($1, 'intrusion-set', 'Graph E2E Panda', 'clear', now(), '{}'),
         ($2, 'malware', 'GraphLoader', 'clear', now(), '{}')`,
      [ACTOR, MALWARE],
    );
    // TLP:RED for the stack's first group cleared for RED, if it has one: the analyst is not in it.
    await db.query(
      `insert into public.intel_objects (stix_id, type, name, tlp, modified, stix, red_audience)
       select $1, 'malware', 'Graph RED Loader', 'red', now(), '{}', array[g.id]
         from public.groups g where g.max_tlp = 'red' limit 1`,
      [RED_MALWARE],
    );
    await db.query(
      `insert into public.relationships (stix_id, relationship_type, source_ref, target_ref, tlp, stix)
       values ('relationship--0e2e0000-0000-4000-b001-' || $3, 'uses', $1, $2, 'clear', '{}'),
              ('relationship--0e2e0000-0000-4000-b002-' || $3, 'uses', $1, $4, 'clear', '{}')`,
      [ACTOR, MALWARE, RUN, RED_MALWARE],
    );
    // Two statements, as the importers write (the kept counts see each pair once across statements).
    await db.query(
      `insert into public.indicators (type, value, tlp)
       select case when n % 3 = 0 then 'md5'::public.indicator_type else 'domain' end,
              case when n % 3 = 0 then md5($1::text || n) else $1::text || n || '.example' end, 'green'
         from generate_series(1, 15) n`,
      [`graph-e2e-${RUN}-`],
    );
    await db.query(
      `insert into public.relationships (stix_id, relationship_type, source_ref, target_ref, tlp, stix)
       select 'relationship--' || extensions.uuid_generate_v5('0e2e0000-0000-4000-a000-000000000000', stix_id),
              'indicates', stix_id, $1, 'clear', '{}'
         from public.indicators where value like $2 or value in (select md5($3::text || n) from generate_series(1, 15) n)`,
      [ACTOR, `graph-e2e-${RUN}-%`, `graph-e2e-${RUN}-`],
    );
  });
});

test.afterAll(async () => {
  await withDb(async (db) => {
    await db.query(`delete from public.relationships where target_ref = $1 or source_ref = $1`, [ACTOR]);
    await db.query(
      `delete from public.indicators where value like $1 or value in (select md5($2::text || n) from generate_series(1, 15) n)`,
      [`graph-e2e-${RUN}-%`, `graph-e2e-${RUN}-`],
    );
    await db.query(`delete from public.intel_objects where stix_id = any ($1)`, [
      [ACTOR, MALWARE, RED_MALWARE],
    ]);
  });
});

const drawer = (page: Page) => page.getByRole('dialog');
const nodeList = (page: Page) => drawer(page).getByRole('region', { name: /^Nodes drawn/ });

async function openGraph(page: Page) {
  await page.goto(`/platform/enhanced-cti?open=${ACTOR}`);
  await expect(drawer(page).getByRole('heading', { name: 'Graph E2E Panda' })).toBeVisible(READY);
  await drawer(page).getByRole('tab', { name: 'Graph' }).click();
  await expect(nodeList(page)).toBeVisible(READY);
}

test('an actor’s Graph tab: a canvas, its neighbours listed as text, a group expanded and collapsed', async ({
  page,
}) => {
  await openGraph(page);
  await expect(drawer(page).getByTestId('graph-canvas').locator('canvas').first()).toBeAttached();
  await expect(nodeList(page)).toHaveAccessibleName('Nodes drawn (3)');
  const list = nodeList(page);
  await expect(list.getByRole('listitem').first()).toContainText('Graph E2E Panda');
  await expect(list).toContainText('GraphLoader');
  await expect(list).toContainText('uses ← Graph E2E Panda');
  await expect(list).toContainText('15 indicators');
  await expect(list).not.toContainText('Graph RED Loader');

  const expand = list.getByRole('button', { name: 'Expand 15 indicators' });
  await expand.click();
  await expect(list).toContainText('10 domain indicators', READY);
  await expect(list).toContainText('5 md5 indicators');
  await expect(nodeList(page)).toHaveAccessibleName('Nodes drawn (5)');
  await expect(drawer(page).getByRole('status').filter({ hasText: 'Expanded 15 indicators' })).toBeVisible();

  // A type opens into a page of its indicators, values as text.
  await list.getByRole('button', { name: 'Expand 5 md5 indicators' }).click();
  await expect(nodeList(page)).toHaveAccessibleName('Nodes drawn (10)', READY);

  await list.getByRole('button', { name: 'Collapse 15 indicators' }).click();
  await expect(nodeList(page)).toHaveAccessibleName('Nodes drawn (3)');

  // A type filter asks the server again: only malware (and the root).
  await drawer(page)
    .getByRole('group', { name: /^Show only/ })
    .getByText('Malware', { exact: true })
    .click();
  await expect(nodeList(page)).toHaveAccessibleName('Nodes drawn (2)', READY);
});

for (const theme of THEMES) {
  test(`axe finds nothing serious on the Graph tab (${theme} theme)`, async ({ page }) => {
    test.setTimeout(120_000);
    await useTheme(page, theme);
    await openGraph(page);
    await expect(drawer(page).getByTestId('graph-canvas')).toBeVisible();
    await auditAccessibility(page, 'Graph tab', theme);
  });
}
