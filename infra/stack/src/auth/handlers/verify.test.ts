import { describe, expect, it } from 'vitest';
import { safeRedirect } from './verify.js';

const SITE = 'http://127.0.0.1:3000';

describe('safeRedirect', () => {
  it('allows the site origin and loopback origins', () => {
    expect(safeRedirect('http://127.0.0.1:3000/welcome', SITE)).toBe('http://127.0.0.1:3000/welcome');
    expect(safeRedirect('http://localhost:5173/cb', SITE)).toBe('http://localhost:5173/cb');
  });

  it('falls back to the site URL for other hosts, schemes and junk', () => {
    for (const target of ['https://evil.example/x', 'javascript:alert(1)', 'not a url', null]) {
      expect(safeRedirect(target, SITE)).toBe(SITE);
    }
  });
});
