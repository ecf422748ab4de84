import { describe, expect, it } from 'vitest';
import { RECOVERY_LINK_ERRORS, recoveryTokensFrom } from './recovery-paths';

describe('recoveryTokensFrom', () => {
  it('reads the tokens of a recovery redirect, and only of one', () => {
    expect(recoveryTokensFrom('#access_token=a.b.c&refresh_token=r1&type=recovery')).toEqual({
      accessToken: 'a.b.c',
      refreshToken: 'r1',
    });
    expect(recoveryTokensFrom('#access_token=a&refresh_token=r&type=signup')).toBeUndefined();
    expect(recoveryTokensFrom('')).toBeUndefined();
  });

  it('passes on the error of an expired or used link', () => {
    expect(
      recoveryTokensFrom(
        '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      ),
    ).toEqual({ error: RECOVERY_LINK_ERRORS.used });
  });

  it('never shows the text of an error fragment, which anyone can write into a link', () => {
    const crafted = recoveryTokensFrom('#error=x&error_description=Call+555-0100+to+reset+your+password');
    expect(crafted).toEqual({ error: RECOVERY_LINK_ERRORS.invalid });
  });
});
