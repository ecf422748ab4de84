import { describe, expect, it } from 'vitest';
import { readState, signState, stateNonce, stateVerifier } from './state.js';

const secret = 'super-secret-jwt-token-with-at-least-32-characters-long';

describe('OAuth state', () => {
  it('round-trips provider, referrer and flow state, and derives a verifier and nonce per state', async () => {
    const { jwt, jti } = await signState(secret, {
      provider: 'keycloak',
      referrer: 'http://127.0.0.1:3000/',
      flowStateId: 'f',
    });
    expect(await readState(secret, jwt)).toEqual({
      jti,
      provider: 'keycloak',
      referrer: 'http://127.0.0.1:3000/',
      flowStateId: 'f',
    });
    expect(stateVerifier(secret, jti)).toMatch(/^[\w-]{43}$/);
    expect(stateVerifier(secret, jti)).not.toBe(stateNonce(secret, jti));
    expect(stateVerifier('another-secret', jti)).not.toBe(stateVerifier(secret, jti));
  });

  it('refuses a missing state, another secret and a plain access token signed with the JWT secret', async () => {
    await expect(readState(secret, null)).rejects.toMatchObject({ code: 'bad_oauth_callback' });
    const { jwt } = await signState('another-secret-of-at-least-thirty-two-chars', {
      provider: 'keycloak',
      referrer: 'x',
    });
    await expect(readState(secret, jwt)).rejects.toMatchObject({
      code: 'bad_oauth_state',
      message: 'OAuth callback with invalid state',
    });
    const { signJwt } = await import('../../kernel/jwt.js');
    const token = await signJwt(
      { role: 'authenticated', provider: 'keycloak', referrer: 'x', jti: 'j' },
      secret,
    );
    await expect(readState(secret, token)).rejects.toMatchObject({ code: 'bad_oauth_state' });
  });
});
