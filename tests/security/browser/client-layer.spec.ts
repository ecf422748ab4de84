/**
 * The spec's client hygiene, black box: secure storage (sessionStorage, kg_secure_ prefix) never
 * holds a key the spec drops or the session's secrets, the console redirect redacts sensitive
 * fields before they reach the log store, and the runtime meta CSP carries none of the
 * directives browsers ignore in meta. Spec conformance and defence in depth, not boundaries.
 */
import { authStorageKey, browserSession, expect, signInBySession, storedLogs, test } from './fixtures.js';

const REFUSED = [
  'password',
  'secret',
  'privatekey',
  'jwt',
  'sessiontoken',
  'apikey',
  'authtoken',
  'credential',
  'ssn',
  'socialsecurity',
];

test.describe('Browser · client security layer (spec conformance)', () => {
  test('session storage holds no dropped key and none of the session secrets after a signed-in visit', async ({
    page,
    probe,
    target,
  }) => {
    void probe;
    await signInBySession(page, target);
    await page.goto('/platform/dashboard');
    await page.waitForLoadState('networkidle');
    await page.goto('/platform/profile');
    await page.waitForLoadState('networkidle');
    const entries = await page.evaluate(() => Object.entries(sessionStorage));
    const secure = entries.filter(([k]) => k.startsWith('kg_secure_'));
    for (const [key] of secure) {
      const compact = key
        .slice('kg_secure_'.length)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '');
      expect(
        REFUSED.filter((w) => compact.includes(w)),
        key,
      ).toEqual([]);
    }
    const { session } = browserSession();
    const all = JSON.stringify(entries);
    expect(all).not.toContain(String(session.access_token));
    expect(all).not.toContain(String(session.refresh_token));
    // The session itself lives where supabase-js keeps it (localStorage), not in secure storage.
    expect(await page.evaluate((k) => localStorage.getItem(k) !== null, authStorageKey(target.apiUrl))).toBe(
      true,
    );
  });

  test('console output is redirected to the log store with sensitive fields redacted', async ({
    page,
    probe,
  }) => {
    void probe;
    await page.goto('/auth');
    await page.waitForLoadState('networkidle');
    const marker = `console-probe-${Date.now()}`;
    await page.evaluate((m) => {
      console.log(m, {
        password: 'Pw-q8z-secret',
        access_token: 'tok-q8z-abc',
        email: 'q8z@example.test',
        user_id: 'uid-q8z',
        note: 'kept-q8z',
      });
      console.warn(`${m}-warn`, { apiKey: 'key-q8z', jwt: 'eyJq8z.x.y' });
    }, marker);
    const logs = JSON.stringify(await storedLogs(page));
    expect(logs).toContain(marker);
    expect(logs).toContain('kept-q8z');
    for (const secret of [
      'Pw-q8z-secret',
      'tok-q8z-abc',
      'q8z@example.test',
      'uid-q8z',
      'key-q8z',
      'eyJq8z',
    ]) {
      expect(logs, secret).not.toContain(secret);
    }
  });

  test('the runtime meta CSP exists and has no frame-ancestors, report-uri or sandbox', async ({
    page,
    probe,
  }) => {
    void probe;
    await page.goto('/auth');
    await page.waitForLoadState('networkidle');
    const metas = await page.evaluate(() =>
      [...document.querySelectorAll('meta[http-equiv]')]
        .filter((m) => m.getAttribute('http-equiv')!.toLowerCase() === 'content-security-policy')
        .map((m) => m.getAttribute('content') ?? ''),
    );
    expect(metas.length).toBeGreaterThan(0);
    for (const csp of metas) {
      const names = csp.split(';').map((d) => d.trim().split(/\s+/)[0]!.toLowerCase());
      expect(names).not.toContain('frame-ancestors');
      expect(names).not.toContain('report-uri');
      expect(names).not.toContain('sandbox');
    }
  });
});
