import { describe, expect, it } from 'vitest';
import { authService, refusesKey } from './service.js';
import { resolveRoute } from './routes.js';

describe('resolveRoute', () => {
  it('finds handlers by method and path, with or without a trailing slash', () => {
    expect(resolveRoute('POST', '/signup').handler.name).toBe('signup');
    expect(resolveRoute('POST', '/signup/').handler.name).toBe('signup');
    expect(resolveRoute('PUT', '/admin/users/abc').id).toBe('abc');
    expect(resolveRoute('POST', '/factors/f1/verify')).toMatchObject({ id: 'f1', subId: '' });
    expect(resolveRoute('DELETE', '/factors/f1').handler.name).toBe('unenrollFactor');
    expect(resolveRoute('DELETE', '/admin/users/u1/factors/f2')).toMatchObject({ id: 'u1', subId: 'f2' });
    expect(resolveRoute('GET', '/admin/users/u1/factors').handler.name).toBe('adminListFactors');
  });

  it('answers 404 for unknown paths, including prototype names, and 405 for wrong methods', () => {
    expect(() => resolveRoute('GET', '/nothing')).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => resolveRoute('GET', '/constructor')).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => resolveRoute('GET', '/signup')).toThrow(expect.objectContaining({ status: 405 }));
    expect(() => resolveRoute('toString', '/user')).toThrow(expect.objectContaining({ status: 405 }));
  });
});

describe('API keys on /auth/v1 (the Supabase CLI gateway: no key-auth)', () => {
  it('needs no key on any route', () => {
    for (const path of ['/verify', '/signup', '/token', '/user', '/admin/users', '/settings', '/health']) {
      expect(authService.requiresApiKey(path)).toBe(false);
    }
  });

  it('refuses a key that is none of ours, except on the routes links and redirects open', () => {
    expect(refusesKey('/signup', 'wrong', false)).toBe(true);
    expect(refusesKey('/signup', undefined, false)).toBe(false);
    expect(refusesKey('/signup', 'anon-key', true)).toBe(false);
    for (const open of ['/verify', '/callback', '/authorize', '/.well-known/jwks.json', '/verify/']) {
      expect(refusesKey(open, 'wrong', false)).toBe(false);
    }
  });
});
