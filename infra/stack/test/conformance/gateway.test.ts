/** The gateway's own behaviour: API-key checks and CORS as Kong does them in a Supabase deployment. */
import { describe, expect, it } from 'vitest';
import { stackEnv } from '../helpers/stack-env.js';

describe('gateway', () => {
  it('refuses a REST request without an API key, in the Kong shape', async () => {
    const response = await fetch(`${stackEnv().apiUrl}/rest/v1/`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    });
  });

  it('refuses an unknown API key', async () => {
    const response = await fetch(`${stackEnv().apiUrl}/rest/v1/`, { headers: { apikey: 'not-a-key' } });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toBe('Invalid API key');
  });

  it('answers a CORS preflight and exposes the headers supabase-js reads', async () => {
    const preflight = await fetch(`${stackEnv().apiUrl}/rest/v1/things`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:4173',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'apikey, authorization, prefer',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('apikey, authorization, prefer');
    const response = await fetch(`${stackEnv().apiUrl}/auth/v1/health`, {
      headers: { apikey: stackEnv().anonKey, Origin: 'http://127.0.0.1:4173' },
    });
    const exposed = response.headers.get('access-control-expose-headers') ?? '';
    for (const header of ['Content-Range', 'X-Supabase-Api-Version', 'x-relay-error'])
      expect(exposed).toContain(header);
  });

  it('answers 404 for a path no service owns', async () => {
    const response = await fetch(`${stackEnv().apiUrl}/nowhere`);
    expect(response.status).toBe(404);
  });
});
