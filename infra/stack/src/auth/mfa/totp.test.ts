import { describe, expect, it } from 'vitest';
import { matchTotpStep, newTotp, totpCodeAt, totpStep } from './totp.js';

// RFC 6238 Appendix B: the SHA-1 seed "12345678901234567890" in base32, 8-digit values truncated to 6.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP', () => {
  it('matches the RFC 6238 test vectors (last six digits)', () => {
    expect(totpCodeAt(RFC_SECRET, 59_000)).toBe('287082');
    expect(totpCodeAt(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
    expect(totpCodeAt(RFC_SECRET, 2_000_000_000_000)).toBe('279037');
  });

  it('accepts one step either side and no further', () => {
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, now), now)).toBe(step);
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, now - 30_000), now)).toBe(step - 1);
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, now + 30_000), now)).toBe(step + 1);
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, now - 90_000), now)).toBeNull();
  });

  it('refuses what is not six digits', () => {
    expect(matchTotpStep(RFC_SECRET, '12345')).toBeNull();
    expect(matchTotpStep(RFC_SECRET, '12345a')).toBeNull();
    expect(matchTotpStep(RFC_SECRET, ' 123456')).toBeNull();
  });

  it('makes a 32-character base32 secret, an otpauth URI and an SVG QR code', async () => {
    const totp = await newTotp('cti.example', 'ana@example.com');
    expect(totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(totp.uri).toMatch(/^otpauth:\/\/totp\/cti\.example:ana%40example\.com\?/);
    expect(totp.uri).toContain(`secret=${totp.secret}`);
    expect(totp.qrCode.startsWith('<svg')).toBe(true);
    // Usable as `data:image/svg+xml;utf-8,<svg…` (supabase-js): no `#`, which would end the URI.
    expect(totp.qrCode).not.toContain('#');
  });
});
