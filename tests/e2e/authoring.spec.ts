/**
 * Authoring and curation (issue 29 §2) on Enhanced CTI: an analyst creates an intrusion set in the
 * "New object" dialog and relates it to malware by `uses` (both carry created_by, the database built
 * their STIX objects); merges an imported duplicate into an imported actor from the merge dialog after
 * its preview (the duplicate's name becomes an alias, its relationship moves, its id resolves to the
 * target); the History tab names the merge; a hostile note stays text. axe in both themes on the
 * dialog and the profile.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { auditAccessibility, THEMES, useTheme } from './support/axe';
import { withDb } from './support/db';
import { ANALYST_STATE } from './support/paths';

test.use({ storageState: ANALYST_STATE });

const PAGE_URL = '/platform/enhanced-cti';
const READY = { timeout: 20_000 };
const run = randomUUID().slice(0, 8);
const id = (type: string) => `${type}--${randomUUID()}`;
const seeded = {
  actor: id('intrusion-set'),
  duplicate: id('intrusion-set'),
  malware: id('malware'),
  technique: id('attack-pattern'),
  edited: id('relationship'),
};
const names = {
  actor: `E2E Held Bear ${run}`,
  duplicate: `E2E Sofacy ${run}`,
  malware: `E2E Loader ${run}`,
  technique: `E2E Phishing ${run}`,
  authored: `E2E Panda ${run}`,
};

const drawer = (page: Page) => page.getByRole('dialog').filter({ has: page.getByRole('tablist') });
const formDialog = (page: Page, title: string | RegExp) =>
  page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title }) });

test.beforeAll(async () => {
  // Imported knowledge (the service's way in: no author).
  await withDb(async (db) => {
    await db.query(
      `insert into public.intel_objects (stix_id, type, name, aliases, tlp, stix) values
         ($1, 'intrusion-set', $5, '{}', 'green', '{}'), ($2, 'intrusion-set', $6, '{Strontium ${run}}', 'green', '{}'),
         ($3, 'malware', $7, '{}', 'clear', '{}'), ($4, 'attack-pattern', $8, '{}', 'clear', '{}')`,
      [
        seeded.actor,
        seeded.duplicate,
        seeded.malware,
        seeded.technique,
        names.actor,
        names.duplicate,
        names.malware,
        names.technique,
      ],
    );
    await db.query(
      `insert into public.relationships (stix_id, relationship_type, source_ref, target_ref, stix) values
         ($1, 'uses', $2, $3, '{}')`,
      [id('relationship'), seeded.duplicate, seeded.technique],
    );
    await db.query(
      `insert into public.relationships (stix_id, relationship_type, source_ref, target_ref, stix) values
         ($1, 'related-to', $2, $3, '{}')`,
      [seeded.edited, seeded.actor, seeded.malware],
    );
  });
});

test.afterAll(async () => {
  await withDb(async (db) => {
    await db.query(`delete from public.relationships where source_ref = any ($1) or target_ref = any ($1)`, [
      [...Object.values(seeded)],
    ]);
    await db.query(
      `delete from public.relationships r using public.intel_objects o
                     where o.name = $1 and (r.source_ref = o.stix_id or r.target_ref = o.stix_id)`,
      [names.authored],
    );
    await db.query(`delete from public.intel_objects where name like $1`, [`E2E % ${run}`]);
  });
});

test('an analyst creates an intrusion set and relates it to malware by uses', async ({ page }) => {
  test.slow();
  await page.goto(PAGE_URL);
  await page.getByRole('button', { name: 'New object' }).click();
  const dialog = formDialog(page, 'New knowledge object');
  await dialog.getByLabel('Type').selectOption('intrusion-set');
  await dialog.getByLabel('Name').fill(names.authored);
  await dialog.getByLabel('Aliases').fill(`Panda Team ${run}, <img src=x onerror=alert(1)>`);
  await dialog.getByLabel('Description (Markdown)').fill('**Seen** in [a lure](https://evil.example/x)');
  await dialog.getByRole('button', { name: 'Create' }).click();

  // The new object opens in the drawer.
  await expect(drawer(page).getByRole('heading', { name: names.authored })).toBeVisible(READY);
  await expect(drawer(page).getByText('<img src=x onerror=alert(1)>', { exact: false })).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);

  await drawer(page).getByRole('button', { name: 'Add relationship' }).click();
  const relate = formDialog(page, 'Add a relationship');
  await relate.getByLabel('Related object').fill(names.malware);
  await relate.getByRole('button', { name: new RegExp(names.malware) }).click();
  await expect(relate.getByLabel('Relationship type (STIX 2.1)')).toHaveValue('uses');
  await relate.getByRole('button', { name: 'Add relationship' }).click();
  await expect(relate).toBeHidden(READY);

  const stored = await withDb(
    async (db) =>
      (
        await db.query<{ object_author: boolean; rel_author: boolean; stix_id: boolean; rel_stix: string }>(
          `select o.created_by is not null as object_author, r.created_by is not null as rel_author,
                o.stix ->> 'id' = o.stix_id as stix_id, r.stix ->> 'relationship_type' as rel_stix
           from public.intel_objects o
           join public.relationships r on r.source_ref = o.stix_id and r.target_ref = $2
          where o.name = $1`,
          [names.authored, seeded.malware],
        )
      ).rows,
  );
  expect(stored).toEqual([{ object_author: true, rel_author: true, stix_id: true, rel_stix: 'uses' }]);
});

test('merging a duplicate after its preview keeps its name as an alias and moves its relationships', async ({
  page,
}) => {
  test.slow();
  await page.goto(`${PAGE_URL}?open=${seeded.actor}`);
  await expect(drawer(page).getByRole('heading', { name: names.actor })).toBeVisible(READY);
  await drawer(page).getByRole('button', { name: 'Merge duplicates' }).click();
  const merge = formDialog(page, /^Merge duplicates into/);
  await merge.getByLabel(/^Duplicates/).fill(names.duplicate);
  await merge.getByRole('button', { name: new RegExp(names.duplicate) }).click();
  const preview = merge.getByRole('region', { name: 'What the merge does' });
  await expect(preview).toContainText(`${names.duplicate}, Strontium ${run}`, READY);
  await expect(preview).toContainText('Relationships moved1');
  await merge.getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(merge).toBeHidden(READY);

  const after = await withDb(async (db) => ({
    aliases: (
      await db.query<{ aliases: string[] }>(`select aliases from public.intel_objects where stix_id = $1`, [
        seeded.actor,
      ])
    ).rows[0]?.aliases,
    moved: (
      await db.query(`select 1 from public.relationships where source_ref = $1 and target_ref = $2`, [
        seeded.actor,
        seeded.technique,
      ])
    ).rowCount,
    resolves: (
      await db.query<{ t: string }>(
        `select target_stix_id as t from public.intel_object_aliases where stix_id = $1`,
        [seeded.duplicate],
      )
    ).rows[0]?.t,
  }));
  expect(after).toEqual({ aliases: [names.duplicate, `Strontium ${run}`], moved: 1, resolves: seeded.actor });

  await drawer(page).getByRole('tab', { name: 'History' }).click();
  await expect(drawer(page).getByText(`Merged into it: ${names.duplicate}`)).toBeVisible(READY);

  await drawer(page).getByRole('tab', { name: 'Overview' }).click();
  await drawer(page).getByLabel('New note').fill('Checked <script>alert(1)</script>');
  await drawer(page).getByRole('button', { name: 'Add note' }).click();
  await expect(drawer(page).getByText('Checked <script>alert(1)</script>')).toBeVisible(READY);
});

test('an analyst edits a relationship from the profile, then revokes it', async ({ page }) => {
  test.slow();
  await page.goto(`${PAGE_URL}?open=${seeded.actor}`);
  await expect(drawer(page).getByRole('heading', { name: names.actor })).toBeVisible(READY);
  await drawer(page).getByRole('tab', { name: 'Relationships' }).click();
  const editButton = drawer(page).getByRole('button', {
    name: `Edit the relationship related-to ${names.malware}`,
  });
  await editButton.click();
  const edit = formDialog(page, 'Edit the relationship');
  await expect(edit.getByLabel('Relationship type (STIX 2.1)')).toHaveValue('related-to');
  await edit.getByLabel('Relationship type (STIX 2.1)').selectOption('uses');
  await edit.getByLabel('Description (optional)').fill('Seen <b>together</b>');
  await edit.getByLabel('Confidence (0–100, optional)').fill('101');
  await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled();
  await edit.getByLabel('Confidence (0–100, optional)').fill('80');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden(READY);
  await expect(
    drawer(page).getByRole('button', { name: `Edit the relationship uses ${names.malware}` }),
  ).toBeVisible(READY);

  const edited = await withDb(
    async (db) =>
      (
        await db.query(
          `select relationship_type, description, confidence, stix ->> 'relationship_type' as stix_type,
                  edited_fields @> array['relationship_type', 'description', 'confidence'] as marked
             from public.relationships where stix_id = $1`,
          [seeded.edited],
        )
      ).rows,
  );
  expect(edited).toEqual([
    {
      relationship_type: 'uses',
      description: 'Seen <b>together</b>',
      confidence: 80,
      stix_type: 'uses',
      marked: true,
    },
  ]);

  await drawer(page)
    .getByRole('button', { name: `Edit the relationship uses ${names.malware}` })
    .click();
  await edit.getByText(/^Revoke it/).click();
  await edit.getByRole('button', { name: 'Revoke' }).click();
  await expect(edit).toBeHidden(READY);
  await expect(
    drawer(page).getByRole('button', { name: new RegExp(`Edit the relationship .* ${names.malware}`) }),
  ).toHaveCount(0);
  const revoked = await withDb(
    async (db) =>
      (await db.query(`select revoked from public.relationships where stix_id = $1`, [seeded.edited])).rows,
  );
  expect(revoked).toEqual([{ revoked: true }]);
});

for (const theme of THEMES) {
  test(`authoring dialogs and a profile pass axe (${theme})`, async ({ page }) => {
    await useTheme(page, theme);
    await page.goto(`${PAGE_URL}?open=${seeded.actor}`);
    await expect(drawer(page).getByRole('heading', { name: names.actor })).toBeVisible(READY);
    await expect(drawer(page).getByRole('region', { name: 'Notes' })).toBeVisible(READY);
    await auditAccessibility(page, 'knowledge profile with notes', theme);
    await drawer(page).getByRole('button', { name: 'Edit' }).click();
    await expect(formDialog(page, /^Edit /)).toBeVisible();
    await auditAccessibility(page, 'edit knowledge object dialog', theme);
  });
}
