/**
 * Stored XSS: the corpus written through the API with the service key (alert titles and
 * descriptions, security event details, the persona's display name), then every page that can
 * show them opened signed in as an admin with MFA, plus a live insert while a page is open
 * (realtime). Nothing may run. The suite deletes the alerts it wrote; security events are
 * append-only and stay, marked with the run id.
 */
import { apiHeaders, httpRequest } from '../lib/http.js';
import { recordFact } from '../reporting/parts.js';
import { PAYLOADS, browserSession, expect, signInBySession, test } from './fixtures.js';

const withoutNul = (text: string) => text.split('\u0000').join('');

const PAGES = [
  '/platform/dashboard',
  '/platform/threat-intelligence-hub',
  '/platform/ioc-intelligence',
  '/platform/admin',
  '/platform/profile',
  '/platform/user-management',
];

test.describe('Browser · stored XSS displayed by the app', () => {
  let alertIds: string[] = [];

  test.afterAll(async () => {
    const { resolveTarget } = await import('../lib/target.js');
    const target = resolveTarget();
    const service = apiHeaders(target.serviceRoleKey);
    for (let i = 0; i < alertIds.length; i += 100) {
      await httpRequest(
        `${target.apiUrl}/rest/v1/enhanced_security_alerts?id=in.(${alertIds.slice(i, i + 100).join(',')})`,
        { method: 'DELETE', headers: service },
      );
    }
  });

  test(`all ${PAYLOADS.length} payloads stored as alerts, events and a display name; no page runs them`, async ({
    page,
    probe,
    target,
  }) => {
    void probe;
    const { runId, userId } = browserSession();
    const service = { ...apiHeaders(target.serviceRoleKey), 'Content-Type': 'application/json' };
    // Postgres text cannot hold NUL; those payloads are stored without it (the API refusal is an API check).
    const rows = PAYLOADS.map((p) => {
      const text = withoutNul(p.payload);
      return {
        title: text.slice(0, 300),
        description: `${text}\n${p.source} / ${p.category}`,
        category: 'security-suite-xss',
        source: text.slice(0, 200) || 'x',
        severity: 'critical',
        metadata: { suite: runId, payload: p.id, indicator: text },
      };
    });
    const inserted = await httpRequest(`${target.apiUrl}/rest/v1/enhanced_security_alerts?select=id`, {
      method: 'POST',
      body: JSON.stringify(rows),
      headers: { ...service, Prefer: 'return=representation' },
    });
    expect(inserted.status, inserted.text.slice(0, 300)).toBe(201);
    alertIds = (inserted.json as { id: string }[]).map((r) => r.id);
    const events = PAYLOADS.slice(0, 60).map((p) => ({
      event_type: 'suspicious_activity',
      severity: 'low',
      source: 'server',
      user_id: userId,
      details: { suite: runId, note: withoutNul(p.payload) },
    }));
    const stored = await httpRequest(`${target.apiUrl}/rest/v1/security_events`, {
      method: 'POST',
      body: JSON.stringify(events),
      headers: service,
    });
    expect(stored.status).toBe(201);
    const name = await httpRequest(`${target.apiUrl}/rest/v1/profiles?id=eq.${userId}`, {
      method: 'PATCH',
      body: JSON.stringify({ display_name: '<img src=x onerror=alert(1)><svg onload=alert(2)>' }),
      headers: service,
    });
    expect(name.status).toBeLessThan(300);

    await signInBySession(page, target);
    let pagesShowingPayloads = 0;
    for (const path of PAGES) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      const text = await page.locator('body').innerText();
      if (PAYLOADS.some((p) => p.payload.length > 12 && text.includes(p.payload.slice(0, 40))))
        pagesShowingPayloads++;
      const live = await page.evaluate(() =>
        [...document.querySelectorAll('*')].some(
          (el) =>
            [...el.attributes].some((a) => /^on/i.test(a.name)) ||
            /^\s*javascript:/i.test(el.getAttribute('href') ?? ''),
        ),
      );
      expect(live, `${path} has an element with an on* handler or a javascript: link`).toBe(false);
    }
    recordFact('browser', 'stored-xss', {
      alerts: alertIds.length,
      events: events.length,
      pages: PAGES.length,
      pagesShowingPayloads,
    });
  });

  test('a payload alert inserted while the dashboard is open (realtime) does not run', async ({
    page,
    probe,
    target,
  }) => {
    void probe;
    await signInBySession(page, target);
    await page.goto('/platform/dashboard');
    await page.waitForLoadState('networkidle');
    const res = await httpRequest(`${target.apiUrl}/rest/v1/enhanced_security_alerts?select=id`, {
      method: 'POST',
      body: JSON.stringify({
        title: '<img src=x onerror=alert("realtime")>',
        description: '<script>alert("rt")</script>',
        category: 'security-suite-xss',
      }),
      headers: {
        ...apiHeaders(target.serviceRoleKey),
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
      },
    });
    expect(res.status).toBe(201);
    alertIds.push(...(res.json as { id: string }[]).map((r) => r.id));
    await page.waitForTimeout(2500);
  });
});
