/**
 * Cases (issue 29 §1): from two alerts selected in the Threat Intelligence Hub an analyst opens a case,
 * lands on its page with both alerts linked, adds a task and ticks it, adds a note (hostile Markdown
 * shown as text, no image fetched), starts the case, and sees it all on the timeline; the Cases list
 * shows it. axe in both themes on the list and the case page. The spec raises its own alerts and
 * removes them and its case afterwards.
 */
import { expect, test, type Page } from '@playwright/test';
import { auditAccessibility, THEMES, useTheme } from './support/axe';
import { deleteAlerts, withDb } from './support/db';
import { raiseAlerts } from './support/intel-db';
import { ANALYST_STATE } from './support/paths';

test.use({ storageState: ANALYST_STATE });

const READY = { timeout: 20_000 };
const TAG = `case-e2e-${Date.now().toString(36)}`;
const TITLE = `${TAG} beaconing`;
let alerts: string[] = [];

test.beforeAll(async () => {
  alerts = await raiseAlerts([
    { title: `${TAG} beacon from host one`, severity: 'high' },
    { title: `${TAG} beacon from host two`, severity: 'critical' },
  ]);
});

test.afterAll(async () => {
  await withDb((db) => db.query('delete from public.cases where title like $1', [`${TAG}%`]));
  await deleteAlerts(alerts);
});

const dataRows = (page: Page, name: string) =>
  page.getByRole('grid', { name }).getByRole('rowgroup').nth(1).getByRole('row');

test('from two Hub alerts an analyst opens a case, adds a task and a note, and starts it', async ({
  page,
}) => {
  const remote: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('evil.example')) remote.push(request.url());
  });
  await page.goto('/platform/threat-intelligence-hub?category=e2e');
  const rows = dataRows(page, 'Alerts');
  await expect(rows.filter({ hasText: TAG })).toHaveCount(2, READY);
  for (const row of await rows.filter({ hasText: TAG }).all()) await row.getByRole('checkbox').check();
  const toolbar = page.getByRole('toolbar', { name: 'Act on the selection' });
  await toolbar.getByRole('button', { name: 'Open a case' }).click();

  const dialog = page.getByRole('dialog', { name: 'Open a case with 2 alerts' });
  await dialog.getByLabel('Title').fill(TITLE);
  await dialog.getByRole('button', { name: 'Open the case' }).click();

  await expect(page).toHaveURL(/\/platform\/cases\?case=[0-9a-f-]{36}$/, READY);
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible(READY);
  await expect(page.getByText('TLP:AMBER').first()).toBeVisible();
  const caseId = new URL(page.url()).searchParams.get('case')!;
  const stored = await withDb((db) =>
    db.query<{ n: number; severity: string }>(
      `select count(*)::int as n, (select severity::text from public.cases where id = $1) as severity
         from public.case_alerts where case_id = $1`,
      [caseId],
    ),
  );
  expect(stored.rows[0]).toEqual({ n: 2, severity: 'critical' });

  await page.getByRole('tab', { name: 'Linked items' }).click();
  const linked = page.getByRole('table', { name: 'Alerts of the case' });
  await expect(linked.getByRole('row').filter({ hasText: TAG })).toHaveCount(2);

  await page.getByRole('tab', { name: 'Tasks' }).click();
  await page.getByRole('textbox', { name: 'New task' }).fill('Block the C2 domain at the proxy');
  await page.getByRole('button', { name: 'Add task' }).click();
  const task = page.getByRole('list', { name: 'Tasks' }).getByRole('listitem').first();
  await expect(task).toContainText('Block the C2 domain at the proxy');
  // The box follows the database: ticked once complete_case_task has answered.
  await task.getByText('Block the C2 domain at the proxy').click();
  await expect(task.getByRole('checkbox')).toBeChecked();
  await expect(task).toContainText('Done');

  await page.getByRole('tab', { name: 'Notes' }).click();
  const hostile = '**Seen** on two hosts <img src="https://evil.example/x.png" onerror="window.__pwned=1">';
  await page.getByRole('textbox', { name: 'New note (Markdown)' }).fill(hostile);
  await page.getByRole('button', { name: 'Add note' }).click();
  const note = page.getByRole('list', { name: 'Notes' }).getByRole('listitem').first();
  await expect(note).toContainText('**Seen** on two hosts <img src=');
  await expect(note.locator('img')).toHaveCount(0);

  const status = page.getByTestId('case-status');
  await expect(status).toHaveText('New');
  await page
    .getByRole('toolbar', { name: 'Case status and assignee' })
    .getByRole('button', { name: 'Start' })
    .click();
  await expect(status).toHaveText('In progress');

  await page.getByRole('tab', { name: 'Timeline' }).click();
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline).toContainText('moved it from New to In progress');
  await expect(timeline).toContainText('completed the task "Block the C2 domain at the proxy"');
  await expect(timeline).toContainText('added a note');
  await expect(timeline.getByRole('listitem').filter({ hasText: 'added the alert' })).toHaveCount(2);

  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(remote).toEqual([]);

  await page.goto('/platform/cases');
  await expect(dataRows(page, 'Cases').filter({ hasText: TITLE })).toContainText('In progress', READY);
});

for (const theme of THEMES) {
  test(`the Cases list and a case page pass axe (${theme})`, async ({ page }) => {
    await useTheme(page, theme);
    const caseId = await withDb(async (db) => {
      const analyst = await db.query<{ id: string }>(
        `select id from auth.users where email like 'analyst%' order by created_at limit 1`,
      );
      const row = await db.query<{ id: string }>(
        `insert into public.cases (title, kind, description, created_by) values ($1, 'takedown', $2, $3) returning id`,
        [
          `${TAG} axe ${theme}`,
          'Lookalike of our login page: [report](https://evil.example/)',
          analyst.rows[0]?.id ?? null,
        ],
      );
      await db.query(`insert into public.case_alerts (case_id, alert_id) values ($1, $2)`, [
        row.rows[0]!.id,
        alerts[0],
      ]);
      return row.rows[0]!.id;
    });
    await page.goto('/platform/cases?status=all');
    await expect(dataRows(page, 'Cases').filter({ hasText: `${TAG} axe ${theme}` })).toHaveCount(1, READY);
    await auditAccessibility(page, 'cases-list', theme);
    await page.goto(`/platform/cases?case=${caseId}`);
    await expect(page.getByRole('heading', { name: `${TAG} axe ${theme}` })).toBeVisible(READY);
    await auditAccessibility(page, 'case-page', theme);
    await page.getByRole('tab', { name: 'Linked items' }).click();
    await expect(page.getByRole('table', { name: 'Alerts of the case' })).toContainText(TAG);
    await auditAccessibility(page, 'case-linked-items', theme);
  });
}
