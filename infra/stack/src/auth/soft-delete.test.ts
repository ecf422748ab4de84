import { describe, expect, it } from 'vitest';
import { obfuscate, obfuscatePhone } from './soft-delete.js';

describe('obfuscate', () => {
  it('is GoTrue obfuscateValue: unpadded base64url SHA-256 of id and value', () => {
    // base64url(sha256("u1" + "a@example.com")) without padding, computed independently.
    expect(obfuscate('u1', 'a@example.com')).toBe('PvQa4PGBKUjdnfCtjL8EZapb_O5ldTD1Tdrzxfw2sNo');
    expect(obfuscate('u2', 'a@example.com')).not.toBe(obfuscate('u1', 'a@example.com'));
  });

  it('keeps 15 characters for phones', () => {
    expect(obfuscatePhone('u1', '15550000000')).toHaveLength(15);
  });
});
