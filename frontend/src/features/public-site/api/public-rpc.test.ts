import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callPublicRpc, UNAVAILABLE_MESSAGE } from './public-rpc';

function answer(status: number, body: unknown) {
  return vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status }));
}

beforeEach(() => {
  const meta = document.createElement('meta');
  meta.name = 'cti-runtime-config';
  meta.content = JSON.stringify({
    supabaseUrl: 'http://127.0.0.1:54321',
    supabaseAnonKey: 'sb_publishable_test_key_0123456789',
    appVersion: '9.9.9',
  });
  document.head.append(meta);
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.querySelector('meta[name="cti-runtime-config"]')?.remove();
});

describe('callPublicRpc', () => {
  it('posts the arguments to the RPC with the API key and the client headers', async () => {
    const fetchMock = answer(200, [{ kev_entries: 3 }]);
    vi.stubGlobal('fetch', fetchMock);
    await expect(callPublicRpc('public_site_figures', { _limit: 2 })).resolves.toEqual([{ kev_entries: 3 }]);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:54321/rest/v1/rpc/public_site_figures');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"_limit":2}');
    const headers = init.headers as Record<string, string>;
    expect(headers.apikey).toBe('sb_publishable_test_key_0123456789');
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(headers['X-Client-Version']).toBe('9.9.9');
  });

  it("passes on the server's words for invalid input and rate limits", async () => {
    vi.stubGlobal(
      'fetch',
      answer(429, { code: 'PT429', message: 'You have sent 5 messages in the last hour.' }),
    );
    await expect(callPublicRpc('submit_contact_message')).rejects.toMatchObject({
      message: 'You have sent 5 messages in the last hour.',
      status: 429,
    });
  });

  it('hides any other database error behind a plain sentence', async () => {
    vi.stubGlobal('fetch', answer(500, { code: 'XX000', message: 'relation "private.x" does not exist' }));
    await expect(callPublicRpc('public_site_figures')).rejects.toThrow(UNAVAILABLE_MESSAGE);
  });

  it('says the service is unreachable when the network fails', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(callPublicRpc('public_site_figures')).rejects.toThrow(UNAVAILABLE_MESSAGE);
  });
});
