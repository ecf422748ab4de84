import { describe, expect, it } from 'vitest';
import { mfaFailureMessage } from './mfa-messages';

describe('MFA failure messages', () => {
  it('speaks of the device clock for a refused 6-digit code', () => {
    expect(mfaFailureMessage('invalid_code', '123456')).toMatch(/time on your device/);
  });

  it('speaks of single use for a refused backup code, never of the clock', () => {
    const message = mfaFailureMessage('invalid_code', 'K7QXM-2DPRA');
    expect(message).toMatch(/each backup code works once/);
    expect(message).not.toMatch(/time on your device/);
    expect(mfaFailureMessage('invalid_code', 'k7qxm2dpra')).toMatch(/backup code/);
  });
});
