import { describe, expect, it } from 'vitest';
import { accessTokenClaims } from './access-token.js';
import { clearPasswordChangeRequired, PASSWORD_CHANGE_ROLE, tokenRole } from './password-change.js';
import type { Db } from './db.js';
import { userRow } from './user-json.test.js';

const flagged = { provider: 'email', password_change_required: true };

function claimsOf(row: ReturnType<typeof userRow>) {
  return accessTokenClaims({
    issuer: 'http://127.0.0.1/auth/v1',
    user: { row, identities: [] },
    sessionId: '22222222-2222-4222-8222-222222222222',
    aal: 'aal1',
    amr: [],
    issuedAt: 1,
    lifetimeSeconds: 3600,
  });
}

describe('one-time passwords', () => {
  it('signs the token of a user who must choose a password for the role that holds nothing', () => {
    const claims = claimsOf(userRow({ raw_app_meta_data: flagged }));
    expect(claims.role).toBe(PASSWORD_CHANGE_ROLE);
    // The client learns why from the claims it already reads.
    expect(claims.app_metadata).toMatchObject({ password_change_required: true });
  });

  it('keeps authenticated for everyone else, and a service account keeps its own role', () => {
    expect(claimsOf(userRow()).role).toBe('authenticated');
    expect(tokenRole(userRow({ raw_app_meta_data: { password_change_required: 'true' } }))).toBe(
      'authenticated',
    );
    expect(tokenRole(userRow({ role: 'service_role', raw_app_meta_data: flagged }))).toBe('service_role');
    expect(tokenRole(userRow({ raw_app_meta_data: null }))).toBe('authenticated');
  });

  it('clears only the flag, and only for that user', async () => {
    const calls: { text: string; values: unknown[] }[] = [];
    const db = {
      query: async (text: string, values: unknown[]) => void calls.push({ text, values }),
    } as unknown as Db;
    await clearPasswordChangeRequired(db, 'u-1');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.text).toContain('raw_app_meta_data - $2');
    expect(calls[0]!.values).toEqual(['u-1', 'password_change_required']);
  });
});
