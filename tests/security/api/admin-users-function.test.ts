/**
 * The `admin-users` edge function (User Management's create / disable / enable / sign-out, with the
 * service key): the database decides from the caller's own token, so analysts and admins without a
 * second factor verified in this session are refused (403) before the auth service is asked, and an
 * admin with MFA gets as far as the input check. Bad input answers 400/405, never 500. The probes aim
 * at a user that does not exist, so nothing changes.
 */
import { describe, expect, it } from 'vitest';
import { httpRequest, type HttpResponse } from '../lib/http.js';
import { roleHeaders, type RoleName } from '../lib/roles.js';
import { suite } from './context.js';

const { target, personas } = suite();
const url = `${target.apiUrl}/functions/v1/admin-users`;
const NOBODY = '00000000-0000-4000-8000-000000000000';

function post(role: RoleName, body: string, method = 'POST'): Promise<HttpResponse> {
  return httpRequest(url, {
    method,
    body: method === 'GET' ? undefined : body,
    localAddress: '127.0.0.7',
    headers: roleHeaders(target, personas, role, { 'Content-Type': 'application/json' }),
  });
}

const enableNobody = JSON.stringify({ action: 'enable', user_id: NOBODY });

describe('API · admin-users edge function', () => {
  it('anon (a key, no user) is refused by the database before anything happens', async () => {
    const res = await post('anon', enableNobody);
    expect(res.status, res.text).toBe(403);
    expect(res.json).toMatchObject({ message: 'permission denied for function admin_check_user_action' });
  });

  for (const role of ['analyst', 'admin_no_mfa'] as const) {
    it(`${role} is refused by the database before anything happens`, async () => {
      const res = await post(role, enableNobody);
      expect(res.status, res.text).toBe(403);
      expect(res.json).toMatchObject({
        message: 'Only administrators with a verified second factor can manage users',
      });
    });
  }

  it('an admin with MFA gets past authorization to the input check (control)', async () => {
    const res = await post('admin_mfa', enableNobody);
    expect(res.status, res.text).toBe(400);
    expect(res.json).toMatchObject({ message: 'No such user' });
  });

  const bad: [string, string][] = [
    ['invalid JSON', '{"action": '],
    ['an unknown action', JSON.stringify({ action: 'delete', user_id: NOBODY })],
    ['a user id that is no uuid', JSON.stringify({ action: 'disable', user_id: "1' or '1'='1" })],
    [
      'a role that does not exist',
      JSON.stringify({ action: 'create', email: 'x@security-suite.test', role: 'root' }),
    ],
  ];
  for (const [name, body] of bad) {
    it(`${name} answers 400`, async () => {
      const res = await post('admin_mfa', body);
      expect(res.status, res.text).toBe(400);
    });
  }

  it('a body over 4 KB answers 413 (Content Too Large) and is not read further', async () => {
    const body = JSON.stringify({ action: 'create', email: `${'a'.repeat(5000)}@x.test`, role: 'analyst' });
    const res = await post('admin_mfa', body);
    expect(res.status, res.text).toBe(413);
    expect(res.json).toMatchObject({ error: 'payload_too_large' });
  });

  it('GET answers 405', async () => {
    const res = await post('admin_mfa', '', 'GET');
    expect(res.status).toBe(405);
  });
});
