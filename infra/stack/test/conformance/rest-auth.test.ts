/**
 * Who a REST request runs as: anon, a signed-in user, service_role; RLS allow and deny (401 for
 * anon, 403 otherwise); and the JWT failures PostgREST reports (invalid, expired, alg none).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../src/kernel/jwt.js';
import { client } from '../helpers/clients.js';
import {
  anonClient,
  restFetch,
  serviceClient,
  signedInUser,
  uniqueName,
  type SignedInUser,
} from '../helpers/rest.js';
import { stackEnv } from '../helpers/stack-env.js';

let alice: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  [alice, bob] = await Promise.all([signedInUser(), signedInUser()]);
});

describe('rest roles and RLS', () => {
  it('answers 401 42501 when anon lacks a grant', async () => {
    const { status, error } = await anonClient().from('todos').select('*');
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: '42501', message: 'permission denied for table todos' });
  });

  it('lets a user insert and read their own rows only', async () => {
    const task = uniqueName('task');
    const inserted = await alice.client.from('todos').insert({ task }).select('task, user_id').single();
    expect(inserted.status).toBe(201);
    expect(inserted.data).toEqual({ task, user_id: alice.userId });
    const own = await alice.client.from('todos').select('task').eq('task', task);
    expect(own.data).toEqual([{ task }]);
    const others = await bob.client.from('todos').select('task').eq('task', task);
    expect(others.data).toEqual([]);
  });

  it('hides other users rows from updates and deletes', async () => {
    const task = uniqueName('guarded');
    await alice.client.from('todos').insert({ task });
    const update = await bob.client.from('todos').update({ done: true }).eq('task', task).select();
    expect(update.status).toBe(200);
    expect(update.data).toEqual([]);
    const remove = await bob.client.from('todos').delete().eq('task', task).select();
    expect(remove.data).toEqual([]);
    const still = await alice.client.from('todos').select('done').eq('task', task).single();
    expect(still.data).toEqual({ done: false });
  });

  it('answers 403 42501 when a policy rejects an authenticated write', async () => {
    const { status, error } = await bob.client
      .from('todos')
      .insert({ task: uniqueName('forged'), user_id: alice.userId });
    expect(status).toBe(403);
    expect(error?.code).toBe('42501');
    expect(error?.message).toBe('new row violates row-level security policy for table "todos"');
  });

  it('lets service_role bypass RLS', async () => {
    const task = uniqueName('visible');
    await alice.client.from('todos').insert({ task });
    const { data } = await serviceClient().from('todos').select('task, user_id').eq('task', task);
    expect(data).toEqual([{ task, user_id: alice.userId }]);
    const notes = await serviceClient().from('notes').select('id').order('id');
    expect(notes.data).toEqual([{ id: 1 }, { id: 2 }]);
    const anonNotes = await anonClient().from('notes').select('id');
    expect(anonNotes.data).toEqual([{ id: 1 }]);
  });

  it('puts the verified claims in request.jwt.claims so auth.uid() works', async () => {
    const { data } = await alice.client.rpc('request_info');
    const info = data as Record<string, unknown>;
    expect(info.uid).toBe(alice.userId);
    expect(info.role).toBe('authenticated');
    expect(info.current_role).toBe('authenticated');
    expect((info.claims as Record<string, unknown>).sub).toBe(alice.userId);
  });

  it('accepts the opaque keys as anon and service_role', async () => {
    const publishable = await client(stackEnv().publishableKey).rpc('request_info');
    expect((publishable.data as Record<string, unknown>).role).toBe('anon');
    const secret = await client(stackEnv().secretKey).from('notes').select('id').order('id');
    expect(secret.data).toEqual([{ id: 1 }, { id: 2 }]);
  });
});

describe('rest JWT failures', () => {
  const now = () => Math.floor(Date.now() / 1000);

  it('answers 401 PGRST301 for a token signed with another secret', async () => {
    const forged = await signJwt(
      { role: 'service_role', exp: now() + 60 },
      'not-the-secret-not-the-secret-123456',
    );
    const { status, body, headers } = await restFetch('/notes', {
      headers: { Authorization: `Bearer ${forged}` },
    });
    expect(status).toBe(401);
    expect((body as { code: string }).code).toBe('PGRST301');
    expect(headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token", error_description=".+"$/);
  });

  it('answers 401 PGRST303 "JWT expired" for an expired token', async () => {
    const expired = await signJwt(
      { role: 'authenticated', sub: alice.userId, exp: now() - 3600 },
      stackEnv().jwtSecret,
    );
    const { status, body, headers } = await restFetch('/notes', {
      headers: { Authorization: `Bearer ${expired}` },
    });
    expect(status).toBe(401);
    expect(body).toEqual({ code: 'PGRST303', message: 'JWT expired', details: null, hint: null });
    expect(headers.get('www-authenticate')).toBe(
      'Bearer error="invalid_token", error_description="JWT expired"',
    );
  });

  it('refuses alg none and malformed tokens', async () => {
    const encode = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const none = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ role: 'service_role' })}.`;
    const unsigned = await restFetch('/notes', { headers: { Authorization: `Bearer ${none}` } });
    expect(unsigned.status).toBe(401);
    expect((unsigned.body as { code: string }).code).toBe('PGRST301');
    const garbage = await restFetch('/notes', { headers: { Authorization: 'Bearer not-a-jwt' } });
    expect(garbage.status).toBe(401);
    expect((garbage.body as { code: string }).code).toBe('PGRST301');
  });

  it('runs a valid token with its role claim, and rejects a role that does not exist', async () => {
    const token = await signJwt(
      { role: 'authenticated', sub: bob.userId, exp: now() + 60 },
      stackEnv().jwtSecret,
    );
    const ok = await restFetch('/rpc/request_info', {
      method: 'POST',
      body: '{}',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    });
    expect((ok.body as Record<string, unknown>).uid).toBe(bob.userId);
    const ghost = await signJwt({ role: 'no_such_role', exp: now() + 60 }, stackEnv().jwtSecret);
    const refused = await restFetch('/notes', { headers: { Authorization: `Bearer ${ghost}` } });
    expect(refused.status).toBe(401);
  });
});
