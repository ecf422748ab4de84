import { describe, expect, it } from 'vitest';
import { SECURITY_MONITOR } from '@/config/constants';
import { META_IGNORED_DIRECTIVES, SECURITY_HEADERS, headerCsp, metaCsp } from './security-headers';

describe('security headers as data', () => {
  it('sets HSTS to one year with subdomains', () => {
    expect(SECURITY_MONITOR.hstsMaxAgeSeconds).toBe(31_536_000);
    expect(SECURITY_HEADERS['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('denies framing, sniffing and cross-origin openers', () => {
    expect(SECURITY_HEADERS).toMatchObject({
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Cross-Origin-Opener-Policy': 'same-origin',
    });
    expect(SECURITY_HEADERS['Permissions-Policy']).toContain('camera=()');
  });
});

describe('content security policy', () => {
  const nonce = 'rAnd0mN0nce+/==';

  it('keeps only meta-capable directives in the meta policy', () => {
    const policy = metaCsp({ nonce, connectSources: ['https://api.example', 'wss://api.example'] });
    for (const directive of META_IGNORED_DIRECTIVES) expect(policy).not.toContain(directive);
    expect(policy).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("connect-src 'self' https://api.example wss://api.example");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('adds frame-ancestors and reporting to the header policy', () => {
    const policy = headerCsp({ nonce, reportUri: '/csp-report' });
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain('report-uri /csp-report');
    expect(policy).toContain(`'nonce-${nonce}'`);
  });

  it('omits the nonce source when there is none', () => {
    expect(metaCsp()).toContain("script-src 'self';");
  });
});
