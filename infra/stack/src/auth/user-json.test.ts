import { describe, expect, it } from 'vitest';
import { accessTokenClaims } from './access-token.js';
import { identityJson, isBanned, userJson, type IdentityRow, type UserRow } from './user-json.js';

const T = new Date('2026-01-02T03:04:05.678Z');

export function userRow(overrides: Partial<UserRow> = {}): UserRow {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    aud: 'authenticated',
    role: 'authenticated',
    email: 'a@example.com',
    encrypted_password: '$2a$10$x',
    email_confirmed_at: T,
    invited_at: null,
    phone: null,
    phone_confirmed_at: null,
    confirmation_sent_at: null,
    confirmed_at: T,
    recovery_sent_at: null,
    email_change: '',
    email_change_sent_at: null,
    phone_change: '',
    phone_change_sent_at: null,
    reauthentication_sent_at: null,
    last_sign_in_at: null,
    raw_app_meta_data: { provider: 'email', providers: ['email'] },
    raw_user_meta_data: { name: 'A' },
    created_at: T,
    updated_at: T,
    banned_until: null,
    deleted_at: null,
    is_anonymous: false,
    is_sso_user: false,
    ...overrides,
  };
}

const identity: IdentityRow = {
  id: '22222222-2222-4222-8222-222222222222',
  provider_id: '11111111-1111-4111-8111-111111111111',
  user_id: '11111111-1111-4111-8111-111111111111',
  identity_data: { sub: 'x' },
  provider: 'email',
  last_sign_in_at: null,
  created_at: T,
  updated_at: T,
  email: 'a@example.com',
};

describe('userJson', () => {
  it('orders fields as GoTrue and omits empty optional ones', () => {
    const json = userJson({ row: userRow(), identities: [identity] });
    expect(Object.keys(json)).toEqual([
      'id',
      'aud',
      'role',
      'email',
      'email_confirmed_at',
      'phone',
      'confirmed_at',
      'app_metadata',
      'user_metadata',
      'identities',
      'created_at',
      'updated_at',
      'is_anonymous',
    ]);
    expect(json.phone).toBe('');
    expect(json.email_confirmed_at).toBe('2026-01-02T03:04:05.678Z');
  });

  it('prints "" for a missing email and tolerates rows seeded with NULLs', () => {
    const json = userJson({
      row: userRow({ email: null, raw_app_meta_data: null, raw_user_meta_data: null, is_anonymous: null }),
      identities: [],
    });
    expect(json).toMatchObject({
      email: '',
      app_metadata: {},
      user_metadata: {},
      identities: [],
      is_anonymous: false,
    });
  });

  it('shows a pending email change as new_email', () => {
    expect(
      userJson({ row: userRow({ email_change: 'b@example.com', email_change_sent_at: T }), identities: [] }),
    ).toMatchObject({
      new_email: 'b@example.com',
      email_change_sent_at: T.toISOString(),
    });
  });
});

describe('identityJson', () => {
  it('swaps id and identity_id like GoTrue', () => {
    expect(identityJson(identity)).toEqual({
      identity_id: identity.id,
      id: identity.provider_id,
      user_id: identity.user_id,
      identity_data: { sub: 'x' },
      provider: 'email',
      created_at: T.toISOString(),
      updated_at: T.toISOString(),
      email: 'a@example.com',
    });
  });
});

describe('isBanned', () => {
  it('is true only while banned_until is in the future', () => {
    const now = new Date('2026-01-02T00:00:00Z');
    expect(isBanned(userRow({ banned_until: new Date('2026-01-03T00:00:00Z') }), now)).toBe(true);
    expect(isBanned(userRow({ banned_until: new Date('2026-01-01T00:00:00Z') }), now)).toBe(false);
    expect(isBanned(userRow(), now)).toBe(false);
  });
});

describe('accessTokenClaims', () => {
  it('has the claim set of GoTrue with a string aud and the newest amr first', () => {
    const claims = accessTokenClaims({
      issuer: 'http://127.0.0.1:54321/auth/v1',
      user: { row: userRow(), identities: [] },
      sessionId: 's-1',
      aal: 'aal1',
      amr: [
        { method: 'password', timestamp: 10 },
        { method: 'otp', timestamp: 20 },
      ],
      issuedAt: 1000,
      lifetimeSeconds: 3600,
    });
    expect(claims).toEqual({
      iss: 'http://127.0.0.1:54321/auth/v1',
      sub: userRow().id,
      aud: 'authenticated',
      exp: 4600,
      iat: 1000,
      email: 'a@example.com',
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { name: 'A' },
      role: 'authenticated',
      aal: 'aal1',
      amr: [
        { method: 'otp', timestamp: 20 },
        { method: 'password', timestamp: 10 },
      ],
      session_id: 's-1',
      is_anonymous: false,
    });
  });
});
