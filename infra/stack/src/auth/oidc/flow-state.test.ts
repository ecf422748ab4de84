import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AuthApiError } from '../errors.js';
import { pkceParams, verifyChallenge } from './flow-state.js';

const verifier = 'v'.repeat(43);
const challenge = createHash('sha256').update(verifier).digest('base64url');

describe('PKCE parameters and verification (RFC 7636)', () => {
  it('accepts both or neither of code_challenge and code_challenge_method', () => {
    expect(pkceParams('', '')).toBeUndefined();
    expect(pkceParams(challenge, 'S256')).toEqual({ challenge, method: 's256' });
    expect(() => pkceParams(challenge, '')).toThrow(
      'PKCE flow requires code_challenge_method and code_challenge',
    );
    expect(() => pkceParams('short', 's256')).toThrow(
      'code challenge has to be between 43 and 128 characters',
    );
    expect(() => pkceParams(`${challenge}+`, 's256')).toThrow(/can only contain/);
    expect(() => pkceParams(challenge, 'md5')).toThrow('Invalid code_challenge_method');
  });

  it('matches S256 and plain challenges and refuses another verifier as bad_code_verifier', () => {
    expect(() =>
      verifyChallenge({ code_challenge: challenge, code_challenge_method: 's256' }, verifier),
    ).not.toThrow();
    expect(() =>
      verifyChallenge({ code_challenge: verifier, code_challenge_method: 'plain' }, verifier),
    ).not.toThrow();
    try {
      verifyChallenge({ code_challenge: challenge, code_challenge_method: 's256' }, 'w'.repeat(43));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AuthApiError);
      expect((error as AuthApiError).code).toBe('bad_code_verifier');
    }
  });
});
