import assert from 'node:assert/strict';
import { AuthAdminError, createHandler, DISABLED_BAN, type RpcResult } from '../admin-users/handler.ts';
import { generateOneTimePassword, meetsPolicy, ONE_TIME_PASSWORD_LENGTH } from '../admin-users/password.ts';

const ORIGIN = 'http://127.0.0.1:4173';
const TARGET = '00000000-0000-4000-a000-00000000000b';
const STATE = { id: TARGET, role: 'analyst', disabled: false, mfa_status: 'none', active_sessions: 0 };

interface Call {
  step: string;
  args: unknown;
}

function setup(overrides: { check?: RpcResult; record?: RpcResult; authFails?: AuthAdminError } = {}) {
  const calls: Call[] = [];
  const handler = createHandler({
    allowedOrigins: [ORIGIN],
    generatePassword: () => 'Fixed-Password-123abc',
    now: () => new Date('2026-11-28T12:00:00Z'),
    rpcAsCaller: (token, fn, args) => {
      calls.push({ step: `rpc:${fn}`, args: { token, ...args } });
      if (fn === 'admin_check_user_action')
        return Promise.resolve(overrides.check ?? { data: null, error: null });
      return Promise.resolve(overrides.record ?? { data: [STATE], error: null });
    },
    authAdmin: {
      createUser: async (input) => {
        calls.push({ step: 'auth:create', args: input });
        if (overrides.authFails) throw overrides.authFails;
        return TARGET;
      },
      updateUser: async (id, attributes) => {
        calls.push({ step: 'auth:update', args: { id, ...attributes } });
        if (overrides.authFails) throw overrides.authFails;
      },
      deleteUser: async (id) => {
        calls.push({ step: 'auth:delete', args: { id } });
      },
    },
  });
  return { calls, handler };
}

function post(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request('http://functions.local/admin-users', {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: {
      'content-type': 'application/json',
      origin: ORIGIN,
      authorization: 'Bearer caller-token',
      ...headers,
    },
  });
}

Deno.test(
  'create: checks as the caller, creates with a one-time password, records the role, answers once',
  async () => {
    const { calls, handler } = setup();
    const res = await handler(
      post({ action: 'create', email: ' New@Test.local ', role: 'admin', display_name: 'New' }),
    );
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.deepEqual(await res.json(), { user: STATE, one_time_password: 'Fixed-Password-123abc' });
    assert.deepEqual(calls, [
      {
        step: 'rpc:admin_check_user_action',
        args: { token: 'caller-token', _action: 'create', _email: 'New@Test.local' },
      },
      {
        step: 'auth:create',
        args: {
          email: 'new@test.local',
          password: 'Fixed-Password-123abc',
          displayName: 'New',
          appMetadata: { password_change_required: true },
        },
      },
      {
        step: 'rpc:admin_record_user_action',
        args: { token: 'caller-token', _action: 'create', _user_id: TARGET, _role: 'admin' },
      },
    ]);
  },
);

Deno.test('a refusal of the check is passed on with its status and nothing else happens', async () => {
  const { calls, handler } = setup({
    check: { data: null, error: { code: '42501', message: 'You cannot disable yourself' } },
  });
  const res = await handler(post({ action: 'disable', user_id: TARGET }));
  assert.equal(res.status, 403);
  assert.deepEqual(await res.json(), { error: '42501', message: 'You cannot disable yourself' });
  assert.deepEqual(
    calls.map((c) => c.step),
    ['rpc:admin_check_user_action'],
  );
});

Deno.test('the last-admin and duplicate-email refusals are conflicts', async () => {
  const last = setup({
    check: {
      data: null,
      error: { code: '23514', message: 'At least one enabled administrator must remain' },
    },
  });
  assert.equal((await last.handler(post({ action: 'disable', user_id: TARGET }))).status, 409);
  const taken = setup({
    check: { data: null, error: { code: '23505', message: 'A user with this email already exists' } },
  });
  assert.equal(
    (await taken.handler(post({ action: 'create', email: 'a@test.local', role: 'analyst' }))).status,
    409,
  );
});

Deno.test(
  'disable, enable and sign-out ask the auth service for a ban, no ban, and a revocation stamp',
  async () => {
    for (const [action, attributes] of [
      ['disable', { ban_duration: DISABLED_BAN }],
      ['enable', { ban_duration: 'none' }],
      ['sign_out', { app_metadata: { sessions_revoked_at: '2026-11-28T12:00:00.000Z' } }],
    ] as const) {
      const { calls, handler } = setup();
      const res = await handler(post({ action, user_id: TARGET }));
      assert.equal(res.status, 200, action);
      assert.deepEqual(await res.json(), { user: STATE });
      assert.deepEqual(calls[1], { step: 'auth:update', args: { id: TARGET, ...attributes } }, action);
      assert.equal(calls[2]?.step, 'rpc:admin_record_user_action', action);
    }
  },
);

Deno.test(
  'reset_password: a new one-time password, must be changed, every session ended, in one update, shown once',
  async () => {
    const { calls, handler } = setup();
    const res = await handler(post({ action: 'reset_password', user_id: TARGET }));
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.deepEqual(await res.json(), { user: STATE, one_time_password: 'Fixed-Password-123abc' });
    assert.deepEqual(calls, [
      {
        step: 'rpc:admin_check_user_action',
        args: { token: 'caller-token', _action: 'reset_password', _user_id: TARGET },
      },
      {
        step: 'auth:update',
        args: {
          id: TARGET,
          password: 'Fixed-Password-123abc',
          app_metadata: { password_change_required: true, sessions_revoked_at: '2026-11-28T12:00:00.000Z' },
        },
      },
      {
        step: 'rpc:admin_record_user_action',
        args: { token: 'caller-token', _action: 'reset_password', _user_id: TARGET },
      },
    ]);
  },
);

Deno.test('a reset the database refuses changes no password; one it cannot record shows none', async () => {
  const refused = setup({
    check: { data: null, error: { code: '42501', message: 'Change your own password from your profile' } },
  });
  const res = await refused.handler(post({ action: 'reset_password', user_id: TARGET }));
  assert.equal(res.status, 403);
  assert.deepEqual(
    refused.calls.map((c) => c.step),
    ['rpc:admin_check_user_action'],
  );
  const unrecorded = setup({
    record: { data: null, error: { code: '22023', message: "This user's sessions were not revoked" } },
  });
  const answer = await unrecorded.handler(post({ action: 'reset_password', user_id: TARGET }));
  assert.equal(answer.status, 400);
  assert.ok(!('one_time_password' in (await answer.json())));
  assert.ok(!unrecorded.calls.some((c) => c.step === 'auth:delete'));
});

Deno.test('a created user whose creation cannot be recorded is deleted again', async () => {
  const { calls, handler } = setup({
    record: { data: null, error: { code: '22023', message: 'This user was not just created' } },
  });
  const res = await handler(post({ action: 'create', email: 'x@test.local', role: 'analyst' }));
  assert.equal(res.status, 400);
  assert.deepEqual(calls.at(-1), { step: 'auth:delete', args: { id: TARGET } });
});

Deno.test('an auth service refusal is passed on and nothing is recorded', async () => {
  const { calls, handler } = setup({
    authFails: new AuthAdminError(422, 'Email address already registered'),
  });
  const res = await handler(post({ action: 'create', email: 'x@test.local', role: 'analyst' }));
  assert.equal(res.status, 422);
  assert.equal((await res.json()).message, 'Email address already registered');
  assert.ok(!calls.some((c) => c.step === 'rpc:admin_record_user_action'));
});

Deno.test('requests without a token, of the wrong method or shape are refused before any step', async () => {
  const { calls, handler } = setup();
  assert.equal(
    (await handler(post({ action: 'enable', user_id: TARGET }, { authorization: '' }))).status,
    401,
  );
  assert.equal(
    (await handler(new Request('http://functions.local/admin-users', { method: 'GET' }))).status,
    405,
  );
  assert.equal((await handler(post('{not json'))).status, 400);
  assert.equal((await handler(post({ action: 'delete', user_id: TARGET }))).status, 400);
  assert.equal((await handler(post({ action: 'enable', user_id: 'not-a-uuid' }))).status, 400);
  assert.equal((await handler(post({ action: 'create', email: 'x@test.local', role: 'root' }))).status, 400);
  assert.equal((await handler(post('x'.repeat(5000)))).status, 413);
  assert.deepEqual(calls, []);
});

Deno.test('one-time passwords: 20 characters, the policy classes, redrawn when a class is missing', () => {
  const password = generateOneTimePassword();
  assert.equal(password.length, ONE_TIME_PASSWORD_LENGTH);
  assert.ok(meetsPolicy(password));
  let draws = 0;
  // The first draw is all 'A' (no lower case, no digit); the second covers every class.
  const fake = (bytes: Uint8Array) => {
    draws += 1;
    return bytes.map((_, i) => (draws === 1 ? 0 : (i * 7 + 26) % 64));
  };
  assert.ok(meetsPolicy(generateOneTimePassword(fake)));
  assert.equal(draws, 2);
  assert.notEqual(generateOneTimePassword(), generateOneTimePassword());
});
