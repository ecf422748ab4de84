/**
 * The served app's real security headers (STACK_WEB_URL): a CSP header with a fresh nonce of at
 * least 128 bits per response that matches the page's scripts, frame-ancestors/object-src/base-uri
 * 'none', X-Frame-Options DENY, nosniff, Referrer-Policy, Permissions-Policy, COOP, and no HSTS
 * over plain http; a meta CSP, if the page has one, carries none of the directives meta ignores.
 */
import { describe, expect, it } from 'vitest';
import { httpRequest, type HttpResponse } from '../lib/http.js';
import { suite } from './context.js';

const { target } = suite();
const web = target.webUrl;

function directives(csp: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of csp.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), values);
  }
  return out;
}

function cspOf(res: HttpResponse): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(header, 'Content-Security-Policy header').toBeTypeOf('string');
  return directives(String(header));
}

function nonceOf(res: HttpResponse): string {
  const source = cspOf(res)
    .get('script-src')
    ?.find((v) => v.startsWith("'nonce-"));
  expect(source, "script-src has a 'nonce-…' source").toBeDefined();
  return source!.slice("'nonce-".length, -1);
}

const PAGES = ['/', '/auth', '/platform/dashboard', '/no-such-page'];

describe('Headers · served web app', () => {
  it('the web app URL is known (STACK_WEB_URL or stack status WEB_URL)', () => {
    expect(web).toMatch(/^http:\/\//);
  });

  for (const page of PAGES) {
    it(`${page}: CSP header with frame-ancestors, object-src and base-uri 'none', no unsafe script sources`, async () => {
      const res = await httpRequest(`${web}${page}`);
      expect(res.status).toBe(200);
      const csp = cspOf(res);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      expect(scripts).not.toContain('*');
      expect(scripts).not.toContain('data:');
    });

    it(`${page}: X-Frame-Options DENY, nosniff, Referrer-Policy, Permissions-Policy, COOP; no HSTS over http`, async () => {
      const res = await httpRequest(`${web}${page}`);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(['no-referrer', 'strict-origin-when-cross-origin', 'same-origin', 'strict-origin']).toContain(
        res.headers['referrer-policy'],
      );
      expect(String(res.headers['permissions-policy'] ?? '')).toMatch(/camera=\(\)/);
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });
  }

  it('the nonce is at least 128 bits, fresh per response, and on every script of the page', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => httpRequest(`${web}/`)));
    const nonces = answers.map(nonceOf);
    expect(new Set(nonces).size).toBe(3);
    for (const [i, nonce] of nonces.entries()) {
      expect(Buffer.from(nonce, 'base64').length * 8).toBeGreaterThanOrEqual(128);
      const scripts = [...answers[i]!.text.matchAll(/<script\b[^>]*>/gi)].map((m) => m[0]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    }
  });

  it('a spoofed X-Forwarded-Proto: https from an untrusted client does not switch on HSTS', async () => {
    const res = await httpRequest(`${web}/`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('the meta CSP in the served page (if any) has no frame-ancestors, report-uri or sandbox', async () => {
    const res = await httpRequest(`${web}/`);
    const metas = [
      ...res.text.matchAll(/<meta[^>]+http-equiv=["']?content-security-policy["']?[^>]*>/gi),
    ].map((m) => m[0]);
    for (const meta of metas) {
      const content = /content=["']([^"']*)["']/i.exec(meta)?.[1] ?? '';
      const names = [...directives(content).keys()];
      expect(names).not.toContain('frame-ancestors');
      expect(names).not.toContain('report-uri');
      expect(names).not.toContain('sandbox');
    }
    expect(res.text).not.toMatch(/http-equiv=["']?(strict-transport-security|x-frame-options)/i);
  });

  it('static assets are served with nosniff and a JavaScript type', async () => {
    const page = await httpRequest(`${web}/`);
    const src = /<script\b[^>]*src="([^"]+)"/i.exec(page.text)?.[1];
    expect(src).toBeDefined();
    const asset = await httpRequest(`${web}${src}`);
    expect(asset.status).toBe(200);
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(String(asset.headers['content-type'])).toMatch(/javascript/);
  });

  it('path traversal on the web server does not leave the web root', async () => {
    for (const path of [
      '/../../../../etc/passwd',
      '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%2f..%2f..%2fpackage.json',
      '/..%5c..%5cpackage.json',
    ]) {
      const res = await httpRequest(`${web}${path}`);
      expect(res.status).toBeLessThan(500);
      expect(res.text).not.toMatch(/root:x:0:0|"workspaces"/);
    }
  });
});
