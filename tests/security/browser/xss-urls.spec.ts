/**
 * The XSS corpus in URLs: every payload in the query, the hash and the path, through client-side
 * navigation in one page load (history.pushState + popstate, which the router follows), and a
 * sample through real page loads. Nothing may run, signed out and signed in.
 */
import { PAYLOADS, expect, signInBySession, test } from './fixtures.js';

const SAMPLE = PAYLOADS.filter((_, i) => i % 25 === 0);
const ROUTES = ['/auth', '/about', '/platform/dashboard'];

function urlsFor(route: string, payload: string): string[] {
  const p = encodeURIComponent(payload);
  return [`${route}?q=${p}&redirect=${p}`, `${route}#${p}`, `/${p}`, `${route}/${p}`];
}

test.describe('Browser · XSS corpus in URLs', () => {
  test(`all ${PAYLOADS.length} payloads in query, hash and path via client-side navigation`, async ({
    page,
    probe,
  }) => {
    void probe;
    await page.goto('/auth');
    await page.waitForLoadState('networkidle');
    const visited = await page.evaluate(
      async ({ payloads, routes }) => {
        let count = 0;
        for (const [i, payload] of payloads.entries()) {
          const route = routes[i % routes.length]!;
          const p = encodeURIComponent(payload);
          for (const url of [`${route}?q=${p}`, `${route}#${p}`, `/${p}`]) {
            history.pushState({}, '', url);
            dispatchEvent(new PopStateEvent('popstate'));
            count++;
          }
          if (i % 20 === 0) await new Promise((r) => setTimeout(r, 30));
        }
        await new Promise((r) => setTimeout(r, 300));
        return count;
      },
      { payloads: PAYLOADS.map((p) => p.payload), routes: ROUTES },
    );
    expect(visited).toBe(PAYLOADS.length * 3);
    const html = await page.content();
    expect(html).not.toMatch(/<script>alert|onerror=alert\(1\)>/i);
  });

  test(`${SAMPLE.length} payloads through real page loads (query, hash, path), signed out`, async ({
    page,
    probe,
  }) => {
    void probe;
    for (const p of SAMPLE) {
      for (const url of urlsFor(ROUTES[0]!, p.payload)) {
        const res = await page.goto(url);
        expect(res?.status(), url).toBeLessThan(500);
      }
    }
  });

  test(`${SAMPLE.length} payloads through real page loads, signed in as an admin`, async ({
    page,
    probe,
    target,
  }) => {
    void probe;
    await signInBySession(page, target);
    for (const p of SAMPLE) {
      for (const url of urlsFor(ROUTES[2]!, p.payload)) {
        const res = await page.goto(url);
        expect(res?.status(), url).toBeLessThan(500);
      }
    }
  });
});
