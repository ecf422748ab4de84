/**
 * The analyst workspace on the demo dataset (npm test loads it): the IOC table with filters in the
 * URL and defanged search, the CVE feed sorted by EPSS, unified search (typos, defanged values), the
 * triage workflow with bulk actions and a live alert, the live threat feed, and hostile intelligence
 * text rendered inert with no script run.
 */
import { expect, test, type Page } from '@playwright/test';
import { PlatformShellPage } from './pages/platform-shell.page';
import { deleteAlerts } from './support/db';
import { alertStatuses, deleteIndicators, insertHostileIndicator, raiseAlerts } from './support/intel-db';
import { ANALYST_STATE } from './support/paths';

test.use({ storageState: ANALYST_STATE });

const alerts: string[] = [];
const indicators: number[] = [];
test.afterEach(async () => {
  await deleteAlerts(alerts.splice(0));
  await deleteIndicators(indicators.splice(0));
});

/** Fails the test if anything the page did ran script planted in intelligence. */
async function expectNoScriptRan(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
}

const grid = (page: Page, name: string) => page.getByRole('grid', { name });
const dataRows = (page: Page, name: string) => grid(page, name).getByRole('rowgroup').nth(1).getByRole('row');

test('IOC Intelligence: filters live in the URL, defanged search finds the real value, a row opens its sources', async ({
  page,
}) => {
  await new PlatformShellPage(page).goto('/platform/ioc-intelligence');
  await expect(dataRows(page, 'Indicators').first()).toBeVisible();
  await expect(page.getByText(/\d[\d,]* indicators/)).toBeVisible();

  await page
    .getByRole('searchbox', { name: 'Search indicator values' })
    .fill('hxxp://176.65.139[.]212/eclipse');
  await expect(page).toHaveURL(/q=hxxp%3A%2F%2F176\.65\.139%5B\.%5D212%2Feclipse/);
  await expect(dataRows(page, 'Indicators').first()).toContainText('hxxp://176[.]65[.]139[.]212/eclipse');
  await page.getByRole('combobox', { name: 'Type' }).selectOption('url');
  await expect(page).toHaveURL(/type=url/);

  // The same view from a shared link.
  const shared = page.url();
  await page.goto(shared);
  await expect(page.getByRole('searchbox', { name: 'Search indicator values' })).toHaveValue(
    'hxxp://176.65.139[.]212/eclipse',
  );
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('url');

  // Keyboard: focus the grid, move to the first row, open it.
  await grid(page, 'Indicators').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/open=\d+/);
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('tab', { name: 'Sources' }).click();
  await expect(drawer.getByRole('table')).toContainText('abuse.ch URLhaus');
});

test('bad input is refused in words: a 600-character search lists nothing, a junk assignee shows no database error', async ({
  page,
}) => {
  const shell = new PlatformShellPage(page);
  const long = 'a'.repeat(600);
  await shell.goto(`/platform/ioc-intelligence?q=${long}`);
  await expect(page.getByRole('searchbox', { name: 'Search indicator values' })).toHaveValue(long);
  await expect(page.getByText('Search is limited to 500 characters').first()).toBeVisible();
  // The list's one row is the refusal: no indicator is listed.
  await expect(dataRows(page, 'Indicators')).toHaveText([/^Search is limited to 500 characters/]);
  await expect(page.getByText(/\d[\d,]* indicators?$/)).toHaveCount(0);

  await shell.goto("/platform/threat-intelligence-hub?assignee='OR1=1");
  await expect(dataRows(page, 'Alerts').first()).toBeVisible();
  await expect(page.getByText(/invalid input syntax|could not be loaded/)).toHaveCount(0);
});

test('hostile intelligence text is shown as text, defanged, and never runs', async ({ page }) => {
  const value = `http://evil-${Date.now()}.example/<img src=x onerror="window.__pwned=1">`;
  indicators.push(
    await insertHostileIndicator(
      value,
      '<script>window.__pwned=1</script><b onmouseover="window.__pwned=1">bold</b>',
    ),
  );
  alerts.push(
    ...(await raiseAlerts([
      {
        title: '<img src=x onerror="window.__pwned=1"> e2e hostile alert',
        description: 'javascript:window.__pwned=1',
      },
    ])),
  );

  // A link straight to the indicator: the drawer opens over the page.
  await page.goto(`/platform/ioc-intelligence?open=${indicators[0]}&status=all`);
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText('<script>window.__pwned=1</script>', { exact: false })).toBeVisible();
  await expect(drawer.locator('script, img, b')).toHaveCount(0);
  await expect(drawer.getByText(/hxxp:\/\/evil-\d+\[\.\]example/).first()).toBeVisible();
  await expectNoScriptRan(page);

  await page.goto(`/platform/threat-intelligence-hub?alert=${alerts[0]}`);
  await expect(page.getByRole('dialog')).toContainText(
    '<img src=x onerror="window.__pwned=1"> e2e hostile alert',
  );
  await expect(page.getByRole('dialog').locator('img')).toHaveCount(0);
  await expectNoScriptRan(page);
});

test('Threat Intelligence Hub: bulk acknowledge, dismiss with a reason, a note, and a live alert', async ({
  page,
}) => {
  const tag = `e2e-${Date.now()}`;
  alerts.push(
    ...(await raiseAlerts([
      { title: `${tag} one` },
      { title: `${tag} two` },
      { title: `${tag} three`, severity: 'critical' },
    ])),
  );
  const shell = new PlatformShellPage(page);
  await shell.goto('/platform/threat-intelligence-hub?category=e2e');
  const rows = dataRows(page, 'Alerts');
  await expect(rows.filter({ hasText: tag })).toHaveCount(3);

  await rows
    .filter({ hasText: `${tag} one` })
    .getByRole('checkbox')
    .check();
  await rows
    .filter({ hasText: `${tag} two` })
    .getByRole('checkbox')
    .check();
  await page
    .getByRole('toolbar', { name: 'Act on the selection' })
    .getByRole('button', { name: 'Acknowledge' })
    .click();
  await expect
    .poll(async () => Object.values(await alertStatuses(alerts.slice(0, 2))))
    .toEqual(['acknowledged', 'acknowledged']);

  await rows.filter({ hasText: `${tag} three` }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('button', { name: 'Dismiss…' }).click();
  const reason = page.getByRole('alertdialog');
  await reason.getByRole('button', { name: 'False positive' }).click();
  await reason.getByRole('button', { name: 'Dismiss' }).click();
  await expect.poll(async () => (await alertStatuses([alerts[2]!]))[alerts[2]!]).toBe('dismissed');

  await drawer.getByRole('tab', { name: 'Notes' }).click();
  await drawer.getByRole('textbox', { name: 'New note' }).fill('Sinkholed domain, seen in the proxy logs.');
  await drawer.getByRole('button', { name: 'Add note' }).click();
  await expect(drawer.getByText('Sinkholed domain, seen in the proxy logs.')).toBeVisible();
  await drawer.getByRole('tab', { name: 'History' }).click();
  await expect(drawer.getByText(/status new → dismissed/)).toBeVisible();
  await page.keyboard.press('Escape');

  // A new alert appears in the queue without a reload, and the badge counts it.
  alerts.push(...(await raiseAlerts([{ title: `${tag} live` }])));
  await expect(rows.filter({ hasText: `${tag} live` })).toBeVisible({ timeout: 15_000 });
  await expect(shell.alertsLink()).toHaveAccessibleName(/[1-9]\d* new alerts?$/);
});

test('Live CVE Feed: sort by EPSS and filter from the URL; a row opens the CVE', async ({ page }) => {
  await new PlatformShellPage(page).goto('/platform/live-cve-feed');
  const rows = dataRows(page, 'Known exploited vulnerabilities');
  await expect(rows.first()).toBeVisible();
  await grid(page, 'Known exploited vulnerabilities')
    .getByRole('columnheader', { name: /EPSS/ })
    .getByRole('button')
    .click();
  await expect(page).toHaveURL(/sort=epss/);
  await expect(
    grid(page, 'Known exploited vulnerabilities').getByRole('columnheader', { name: /EPSS/ }),
  ).toHaveAttribute('aria-sort', 'descending');
  await page.getByText('Known ransomware use').click();
  await expect(page).toHaveURL(/ransomware=1/);
  await expect(rows.first()).toContainText('Known');
  await rows.first().click();
  await expect(page).toHaveURL(/cve=CVE-\d{4}-\d+/);
  await expect(page.getByRole('dialog')).toContainText('Required action');
});

test('Unified Intelligence: typos and defanged values find the real entities', async ({ page }) => {
  await new PlatformShellPage(page).goto('/platform/unified-intelligence');
  const box = page.getByRole('searchbox', { name: 'Search the knowledge base' });
  await box.fill('cobalstrike');
  await expect(page.getByRole('region', { name: 'Malware' })).toContainText('Cobalt Strike');
  await expect(page).toHaveURL(/q=cobalstrike/);

  await box.fill('hxxp://176.65.139[.]212/eclipse.sh4');
  const indicators = page.getByRole('region', { name: 'Indicators' });
  await expect(indicators).toContainText('hxxp://176[.]65[.]139[.]212/eclipse[.]sh4');
  await indicators.getByRole('button').first().click();
  await expect(page.getByRole('dialog')).toContainText('Indicator');

  await page.keyboard.press('Escape');
  await box.fill('T1059');
  await page.getByRole('region', { name: 'Techniques' }).getByRole('button').first().click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toContainText('Command and Scripting Interpreter');
  // A technique's profile lists who uses it (the actors, malware and tools of ATT&CK).
  await drawer.getByRole('tab', { name: 'Used by' }).click();
  await expect(drawer.getByRole('listitem').first()).toBeVisible();
});

test('Dashboard figures open the pages filtered to them; the threat feed shows a new alert live', async ({
  page,
}) => {
  const shell = new PlatformShellPage(page);
  await shell.goto('/platform/dashboard');
  await page.getByRole('link', { name: 'Added to KEV, 30 days' }).click();
  await expect(page).toHaveURL(/live-cve-feed\?added=30d/);

  await page
    .getByRole('navigation', { name: 'Platform navigation' })
    .getByRole('link', { name: 'Global Threat Feed' })
    .click();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByText('Live', { exact: true })).toBeVisible({ timeout: 15_000 });
  const title = `e2e feed ${Date.now()}`;
  alerts.push(...(await raiseAlerts([{ title }])));
  await expect(page.getByRole('article').filter({ hasText: title })).toBeVisible({ timeout: 15_000 });
});
