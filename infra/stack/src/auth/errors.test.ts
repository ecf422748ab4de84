import { describe, expect, it } from 'vitest';
import { authErrorBody, weakPassword } from './errors.js';

describe('authErrorBody', () => {
  it('is the 2024-01-01 shape, with weak_password reasons when present', () => {
    expect(authErrorBody(weakPassword('Password should be at least 6 characters.', ['length']))).toEqual({
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    });
  });
});
