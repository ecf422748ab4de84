/**
 * Single sign-on with OpenID Connect in Chromium (issue 28 §3): on a stack whose config enables
 * `[auth.external.keycloak]` (a real oidc-provider), the sign-in page offers "Sign in with Keycloak";
 * the button runs supabase-js's PKCE flow through the auth service to the provider's login form and
 * back to /auth/callback, which lands on the dashboard. The project keeps sign-ups off, so, as with
 * GoTrue, single sign-on reaches only accounts an administrator made: the provider identity is linked
 * to the invited account with the same verified email, which stays an analyst and joins the group the
 * ID token's `groups` claim names (and no group it does not); someone not invited is told so. The
 * suite's own stack, without a provider, shows no SSO button at all.
 */
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { SignInPage } from './pages/sign-in.page';
import { startSsoStack, type SsoStack } from './support/sso-stack';
import { TEMP_DIR } from './support/paths';

const tag = randomBytes(3).toString('hex');
const email = `e2e-sso-${tag}@cti.local`;
const stranger = `e2e-sso-stranger-${tag}@cti.local`;
const redTeam = `SSO red team ${tag}`;
let stack: SsoStack;

test.use({ storageState: { cookies: [], origins: [] } });

async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: stack.dbUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

test('the suite stack offers no SSO button: off by default', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await expect(signIn.form).toBeVisible();
  // The settings answer has arrived and named no provider.
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: /Sign in with/ })).toHaveCount(0);
});

test.describe('single sign-on on a stack with a provider', () => {
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    stack = await startSsoStack({
      ada: { email, email_verified: true, name: 'Ada SSO', groups: [redTeam, 'Not a group here', 'admin'] },
      stranger: { email: stranger, email_verified: true, name: 'Not invited', groups: [redTeam] },
    });
    await query(`insert into public.groups (name, max_tlp) values ($1, 'red')`, [redTeam]);
    // The administrator's invitation, as User Management makes it: an account without a password.
    const invited = await fetch(`${stack.apiUrl}/auth/v1/admin/users`, {
      method: 'POST',
      headers: {
        apikey: stack.serviceRoleKey,
        Authorization: `Bearer ${stack.serviceRoleKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ email, email_confirm: true }),
    });
    expect(invited.status).toBe(200);
  });

  test.afterAll(async () => {
    await stack?.stop();
  });

  test('signs an invited analyst in through the provider, with the claimed group', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto(`${stack.webUrl}/auth`);
    const button = page.getByRole('button', { name: 'Sign in with Keycloak' });
    await expect(button).toBeVisible();
    await page.screenshot({ path: `${TEMP_DIR}/sso-sign-in.png`, fullPage: true });

    await button.click();
    // The provider's own (development) login form, on its own origin.
    await expect(page).toHaveURL(new RegExp(`^${stack.idp.issuer}/interaction/`));
    await page.locator('input[name="login"]').fill('ada');
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();

    await expect(page).toHaveURL(`${stack.webUrl}/platform/dashboard`, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const [user] = await query<{ id: string; provider: string; sso_groups: string[]; roles: number }>(
      `select u.id, i.provider, u.raw_app_meta_data -> 'sso_groups' as sso_groups,
              (select count(*)::int from public.user_roles r where r.user_id = u.id) as roles
         from auth.users u join auth.identities i on i.user_id = u.id and i.provider = 'keycloak' where u.email = $1`,
      [email],
    );
    expect(user).toMatchObject({ provider: 'keycloak', roles: 0 });
    expect(user!.sso_groups).toEqual([redTeam, 'Not a group here', 'admin']);
    const groups = await query<{ name: string; via_sso: boolean }>(
      `select g.name, m.via_sso from public.group_members m join public.groups g on g.id = m.group_id
        where m.user_id = $1 order by g.name`,
      [user!.id],
    );
    expect(groups).toEqual([
      { name: 'Analysts', via_sso: false },
      { name: redTeam, via_sso: true },
    ]);
    // The session is the app's own: a reload keeps the user signed in.
    await page.reload();
    await expect(page).toHaveURL(`${stack.webUrl}/platform/dashboard`);
  });

  test('someone the administrators did not invite is told so, and no account is made', async ({ page }) => {
    await page.goto(`${stack.webUrl}/auth`);
    await page.getByRole('button', { name: 'Sign in with Keycloak' }).click();
    await page.locator('input[name="login"]').fill('stranger');
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'There is no account for you on this platform yet. Ask your administrator to invite you.',
    );
    await expect(page).toHaveURL(`${stack.webUrl}/auth/callback`);
    expect(await query(`select 1 from auth.users where email = $1`, [stranger])).toHaveLength(0);
  });

  test('a refused sign-in is explained in our words on the callback page', async ({ page }) => {
    await page.goto(
      `${stack.webUrl}/auth/callback?error=invalid_request&error_code=flow_state_already_used&error_description=${encodeURIComponent('Call +1 555 0100 now')}`,
    );
    await expect(page.getByRole('alert')).toHaveText(
      'This sign-in link has expired or was used already. Start again.',
    );
    await expect(page.getByText('555')).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page.getByRole('button', { name: 'Sign in with Keycloak' })).toBeVisible();
  });
});
