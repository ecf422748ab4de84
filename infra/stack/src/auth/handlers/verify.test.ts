import { describe, expect, it } from 'vitest';
import { allowedRedirect } from '../mail/links.js';

const AUTH = { siteUrl: 'http://127.0.0.1:3000', additionalRedirectUrls: [] as string[] };

describe('allowedRedirect (where a verify link may send the browser)', () => {
  it('allows the site host and loopback hosts', () => {
    expect(allowedRedirect('http://127.0.0.1:3000/welcome', AUTH)).toBe('http://127.0.0.1:3000/welcome');
    expect(allowedRedirect('http://localhost:5173/cb', AUTH)).toBe('http://localhost:5173/cb');
  });

  it('falls back to the site URL for other hosts, schemes and junk', () => {
    for (const target of ['https://evil.example/x', 'javascript:alert(1)', 'not a url', null]) {
      expect(allowedRedirect(target, AUTH)).toBe(AUTH.siteUrl);
    }
  });

  it('allows additional_redirect_urls, exactly or by glob, and nothing next to them', () => {
    const auth = {
      siteUrl: 'https://cti.example.org',
      additionalRedirectUrls: ['https://app.example.org/auth/callback', 'https://*.preview.example.org/**'],
    };
    expect(allowedRedirect('https://app.example.org/auth/callback', auth)).toBe(
      'https://app.example.org/auth/callback',
    );
    expect(allowedRedirect('https://pr-12.preview.example.org/reset', auth)).toBe(
      'https://pr-12.preview.example.org/reset',
    );
    expect(allowedRedirect('https://app.example.org/other', auth)).toBe(auth.siteUrl);
    expect(allowedRedirect('https://evil.example/x.preview.example.org/', auth)).toBe(auth.siteUrl);
    expect(allowedRedirect('https://a.b.preview.example.org/x', auth)).toBe(auth.siteUrl);
  });
});
