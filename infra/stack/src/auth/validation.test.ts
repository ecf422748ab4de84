import { describe, expect, it } from 'vitest';
import { isUuid, parseBanDuration, parseGoDuration, validateEmail } from './validation.js';

describe('validateEmail', () => {
  it('lower-cases a valid address', () => {
    expect(validateEmail('Alice@Example.COM')).toBe('alice@example.com');
  });

  it.each([
    ['', 'An email address is required'],
    ['not-an-email', 'Unable to validate email address: invalid format'],
    ['a@-bad.com', 'Unable to validate email address: invalid format'],
    [`${'a'.repeat(250)}@x.com`, 'An email address is too long'],
  ])('rejects %j', (email, message) => {
    expect(() => validateEmail(email)).toThrow(
      expect.objectContaining({ status: 400, code: 'validation_failed', message }),
    );
  });
});

describe('isUuid', () => {
  it('accepts uuids in either case and rejects other text', () => {
    expect(isUuid('3F2504E0-4F89-11D3-9A0C-0305E82C3301')).toBe(true);
    expect(isUuid('3f2504e0-4f89-11d3-9a0c-0305e82c330')).toBe(false);
    expect(isUuid("1' or '1'='1")).toBe(false);
  });
});

describe('parseGoDuration', () => {
  it.each([
    ['24h', 86400],
    ['1h30m', 5400],
    ['1.5h', 5400],
    ['90s', 90],
    ['500ms', 0.5],
    ['-1h', -3600],
    ['0', 0],
  ])('%s is %d seconds', (text, seconds) => {
    expect(parseGoDuration(text)).toBeCloseTo(seconds);
  });

  it.each(['', 'h', '10', '1d', '1h x', 'abc'])('rejects %j', (text) => {
    expect(parseGoDuration(text)).toBeUndefined();
  });
});

describe('parseBanDuration', () => {
  it('maps none to zero and absence to undefined', () => {
    expect(parseBanDuration('none')).toBe(0);
    expect(parseBanDuration(undefined)).toBeUndefined();
    expect(parseBanDuration('876000h')).toBe(876000 * 3600);
  });

  it('rejects bad text with validation_failed', () => {
    expect(() => parseBanDuration('forever')).toThrow(
      expect.objectContaining({ status: 400, code: 'validation_failed' }),
    );
  });
});
