import { describe, expect, it } from 'vitest';
import type { AuthApiError } from './errors.js';
import {
  BCRYPT_COST,
  assertAcceptablePassword,
  findWeakness,
  hashPassword,
  isSupportedPasswordHash,
  verifyPassword,
} from './password.js';

const DEFAULT_POLICY = { minimumLength: 6, requirements: '' };

describe('findWeakness', () => {
  it('accepts a password of the minimum length', () => {
    expect(findWeakness('abcdef', DEFAULT_POLICY)).toBeUndefined();
  });

  it('reports a short password with GoTrue reason and message', () => {
    expect(findWeakness('abc', DEFAULT_POLICY)).toEqual({
      reasons: ['length'],
      message: 'Password should be at least 6 characters.',
    });
  });

  it('reports missing character classes once', () => {
    const weakness = findWeakness('lowercaseonly', {
      minimumLength: 6,
      requirements: 'lower_upper_letters_digits',
    });
    expect(weakness?.reasons).toEqual(['characters']);
    expect(weakness?.message).toContain(
      'Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, ABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789.',
    );
  });

  it('combines length and character reasons', () => {
    expect(findWeakness('ab', { minimumLength: 8, requirements: 'letters_digits' })?.reasons).toEqual([
      'length',
      'characters',
    ]);
  });

  it('accepts a password with every required class', () => {
    expect(
      findWeakness('Abcdef1!', { minimumLength: 8, requirements: 'lower_upper_letters_digits_symbols' }),
    ).toBeUndefined();
  });
});

describe('assertAcceptablePassword', () => {
  it('rejects more than 72 bytes with validation_failed', () => {
    const error = (() => {
      try {
        assertAcceptablePassword('é'.repeat(37), DEFAULT_POLICY);
      } catch (e) {
        return e as AuthApiError;
      }
      return undefined;
    })();
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('validation_failed');
  });

  it('raises weak_password with reasons', () => {
    expect(() => assertAcceptablePassword('a', DEFAULT_POLICY)).toThrow(
      expect.objectContaining({
        status: 422,
        code: 'weak_password',
        extra: { weak_password: { reasons: ['length'] } },
      }),
    );
  });
});

describe('bcrypt', () => {
  it('hashes with the $2a$ prefix at cost 10 and verifies', async () => {
    const hashed = await hashPassword('correct horse');
    expect(hashed.startsWith(`$2a$${BCRYPT_COST}$`)).toBe(true);
    expect(await verifyPassword('correct horse', hashed)).toBe(true);
    expect(await verifyPassword('wrong horse', hashed)).toBe(false);
  });

  it('verifies hashes made elsewhere at another cost (OpenBSD test vector, $2a$06$)', async () => {
    expect(await verifyPassword('abc', '$2a$06$If6bvum7DFjUnE9p2uDeDu0YHzrHM6tf.iqN8.yx.jNN1ILEf7h0i')).toBe(
      true,
    );
    expect(await verifyPassword('abd', '$2a$06$If6bvum7DFjUnE9p2uDeDu0YHzrHM6tf.iqN8.yx.jNN1ILEf7h0i')).toBe(
      false,
    );
  });

  it('treats missing or foreign hashes as a mismatch', async () => {
    expect(await verifyPassword('x', null)).toBe(false);
    expect(await verifyPassword('x', '')).toBe(false);
    expect(await verifyPassword('x', 'plaintext')).toBe(false);
  });

  it('recognises importable bcrypt hashes', () => {
    expect(isSupportedPasswordHash('$2a$06$If6bvum7DFjUnE9p2uDeDu0YHzrHM6tf.iqN8.yx.jNN1ILEf7h0i')).toBe(
      true,
    );
    expect(isSupportedPasswordHash('$argon2id$v=19$m=65536,t=2,p=1$abc$def')).toBe(false);
    expect(isSupportedPasswordHash('$2a$06$short')).toBe(false);
  });
});
