/**
 * Rate limits answer 429: the auth sign-in limit of config.toml [auth.rate_limit], the gateway's
 * per-client limit ([stack] requests_per_window), the per-user limit inside log_security_violation,
 * and the edge function's own limit. Each limit check sends from its own loopback address, so it
 * never throttles the other checks (the stack keys limits by the peer address).
 */
import { describe, expect, it } from 'vitest';
import { apiHeaders, httpRequest, type HttpResponse } from '../lib/http.js';
import { createUser, deleteUser, rpc, signIn, SUITE_EMAIL_DOMAIN } from '../lib/personas.js';
import { recordFinding } from '../reporting/parts.js';
import { suite } from './context.js';

const { target, personas, runId } = suite();
const limits = target.limits;

async function burst(
  count: number,
  send: (i: number) => Promise<HttpResponse>,
  parallel = 10,
): Promise<HttpResponse[]> {
  const out: HttpResponse[] = [];
  for (let i = 0; i < count; i += parallel) {
    const batch = Array.from({ length: Math.min(parallel, count - i) }, (_, j) => send(i + j));
    out.push(...(await Promise.all(batch)));
  }
  return out;
}

describe('API · rate limits', () => {
  it(`password sign-in answers 429 after ${limits.signInPerFiveMinutes} attempts per client (config: ${limits.source})`, async () => {
    const signIn = (i: number, extra: Record<string, string> = {}) =>
      httpRequest(`${target.apiUrl}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        localAddress: '127.0.0.2',
        noRetry: true,
        body: JSON.stringify({
          email: `nobody-${runId}-${i}@security-suite.test`,
          password: 'Wrong-password-1',
        }),
        headers: { apikey: target.anonKey, 'Content-Type': 'application/json', ...extra },
      });
    const answers = await burst(limits.signInPerFiveMinutes + 1, (i) => signIn(i), 1);
    const statuses = answers.map((a) => a.status);
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s !== 429 && s !== 400)).toEqual([]);
    expect(answers.find((a) => a.status === 429)!.json).toMatchObject({ code: 'over_request_rate_limit' });
    // A spoofed X-Forwarded-For must not give the same client a fresh bucket.
    expect((await signIn(999, { 'X-Forwarded-For': '203.0.113.7' })).status).toBe(429);
  });

  const gatewayLimit = limits.gatewayRequestsPerWindow;
  if (gatewayLimit > 0) {
    it(`the gateway answers 429 with Retry-After past ${gatewayLimit} requests per ${limits.gatewayWindowSeconds} s per client`, async () => {
      const send = (_i: number, extra: Record<string, string> = {}) =>
        httpRequest(`${target.apiUrl}/rest/v1/enhanced_security_alerts?select=id&limit=1`, {
          localAddress: '127.0.0.3',
          noRetry: true,
          headers: apiHeaders(target.anonKey, undefined, extra),
        });
      const answers = await burst(Math.ceil(gatewayLimit * 1.3), (i) => send(i), 20);
      const limited = answers.filter((a) => a.status === 429);
      expect(limited.length).toBeGreaterThan(0);
      expect(answers.length - limited.length).toBeLessThanOrEqual(gatewayLimit);
      expect(Number(limited[0]!.headers['retry-after'])).toBeGreaterThan(0);
      expect((await send(0, { 'X-Forwarded-For': '198.51.100.9' })).status).toBe(429);
      const other = await httpRequest(`${target.apiUrl}/rest/v1/enhanced_security_alerts?select=id&limit=1`, {
        localAddress: '127.0.0.4',
        noRetry: true,
        headers: apiHeaders(target.anonKey),
      });
      expect(other.status).not.toBe(429);
    });

    it('a signed-in user is counted by their verified user id, whatever address they send from', async () => {
      const password = `Rate-${runId}-limit-9!`;
      const emails = ['rate-a', 'rate-b'].map((name) => `${name}-${runId}@${SUITE_EMAIL_DOMAIN}`);
      const ids = await Promise.all(emails.map((email) => createUser(target, email, password)));
      try {
        const [tokenA, tokenB] = await Promise.all(emails.map((email) => signIn(target, email, password)));
        const send = (token: string, localAddress: string) =>
          httpRequest(`${target.apiUrl}/rest/v1/enhanced_security_alerts?select=id&limit=1`, {
            localAddress,
            noRetry: true,
            headers: apiHeaders(target.anonKey, token),
          });
        // User A spreads a burst over two addresses: one budget is used up, not two.
        const answers = await burst(
          Math.ceil(gatewayLimit * 1.3),
          (i) => send(tokenA!, i % 2 ? '127.0.0.5' : '127.0.0.6'),
          20,
        );
        expect(answers.length - answers.filter((a) => a.status === 429).length).toBeLessThanOrEqual(
          gatewayLimit,
        );
        expect((await send(tokenA!, '127.0.0.7')).status).toBe(429);
        // User B on A's address has a budget of their own.
        expect((await send(tokenB!, '127.0.0.5')).status).toBe(200);
        // An edge function's call for A (A's token, the service key as apikey) is the backend's own:
        // not counted, so a function whose first step was let in is not refused at its second.
        // It still runs as A: row-level security shows A's own profile only.
        const forA = await httpRequest(`${target.apiUrl}/rest/v1/profiles?select=id`, {
          localAddress: '127.0.0.7',
          noRetry: true,
          headers: apiHeaders(target.serviceRoleKey, tokenA),
        });
        expect(forA.status, forA.text).toBe(200);
        expect(forA.json).toEqual([{ id: ids[0] }]);
      } finally {
        await Promise.all(ids.map((id) => deleteUser(target, id)));
      }
    });
  } else {
    it(`the gateway limit follows [stack] requests_per_window (off in ${limits.source}: reported as a finding)`, async () => {
      recordFinding('api', {
        id: 'gateway-rate-limit-off',
        severity: 'medium',
        title: 'Gateway per-client request limit is off',
        detail:
          `[stack] requests_per_window = 0 in ${limits.source}: the gateway accepts any number of API requests per client. ` +
          'The spec asks for 100 requests per 10 s. PostgREST and the RPCs have no limit of their own (except the per-user ' +
          'counters in log_security_violation and verify_admin_totp).',
        where: `${limits.source} ([stack] requests_per_window), infra/stack/src/gateway/server.ts`,
        fix:
          'Set requests_per_window = 100 (window_seconds = 10). All local clients share 127.0.0.1, so consider keying the ' +
          'limiter by user (JWT sub) when a bearer token is present, and exempting /__stack/health.',
      });
      const answers = await burst(
        150,
        () =>
          httpRequest(`${target.apiUrl}/rest/v1/enhanced_security_alerts?select=id&limit=1`, {
            localAddress: '127.0.0.3',
            noRetry: true,
            headers: apiHeaders(target.anonKey),
          }),
        25,
      );
      expect(answers.filter((a) => a.status === 429)).toHaveLength(0);
    });
  }

  it('log_security_violation answers 429 past 30 reports a minute per user', async () => {
    const answers = await burst(
      32,
      (i) =>
        rpc(
          target,
          'log_security_violation',
          { _event_type: 'suspicious_activity', _details: { n: i, suite: runId } },
          personas.admin_lockout.accessToken,
        ),
      5,
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(2);
    expect(statuses.filter((s) => s !== 429 && s !== 200)).toEqual([]);
  });

  it('the performance-metrics function limits a client, also when X-Forwarded-For is spoofed', async () => {
    const send = (i: number) =>
      httpRequest(`${target.apiUrl}/functions/v1/performance-metrics`, {
        method: 'POST',
        localAddress: '127.0.0.5',
        noRetry: true,
        body: 'not json',
        headers: apiHeaders(target.anonKey, undefined, {
          'Content-Type': 'application/json',
          'X-Forwarded-For': `192.0.2.${i % 250}`,
        }),
      });
    const answers = await burst(40, send, 5);
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s !== 400 && s !== 429)).toEqual([]);
    if (!statuses.includes(429)) {
      recordFinding('api', {
        id: 'function-rate-limit-spoofable',
        severity: 'medium',
        title: 'Edge function rate limit is bypassed with a spoofed X-Forwarded-For',
        detail:
          'The gateway appends the peer address to a client-supplied X-Forwarded-For, and performance-metrics keys its ' +
          'limiter on the FIRST value, which the client controls: 40 requests with rotating X-Forwarded-For got no 429.',
        where:
          'supabase/functions/_shared/request.ts (clientAddress), infra/stack/src/functions/relay-headers.ts',
        fix: 'Key the limiter on the LAST X-Forwarded-For value (the one the gateway adds), or have the gateway overwrite X-Forwarded-For / send X-Real-IP.',
      });
    }
    expect(statuses).toContain(429);
  });
});
