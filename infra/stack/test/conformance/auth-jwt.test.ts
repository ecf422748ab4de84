/** The access token's claim set (reference §2.5) and the refusal of forged, expired and keyless tokens. */
import { UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signJwt } from '../../src/kernel/jwt.js';
import { anonAuthClient, authFetch, decodeJwt } from '../helpers/auth-clients.js';
import { uniqueEmail } from '../helpers/auth-db.js';
import { stackEnv } from '../helpers/stack-env.js';

async function session() {
  const { data, error } = await anonAuthClient().auth.signUp({
    email: uniqueEmail('jwt'),
    password: 'secret-123',
    options: { data: { n: 1 } },
  });
  if (error) throw error;
  return data.session!;
}

async function expectBadJwt(token: string, detail: string): Promise<void> {
  const { data, error } = await anonAuthClient().auth.getUser(token);
  expect(data.user).toBeNull();
  expect(error).toMatchObject({ status: 403, code: 'bad_jwt' });
  expect(error?.message).toBe(`invalid JWT: unable to parse or verify signature, ${detail}`);
}

describe('auth access token', () => {
  it('carries exactly GoTrue claims, with aud as a string and iss <API_URL>/auth/v1', async () => {
    const s = await session();
    const { header, claims } = decodeJwt(s.access_token);
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(Object.keys(claims)).toEqual([
      'iss',
      'sub',
      'aud',
      'exp',
      'iat',
      'email',
      'phone',
      'app_metadata',
      'user_metadata',
      'role',
      'aal',
      'amr',
      'session_id',
      'is_anonymous',
    ]);
    expect(claims).toMatchObject({
      iss: `${stackEnv().apiUrl}/auth/v1`,
      sub: s.user.id,
      aud: 'authenticated',
      email: s.user.email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { n: 1, email_verified: true },
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
    });
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
    expect(claims.exp).toBe(s.expires_at);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is refused when tampered with', async () => {
    const s = await session();
    const [header, payload, signature] = s.access_token.split('.');
    const forged = { ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), role: 'service_role' };
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    await expectBadJwt(tampered, 'token signature is invalid: signature is invalid');
    const admin = await authFetch('/admin/users', { headers: { Authorization: `Bearer ${tampered}` } });
    expect(admin.status).toBe(403);
    expect((admin.body as { code: string }).code).toBe('bad_jwt');
  });

  it('is refused with alg none', async () => {
    const s = await session();
    const unsigned = new UnsecuredJWT(decodeJwt(s.access_token).claims).encode();
    expect(unsigned.endsWith('.')).toBe(true);
    await expectBadJwt(unsigned, 'token signature is invalid: signature is invalid');
  });

  it('is refused when signed with another secret or expired', async () => {
    const s = await session();
    const claims = decodeJwt(s.access_token).claims;
    await expectBadJwt(
      await signJwt(claims, 'some-other-secret-that-is-long-enough-0123456789'),
      'token signature is invalid: signature is invalid',
    );
    const now = Math.floor(Date.now() / 1000);
    await expectBadJwt(
      await signJwt({ ...claims, iat: now - 7200, exp: now - 3600 }, stackEnv().jwtSecret),
      'token has invalid claims: token is expired',
    );
  });

  it('GET /user needs a user token: 401 without one, 403 for a key or garbage', async () => {
    const none = await authFetch('/user');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a valid Bearer token',
    });
    const key = await authFetch('/user', { headers: { Authorization: `Bearer ${stackEnv().anonKey}` } });
    expect(key.status).toBe(403);
    expect(key.body).toEqual({ code: 'bad_jwt', message: 'invalid claim: missing sub claim' });
    const garbage = await authFetch('/user', { headers: { Authorization: 'Bearer not.a.jwt' } });
    expect(garbage.status).toBe(403);
    expect((garbage.body as { code: string }).code).toBe('bad_jwt');
  });
});
