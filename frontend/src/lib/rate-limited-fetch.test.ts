import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_PAUSE_MS, rateLimitedFetch } from './rate-limited-fetch';

const gatewayLimit = (retryAfter: string | null = '3') =>
  new Response(JSON.stringify({ message: 'Too many requests' }), {
    status: 429,
    headers: retryAfter === null ? {} : { 'Retry-After': retryAfter },
  });
const ok = () => new Response('[]', { status: 200 });

describe('rateLimitedFetch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits Retry-After and sends the refused request again', async () => {
    const inner = vi.fn<typeof fetch>().mockResolvedValueOnce(gatewayLimit('3')).mockResolvedValueOnce(ok());
    const pending = rateLimitedFetch(inner)('http://api/rest/v1/alerts');
    await vi.advanceTimersByTimeAsync(2_900);
    expect(inner).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200);
    expect((await pending).status).toBe(200);
    expect(inner).toHaveBeenCalledTimes(2);
  });

  it('holds every other request of the tab until the pause is over', async () => {
    const inner = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(gatewayLimit('2'))
      .mockImplementation(() => Promise.resolve(ok()));
    const limited = rateLimitedFetch(inner);
    const first = limited('http://api/rest/v1/a');
    await vi.advanceTimersByTimeAsync(0);
    const second = limited('http://api/rest/v1/b');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(inner).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_100);
    await Promise.all([first, second]);
    expect(inner.mock.calls.map(([url]) => url)).toEqual([
      'http://api/rest/v1/a',
      'http://api/rest/v1/a',
      'http://api/rest/v1/b',
    ]);
  });

  it('gives up after two retries and hands the 429 to the caller', async () => {
    const inner = vi.fn<typeof fetch>().mockImplementation(() => Promise.resolve(gatewayLimit('1')));
    const pending = rateLimitedFetch(inner)('http://api/rest/v1/a');
    await vi.advanceTimersByTimeAsync(5_000);
    expect((await pending).status).toBe(429);
    expect(inner).toHaveBeenCalledTimes(3);
  });

  it('passes the auth service’s sign-in limit through without retrying', async () => {
    const signInLimit = new Response(JSON.stringify({ code: 'over_request_rate_limit', msg: 'Too many' }), {
      status: 429,
      headers: { 'Retry-After': '60' },
    });
    const inner = vi.fn<typeof fetch>().mockResolvedValue(signInLimit);
    const response = await rateLimitedFetch(inner)('http://api/auth/v1/token');
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ code: 'over_request_rate_limit' });
    expect(inner).toHaveBeenCalledTimes(1);
  });

  it('caps the pause and assumes one second without Retry-After', async () => {
    const inner = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(gatewayLimit('3600'))
      .mockResolvedValueOnce(gatewayLimit(null))
      .mockResolvedValueOnce(ok());
    const pending = rateLimitedFetch(inner)('http://api/rest/v1/a');
    await vi.advanceTimersByTimeAsync(MAX_PAUSE_MS - 1);
    expect(inner).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(inner).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect((await pending).status).toBe(200);
  });

  it('stops waiting when the request is aborted', async () => {
    const inner = vi.fn<typeof fetch>().mockResolvedValueOnce(gatewayLimit('5'));
    const controller = new AbortController();
    const pending = rateLimitedFetch(inner)('http://api/rest/v1/a', { signal: controller.signal });
    const outcome = expect(pending).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(100);
    controller.abort(new Error('navigated away'));
    await outcome;
    expect(inner).toHaveBeenCalledTimes(1);
  });
});
