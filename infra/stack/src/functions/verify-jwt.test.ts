import { describe, expect, it } from 'vitest';
import { signJwt } from '../kernel/jwt.js';
import { checkFunctionJwt } from './verify-jwt.js';

const SECRET = 'unit-test-secret-with-at-least-32-characters';
const now = () => Math.floor(Date.now() / 1000);

describe('verify_jwt', () => {
  it('refuses a missing or non-bearer Authorization header with the CLI messages', async () => {
    expect(await checkFunctionJwt(undefined, SECRET)).toEqual({
      status: 401,
      body: { msg: 'Error: Missing authorization header' },
    });
    expect((await checkFunctionJwt('Basic YTpi', SECRET))?.body.msg).toBe(
      "Error: Auth header is not 'Bearer {token}'",
    );
  });

  it('refuses tokens that are not JWTs signed with the project secret or have expired', async () => {
    const refused = [
      'Bearer sb_publishable_abc',
      'Bearer a.b.c',
      `Bearer ${await signJwt({ role: 'anon', exp: now() + 60 }, 'another-secret-of-sufficient-length!!')}`,
      `Bearer ${await signJwt({ role: 'authenticated', exp: now() - 3600 }, SECRET)}`,
    ];
    for (const header of refused) {
      expect(await checkFunctionJwt(header, SECRET), header).toEqual({
        status: 401,
        body: { msg: 'Invalid JWT' },
      });
    }
  });

  it('accepts a valid token, whatever the case of "Bearer"', async () => {
    const token = await signJwt({ role: 'authenticated', sub: 'u1', exp: now() + 60 }, SECRET);
    expect(await checkFunctionJwt(`Bearer ${token}`, SECRET)).toBeUndefined();
    expect(await checkFunctionJwt(`bearer ${token}`, SECRET)).toBeUndefined();
  });
});
