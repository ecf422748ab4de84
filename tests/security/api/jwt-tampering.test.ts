/**
 * Tampered and forged JWTs are refused everywhere a token is accepted: REST, storage, realtime,
 * functions and auth. Storage answers in its own protocol (HTTP 400 with statusCode "403"
 * AccessDenied, reference/supabase-api.md §5.3), so "refused" there means that, with no data.
 */
import WebSocket from 'ws';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiHeaders, httpRequest } from '../lib/http.js';
import { tamperedTokens, type TamperedToken } from '../lib/tokens.js';
import { suite } from './context.js';

const { target, personas } = suite();
let tokens: TamperedToken[] = [];

beforeAll(async () => {
  tokens = await tamperedTokens(personas.analyst.accessToken, personas.admin_mfa.userId, target.jwtSecret);
});

/** Opens the realtime socket with `apikey`; resolves the HTTP status of a refused upgrade, or 101. */
function realtimeUpgrade(apikey: string): Promise<number> {
  const url = `${target.apiUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(apikey)}&vsn=2.0.0`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
    });
    ws.on('error', reject);
  });
}

/** Joins a postgres_changes channel on a socket opened with the anon key, with `accessToken` in the join. */
function realtimeJoin(accessToken: string): Promise<{ status: string; response: unknown }> {
  const url = `${target.apiUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(target.anonKey)}&vsn=2.0.0`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const timer = setTimeout(() => {
      ws.close();
      reject(new Error('no join reply within 5 s'));
    }, 5000);
    ws.on('open', () => {
      const config = {
        broadcast: { self: false },
        presence: { key: '' },
        postgres_changes: [{ event: '*', schema: 'public', table: 'enhanced_security_alerts' }],
        private: false,
      };
      ws.send(
        JSON.stringify([
          '1',
          '1',
          'realtime:security-suite',
          'phx_join',
          { config, access_token: accessToken },
        ]),
      );
    });
    ws.on('message', (data: Buffer) => {
      const [, ref, , event, payload] = JSON.parse(data.toString()) as [
        string,
        string,
        string,
        string,
        { status: string; response: unknown },
      ];
      if (ref === '1' && event === 'phx_reply') {
        clearTimeout(timer);
        ws.close();
        resolve(payload);
      }
    });
    ws.on('error', reject);
  });
}

describe('API · JWT tampering', () => {
  it('the untampered analyst token is accepted (control)', async () => {
    const res = await httpRequest(`${target.apiUrl}/rest/v1/enhanced_security_alerts?select=id&limit=1`, {
      headers: apiHeaders(target.anonKey, personas.analyst.accessToken),
    });
    expect(res.status).toBe(200);
    expect(await realtimeUpgrade(target.anonKey)).toBe(101);
  });

  const names = [
    'alg:none with the user claims',
    'alg:none claiming service_role',
    'signed with a wrong key',
    'expired (correct key)',
    'role raised to service_role in the claims',
    "another user's sub with the original signature",
    'service_role signed with a wrong key',
  ];
  const token = (name: string) => tokens.find((t) => t.name === name)!.token;

  for (const name of names) {
    it(`REST refuses a token ${name} with 401`, async () => {
      const res = await httpRequest(`${target.apiUrl}/rest/v1/security_events?select=id&limit=1`, {
        headers: apiHeaders(target.anonKey, token(name)),
      });
      expect(res.status).toBe(401);
    });

    it(`RPC refuses a token ${name} with 401`, async () => {
      const res = await httpRequest(`${target.apiUrl}/rest/v1/rpc/validate_admin_access`, {
        method: 'POST',
        body: '{}',
        headers: apiHeaders(target.anonKey, token(name), { 'Content-Type': 'application/json' }),
      });
      expect(res.status).toBe(401);
    });

    it(`storage refuses a token ${name} (AccessDenied, no data)`, async () => {
      const res = await httpRequest(`${target.apiUrl}/storage/v1/bucket`, {
        headers: apiHeaders(target.anonKey, token(name)),
      });
      expect([400, 401, 403]).toContain(res.status);
      expect(res.json).toMatchObject({ statusCode: expect.stringMatching(/^40[13]$/) });
      expect(Array.isArray(res.json)).toBe(false);
    });

    it(`realtime refuses a socket opened with a token ${name} (401)`, async () => {
      expect(await realtimeUpgrade(token(name))).toBe(401);
    });

    it(`realtime refuses a channel join carrying a token ${name}`, async () => {
      const reply = await realtimeJoin(token(name));
      expect(reply.status).toBe('error');
    });

    it(`functions refuse a token ${name} with 401`, async () => {
      const res = await httpRequest(`${target.apiUrl}/functions/v1/performance-metrics`, {
        method: 'POST',
        body: '{}',
        headers: apiHeaders(target.anonKey, token(name), { 'Content-Type': 'application/json' }),
      });
      expect(res.status).toBe(401);
    });

    it(`auth refuses a token ${name} on /user`, async () => {
      const res = await httpRequest(`${target.apiUrl}/auth/v1/user`, {
        headers: apiHeaders(target.anonKey, token(name)),
      });
      expect([401, 403]).toContain(res.status);
    });
  }

  it('a forged service_role token cannot read the API schema or admin tables', async () => {
    const res = await httpRequest(`${target.apiUrl}/rest/v1/user_roles?select=*`, {
      headers: {
        apikey: token('service_role signed with a wrong key'),
        Authorization: `Bearer ${token('service_role signed with a wrong key')}`,
      },
    });
    expect(res.status).toBe(401);
  });
});
