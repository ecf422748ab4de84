import assert from 'node:assert/strict';
import { WindowRateLimiter } from '../_shared/rate-limit.ts';
import { createHandler, type FiledReport, MAX_BODY_BYTES } from '../performance-metrics/handler.ts';

const ORIGIN = 'http://127.0.0.1:4173';

function setup(limit = 30) {
  const stored: { report: FiledReport; token: string }[] = [];
  const handler = createHandler({
    store: async (report, token) => {
      stored.push({ report, token });
    },
    limiter: new WindowRateLimiter(limit, 60_000),
    allowedOrigins: [ORIGIN],
    now: () => 1_000_000,
  });
  return { stored, handler };
}

const validReport = {
  metrics: {
    domContentLoaded: 6200,
    loadComplete: 7000,
    memoryUsage: 52_428_800,
    slowResources: [{ name: 'https://example.test/app.js', duration: 1300 }],
    timestamp: 1_795_000_000_000,
  },
  url: 'http://127.0.0.1:4173/platform/dashboard',
  timestamp: '2026-11-21T10:00:00.000Z',
  userAgent: 'Mozilla/5.0 test',
};

function post(body: string, headers: Record<string, string> = {}): Request {
  return new Request('http://functions.local/performance-metrics', {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      origin: ORIGIN,
      'x-forwarded-for': '203.0.113.9',
      ...headers,
    },
  });
}

Deno.test(
  "a valid report is filed with the caller's own token and answered 202 with CORS for the allowed origin",
  async () => {
    const { stored, handler } = setup();
    const response = await handler(
      post(JSON.stringify(validReport), { authorization: 'Bearer caller.jwt.token' }),
    );
    assert.equal(response.status, 202);
    assert.deepEqual(await response.json(), { accepted: true });
    assert.equal(response.headers.get('access-control-allow-origin'), ORIGIN);
    assert.equal(stored.length, 1);
    assert.equal(stored[0]!.token, 'caller.jwt.token');
    assert.equal(stored[0]!.report.reported_at, '2026-11-21T10:00:00.000Z');
    assert.equal(stored[0]!.report.user_agent, 'Mozilla/5.0 test');
    assert.deepEqual(stored[0]!.report.metrics, validReport.metrics);
  },
);

Deno.test('malformed JSON and a wrong shape are 400 with a JSON error, and nothing is stored', async () => {
  const { stored, handler } = setup();
  const broken = await handler(post('{"metrics":'));
  assert.equal(broken.status, 400);
  assert.equal((await broken.json()).error, 'invalid_json');
  const wrong = await handler(post(JSON.stringify({ ...validReport, metrics: { domContentLoaded: -1 } })));
  assert.equal(wrong.status, 400);
  const body = await wrong.json();
  assert.equal(body.error, 'invalid_report');
  assert.ok(body.issues.length > 0);
  assert.equal(stored.length, 0);
});

Deno.test('an oversized body is 413', async () => {
  const { stored, handler } = setup();
  const huge = JSON.stringify({ ...validReport, url: 'x'.repeat(MAX_BODY_BYTES) });
  const response = await handler(post(huge));
  assert.equal(response.status, 413);
  assert.equal(stored.length, 0);
});

Deno.test('the per-client limit answers 429 with Retry-After', async () => {
  const { handler } = setup(2);
  assert.equal((await handler(post(JSON.stringify(validReport)))).status, 202);
  assert.equal((await handler(post(JSON.stringify(validReport)))).status, 202);
  const limited = await handler(post(JSON.stringify(validReport)));
  assert.equal(limited.status, 429);
  assert.equal(limited.headers.get('retry-after'), '60');
  const otherClient = await handler(post(JSON.stringify(validReport), { 'x-forwarded-for': '198.51.100.1' }));
  assert.equal(otherClient.status, 202);
});

Deno.test('other methods are 405; preflight is 204; unknown origins get no CORS grant', async () => {
  const { handler } = setup();
  const get = await handler(new Request('http://functions.local/performance-metrics', { method: 'GET' }));
  assert.equal(get.status, 405);
  await get.body?.cancel();
  const preflight = await handler(
    new Request('http://functions.local/performance-metrics', {
      method: 'OPTIONS',
      headers: { origin: ORIGIN },
    }),
  );
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get('access-control-allow-methods'), 'POST, OPTIONS');
  const foreign = await handler(post(JSON.stringify(validReport), { origin: 'https://evil.example' }));
  assert.equal(foreign.headers.get('access-control-allow-origin'), null);
  await foreign.body?.cancel();
});
