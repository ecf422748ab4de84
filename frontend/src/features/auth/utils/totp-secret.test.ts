import { describe, expect, it, vi } from 'vitest';
import { TOTP } from '@/config/constants';
import { BASE32_ALPHABET, buildOtpauthUri, generateTotpSecret } from './totp-secret';

describe('generateTotpSecret', () => {
  it('makes 32 characters of the base32 alphabet from crypto.getRandomValues', () => {
    const spy = vi.spyOn(crypto, 'getRandomValues');
    const secret = generateTotpSecret();
    expect(secret).toHaveLength(TOTP.secretLength);
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });

  it('takes the low 5 bits of each random byte, so each letter has exactly 8 of the 256 byte values', () => {
    const spy = vi.spyOn(crypto, 'getRandomValues').mockImplementation((array) => {
      const bytes = array as Uint8Array;
      bytes.forEach((_, i) => (bytes[i] = 255 - i * 7));
      return array;
    });
    const expected = Array.from({ length: TOTP.secretLength }, (_, i) =>
      BASE32_ALPHABET.charAt((255 - i * 7) % 32),
    );
    expect(generateTotpSecret()).toBe(expected.join(''));
    spy.mockRestore();
  });

  it('differs between calls', () => {
    expect(generateTotpSecret()).not.toBe(generateTotpSecret());
  });
});

describe('buildOtpauthUri', () => {
  it('follows the key URI format', () => {
    expect(buildOtpauthUri('admin@cti.local', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe(
      'otpauth://totp/Quantum%20Intelligence%20Platform:admin%40cti.local?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Quantum%20Intelligence%20Platform&algorithm=SHA1&digits=6&period=30',
    );
  });
});
