/**
 * The feeds function (served exports for controls) from outside: a missing or wrong token and an
 * unknown feed all get the same 401 with a Bearer challenge (nothing tells whether a feed exists);
 * a query parameter cannot raise the feed's TLP ceiling; the recorded client address is the one the
 * gateway saw, not a spoofed X-Forwarded-For.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHeaders, httpRequest } from '../lib/http.js';
import { suite } from './context.js';

const { target, runId } = suite();
const service = apiHeaders(target.serviceRoleKey, undefined, { 'Content-Type': 'application/json' });
const feed = { id: '', token: '' };
const url = (id: string, query = '') => `${target.apiUrl}/functions/v1/feeds/${id}${query}`;
const pull = (id: string, token: string | null, headers: Record<string, string> = {}, query = '') =>
  httpRequest(url(id, query), {
    headers: { ...(token === null ? {} : { Authorization: `Bearer ${token}` }), ...headers },
  });

beforeAll(async () => {
  const res = await httpRequest(`${target.apiUrl}/rest/v1/rpc/create_served_feed`, {
    method: 'POST',
    headers: service,
    body: JSON.stringify({ _name: `security-suite ${runId} feed`, _format: 'text', _max_tlp: 'green' }),
  });
  expect(res.status, res.text).toBe(200);
  Object.assign(feed, (res.json as { id: string; token: string }[])[0]);
});

afterAll(async () => {
  await httpRequest(`${target.apiUrl}/rest/v1/rpc/delete_served_feed`, {
    method: 'POST',
    headers: service,
    body: JSON.stringify({ _id: feed.id }),
  });
});

describe('API · served feeds (edge function feeds)', () => {
  it('the right token gets the feed (control)', async () => {
    const res = await pull(feed.id, feed.token);
    expect(res.status, res.text.slice(0, 200)).toBe(200);
    expect(String(res.headers.etag)).toMatch(/^"[0-9a-f]{40}"$/);
    expect(res.text).toContain('TLP up to GREEN');
  });

  it("no token, a wrong one, another feed's id and a malformed id: one and the same 401", async () => {
    const answers = await Promise.all([
      pull(feed.id, null),
      pull(feed.id, `${feed.token.slice(0, -1)}A`),
      pull(feed.id, target.serviceRoleKey),
      pull('00000000-0000-4000-8000-000000000000', feed.token),
      pull(encodeURIComponent("1' or '1'='1"), feed.token),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect(String(res.headers['www-authenticate'])).toBe('Bearer realm="feeds"');
    }
    expect(new Set(answers.map((r) => r.text)).size).toBe(1);
  });

  it('a query parameter cannot raise the TLP ceiling or lower the minimum score', async () => {
    const res = await pull(feed.id, feed.token, {}, '?max_tlp=red&min_score=0');
    expect(res.status).toBe(200);
    expect(res.text).toContain('TLP up to GREEN');
  });

  it('the pull is recorded with the address the gateway saw, not a spoofed X-Forwarded-For', async () => {
    await pull(feed.id, feed.token, { 'X-Forwarded-For': '203.0.113.66' });
    const res = await httpRequest(`${target.apiUrl}/rest/v1/rpc/list_served_feeds`, {
      method: 'POST',
      headers: service,
      body: '{}',
    });
    const row = (res.json as { id: string; last_pulled_from: string; pull_count: number }[]).find(
      (f) => f.id === feed.id,
    )!;
    expect(row.pull_count).toBeGreaterThanOrEqual(3);
    expect(row.last_pulled_from).not.toBe('203.0.113.66');
  });
});
