/**
 * The public site's substance: live figures from the stack on the home page, the latest KEV additions
 * on News, the contact form (stored for admins, the sixth message of an hour refused in plain words,
 * what was typed kept), the security report's summary and the compliance center's ASVS chapters.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { withDb } from './support/db';

// Each test crosses several pages and the database; on two shared cores 30 s is too tight.
test.describe.configure({ timeout: 60_000 });

const digits = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

function figure(page: Page, label: string) {
  return page.locator(`[data-figure="${label}"]`);
}

test('the home page shows live figures from the knowledge base', async ({ page }) => {
  const expected = await withDb(async (db) => {
    const { rows } = await db.query<{ kev: string; sources: string; indicators: string }>(
      `select (select count(*) from public.vulnerabilities where kev_date_added is not null and tlp = 'clear') as kev,
              (select count(*) from public.sources where enabled) as sources,
              (select (count(*) / 100) * 100 from public.indicators where not revoked) as indicators`,
    );
    return rows[0]!;
  });
  expect(Number(expected.kev)).toBeGreaterThan(0);
  await page.goto('/');
  await expect(figure(page, 'Known exploited vulnerabilities tracked')).not.toHaveText('—');
  expect(digits(await figure(page, 'Known exploited vulnerabilities tracked').textContent())).toBe(
    Number(expected.kev),
  );
  expect(digits(await figure(page, 'Intelligence sources enabled').textContent())).toBe(
    Number(expected.sources),
  );
  expect(digits(await figure(page, 'Indicators of compromise').textContent())).toBe(
    Number(expected.indicators),
  );
  await expect(figure(page, 'Last successful import')).toContainText('UTC');
  // Screenshots: lazy, sized, described.
  const shots = page.locator('figure img');
  await expect(shots).toHaveCount(4);
  for (const shot of await shots.all()) {
    await expect(shot).toHaveAttribute('loading', 'lazy');
    await expect(shot).toHaveAttribute('width', /\d+/);
    expect((await shot.getAttribute('alt'))?.length).toBeGreaterThan(20);
  }
});

test('News lists the latest KEV additions, newest first, and shows 20 more on request', async ({ page }) => {
  const latest = await withDb(async (db) => {
    const { rows } = await db.query<{ cve_id: string }>(
      `select cve_id from public.vulnerabilities where kev_date_added is not null and tlp = 'clear'
        order by kev_date_added desc, cve_id desc limit 1`,
    );
    return rows[0]!.cve_id;
  });
  await page.goto('/news');
  const list = page.getByRole('list', { name: 'Latest KEV additions' });
  await expect(list.getByRole('listitem').first().getByRole('heading')).toHaveText(latest);
  await expect(list.getByRole('listitem')).toHaveCount(20);
  await page.getByRole('button', { name: 'Show 20 more KEV additions' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(40);
  await expect(
    page.getByRole('list', { name: 'TLP:CLEAR intelligence highlights' }).getByRole('listitem').first(),
  ).toContainText('Source:');
});

test('the contact form stores a message and refuses the sixth of an hour, keeping the text', async ({
  page,
}) => {
  // Six round trips through the form and the database.
  test.setTimeout(120_000);
  const email = `visitor-${randomBytes(4).toString('hex')}@example.org`;
  try {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact the administrators' });
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByText('Please give your name (at most 200 characters).')).toBeVisible();

    await form.getByLabel('Your name').fill('E2E Visitor');
    await form.getByLabel('Email for the answer').fill(email);
    for (let n = 1; n <= 5; n += 1) {
      await form.getByLabel('Topic').selectOption('product');
      await form.getByLabel('Message').fill(`Question number ${n} about the platform.`);
      await form.getByRole('button', { name: 'Send message' }).click();
      await expect(form.getByRole('status')).toContainText('Thank you. Your message was received');
      await expect(form.getByLabel('Message')).toHaveValue('');
    }
    const stored = await withDb(async (db) => {
      const { rows } = await db.query<{ count: string }>(
        'select count(*) from public.contact_messages where email = $1',
        [email],
      );
      return Number(rows[0]!.count);
    });
    expect(stored).toBe(5);

    await form.getByLabel('Topic').selectOption('product');
    await form.getByLabel('Message').fill('Question number 6 about the platform.');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'You have sent 5 messages in the last hour. Please wait an hour before sending another.',
    );
    await expect(form.getByLabel('Message')).toHaveValue('Question number 6 about the platform.');
    await expect(form.getByLabel('Email for the answer')).toHaveValue(email);
  } finally {
    await withDb((db) => db.query('delete from public.contact_messages where email = $1', [email]));
  }
});

test('the security report summarises the latest hardening run', async ({ page }) => {
  await page.goto('/security-report');
  await expect(page.getByText(/Latest run: /)).toBeVisible();
  await expect(page.getByTestId('security-totals')).toContainText(/\d+ passed, \d+ failed/);
  await expect(page.getByRole('cell', { name: /API · access matrix \(RLS and grants\)/ })).toBeVisible();
});

test('the compliance center maps V1 to V14 to tests and links to the security report', async ({ page }) => {
  await page.goto('/compliance-center');
  for (let chapter = 1; chapter <= 14; chapter += 1)
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^V${chapter} `) })).toBeVisible();
  await expect(page.getByText('supabase/tests/database/190_public_site.test.sql').first()).toBeVisible();
  await expect(
    page.getByRole('link', { name: /OWASP Application Security Verification Standard/ }),
  ).toHaveAttribute('href', /github\.com\/OWASP\/ASVS/);
  await page.getByRole('main').getByRole('link', { name: 'security report', exact: true }).click();
  await expect(page).toHaveURL(/\/security-report$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Security report');
});
