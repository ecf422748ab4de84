import { afterEach, describe, expect, it } from 'vitest';
import { installSecurityMetaTags, readCspNonce } from './meta-tags';

let uninstall: () => void = () => undefined;
afterEach(() => {
  uninstall();
  document.head.innerHTML = '';
});

const csp = () => document.head.querySelector<HTMLMetaElement>('meta[http-equiv="Content-Security-Policy"]');
const httpEquiv = (name: string) =>
  document.head.querySelector<HTMLMetaElement>(`meta[http-equiv="${name}"]`);

describe('security meta tags', () => {
  it('reads the server nonce from <meta name="csp-nonce"> or from a script', () => {
    document.head.innerHTML = '<meta name="csp-nonce" content="abc123">';
    expect(readCspNonce()).toBe('abc123');
    document.head.innerHTML = '<script nonce="def456"></script>';
    expect(readCspNonce()).toBe('def456');
    document.head.innerHTML = '';
    expect(readCspNonce()).toBeUndefined();
  });

  it('writes the CSP with the nonce first in <head>, without meta-ignored directives', () => {
    document.head.innerHTML = '<meta charset="utf-8"><meta name="csp-nonce" content="n0nce">';
    uninstall = installSecurityMetaTags({ connectSources: ['https://api.example'], development: false });
    const meta = csp();
    expect(document.head.firstElementChild).toBe(meta);
    expect(meta?.content).toContain("'nonce-n0nce'");
    expect(meta?.content).toContain('https://api.example');
    expect(meta?.content).not.toMatch(/frame-ancestors|report-uri|sandbox/);
  });

  it('writes the referrer policy and the spec-listed http-equiv tags', () => {
    uninstall = installSecurityMetaTags({ development: false });
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="referrer"]')?.content).toBe(
      'strict-origin-when-cross-origin',
    );
    expect(httpEquiv('Strict-Transport-Security')?.content).toBe('max-age=31536000; includeSubDomains');
    // Chromium logs an error for this one in a meta tag; the web server sends the header.
    expect(httpEquiv('X-Frame-Options')).toBeNull();
    expect(httpEquiv('X-Content-Type-Options')?.content).toBe('nosniff');
  });

  it('keeps a policy the server already wrote', () => {
    document.head.innerHTML = '<meta http-equiv="Content-Security-Policy" content="default-src \'self\'">';
    uninstall = installSecurityMetaTags({ development: false });
    expect(document.head.querySelectorAll('meta[http-equiv="Content-Security-Policy"]')).toHaveLength(1);
    expect(csp()?.content).toBe("default-src 'self'");
  });

  it('skips the CSP in development without a nonce, so vite dev keeps working', () => {
    uninstall = installSecurityMetaTags({ development: true });
    expect(csp()).toBeNull();
    expect(document.head.querySelector('meta[name="referrer"]')).not.toBeNull();
  });

  it('removes what it added on uninstall', () => {
    uninstall = installSecurityMetaTags({ development: false });
    uninstall();
    expect(document.head.querySelectorAll('meta')).toHaveLength(0);
  });
});
