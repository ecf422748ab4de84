/** Policy text for the other deployments the web server supports (https API, style nonce, proxies). */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { compileHtmlTemplate } from './html-template.js';
import { arrivedOverTls, documentPolicy, newNonce } from './security-headers.js';

function fakeRequest(remoteAddress: string, headers: Record<string, string> = {}): IncomingMessage {
  return { socket: { remoteAddress }, headers } as unknown as IncomingMessage;
}

describe('documentPolicy', () => {
  it('allows the API origin and its wss twin for an https API', () => {
    const policy = documentPolicy({ nonce: 'abc', apiUrl: 'https://api.example.org/some/path' });
    expect(policy).toContain("connect-src 'self' https://api.example.org wss://api.example.org;");
  });

  it('puts the nonce in style-src instead of unsafe-inline when the app uses it for Emotion', () => {
    const policy = documentPolicy({ nonce: 'n0nce', apiUrl: 'http://127.0.0.1:1', styleNonce: true });
    expect(policy).toContain("style-src 'self' 'nonce-n0nce';");
    expect(policy).not.toContain('unsafe-inline');
  });

  it('makes distinct 144-bit nonces', () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(18);
  });
});

describe('arrivedOverTls', () => {
  it('believes X-Forwarded-Proto only from a trusted peer, also in IPv4-mapped form', () => {
    const https = { 'x-forwarded-proto': 'https, http' };
    expect(arrivedOverTls(fakeRequest('::ffff:127.0.0.1', https), ['127.0.0.1'])).toBe(true);
    expect(arrivedOverTls(fakeRequest('127.0.0.2', https), ['127.0.0.1'])).toBe(false);
    expect(
      arrivedOverTls(fakeRequest('127.0.0.1', { 'x-forwarded-proto': 'http, https' }), ['127.0.0.1']),
    ).toBe(false);
    expect(arrivedOverTls(fakeRequest('127.0.0.1', https), [])).toBe(false);
  });
});

describe('compileHtmlTemplate', () => {
  it('stamps the nonce on style tags too and refuses a nonce that could break out of the attribute', () => {
    const template = compileHtmlTemplate('<head><style>a{}</style><STYLE nonce=x>b{}</STYLE></head>', {
      supabaseUrl: 'http://x',
      supabaseAnonKey: 'k',
      appVersion: '1',
    });
    const html = template.render('QUJD');
    expect(html.match(/<style nonce="QUJD">/gi)).toHaveLength(2);
    expect(html).not.toContain('nonce=x');
    expect(() => template.render('"><script>')).toThrow(/base64/);
  });
});
