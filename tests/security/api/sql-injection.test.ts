/**
 * SQL injection strings in every PostgREST filter operator, in select/order, and in every RPC
 * argument: the answer is never a 500, errors are 4xx with a PostgREST or SQLSTATE code, and no
 * row outside the caller's RLS view comes back (the analyst only ever sees its own profile).
 */
import { describe, expect, it } from 'vitest';
import { apiHeaders, httpRequest, type HttpResponse } from '../lib/http.js';
import { rpc } from '../lib/personas.js';
import { suite } from './context.js';

const { target, personas } = suite();
const analyst = personas.analyst;

export const SQL_INJECTION_STRINGS = [
  "' OR 1=1--",
  "' OR '1'='1",
  '1) OR (1=1',
  '") OR 1=1--',
  "'; DROP TABLE public.profiles;--",
  "' UNION SELECT id, email, email, now(), now() FROM auth.users--",
  '1; SELECT pg_sleep(3)--',
  "'||(SELECT current_setting('request.jwt.claims'))||'",
  '*/ OR 1=1 /*',
  '$$; SELECT 1; $$',
  "\\' OR 1=1 --",
  '%27%20OR%201%3D1--',
  "admin'--",
  "x') OR true--",
  '1 OR 1=1',
  '(SELECT password FROM auth.users LIMIT 1)',
  "');COPY profiles TO '/tmp/x';--",
  'null',
];

const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'in',
  'is',
  'fts',
  'plfts',
  'phfts',
  'wfts',
  'cs',
  'cd',
  'ov',
  'not.eq',
  'not.like',
];

function expectSafe(res: HttpResponse, context: string): void {
  expect(res.status, `${context}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
  if (res.status >= 400) {
    expect(res.json, context).toMatchObject({ code: expect.stringMatching(/^(PGRST\d{3}|[0-9A-Z]{5})$/) });
  }
}

async function profilesAs(query: string): Promise<HttpResponse> {
  return httpRequest(`${target.apiUrl}/rest/v1/profiles?${query}`, {
    headers: apiHeaders(target.anonKey, analyst.accessToken),
  });
}

function expectOnlyOwnRows(res: HttpResponse, context: string): void {
  if (res.status !== 200) return;
  const rows = res.json as { id?: string }[];
  for (const row of rows) expect(row.id, context).toBe(analyst.userId);
}

describe('API · SQL injection', () => {
  for (const op of OPERATORS) {
    it(`filter operator ${op}: never 500, never rows outside RLS`, async () => {
      for (const raw of SQL_INJECTION_STRINGS) {
        const value = op === 'in' ? `(${raw})` : op === 'cs' || op === 'cd' || op === 'ov' ? `{${raw}}` : raw;
        for (const column of ['email', 'display_name', 'id', 'created_at']) {
          const res = await profilesAs(`select=id,email&${column}=${op}.${encodeURIComponent(value)}`);
          expectSafe(res, `${column}=${op}.${raw}`);
          expectOnlyOwnRows(res, `${column}=${op}.${raw}`);
        }
      }
    });
  }

  it('logical or=/and= trees, select and order: never 500, never rows outside RLS', async () => {
    for (const raw of SQL_INJECTION_STRINGS) {
      const v = encodeURIComponent(raw);
      for (const query of [
        `or=(email.eq.${v},id.not.is.null)`,
        `and=(display_name.like.${v},id.not.is.null)`,
        `select=${v}`,
        `select=id,email::${v}`,
        `order=${v}`,
        `order=email.${v}`,
        `limit=${v}`,
        `offset=${v}`,
      ]) {
        const res = await profilesAs(query);
        expectSafe(res, query);
        expectOnlyOwnRows(res, query);
      }
    }
  });

  it('table and function names in the path: never 500', async () => {
    for (const raw of SQL_INJECTION_STRINGS) {
      const v = encodeURIComponent(raw);
      for (const path of [`profiles${v}`, `rpc/validate_admin_access${v}`, `${v}`]) {
        const res = await httpRequest(`${target.apiUrl}/rest/v1/${path}`, {
          method: path.startsWith('rpc/') ? 'POST' : 'GET',
          body: path.startsWith('rpc/') ? '{}' : undefined,
          headers: apiHeaders(target.anonKey, analyst.accessToken, { 'Content-Type': 'application/json' }),
        });
        expectSafe(res, path);
      }
    }
  });

  it('every RPC argument: never 500, errors with codes, nothing escalated', async () => {
    const admin = personas.admin_no_mfa.accessToken;
    for (const raw of SQL_INJECTION_STRINGS) {
      const calls: [string, unknown, string][] = [
        ['log_security_violation', { _event_type: raw, _details: {} }, admin],
        ['log_security_violation', { _event_type: 'suspicious_activity', _details: raw }, admin],
        ['setup_admin_totp', { _secret: raw, _verification_code: '123456' }, admin],
        [
          'setup_admin_totp',
          { _secret: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', _verification_code: raw },
          analyst.accessToken,
        ],
        ['verify_admin_totp', { _code: raw }, admin],
        ['validate_admin_access', { [raw]: raw }, analyst.accessToken],
      ];
      for (const [fn, args, token] of calls) {
        const res = await rpc(target, fn, args, token);
        expectSafe(res, `${fn}(${JSON.stringify(args)})`);
        expect(res.text).not.toMatch(/authorized":true|success":true/);
      }
    }
    const afterwards = await rpc(target, 'validate_admin_access', {}, admin);
    expect(afterwards.json).toMatchObject({ authorized: false, reason: 'mfa_setup_required' });
  });

  it('the injected DROP and COPY statements changed nothing (profiles still readable)', async () => {
    const res = await profilesAs('select=id');
    expect(res.status).toBe(200);
    expect(res.json).toEqual([{ id: analyst.userId }]);
  });
});
