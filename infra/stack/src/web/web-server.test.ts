/**
 * The web server against a throw-away build folder: headers, nonces, runtime config, SPA fallback,
 * traversal refusals, methods, caching and compression.
 */
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  request,
  RUNTIME,
  INDEX_HTML,
  BUNDLE,
  SECRET,
  expectedDocumentCsp,
  RESOURCE_CSP,
  expectBaseHeaders,
  headerNonce,
  decodeAttribute,
  webServerWorld,
} from './testing/web-server-world.js';

const { start } = webServerWorld();

describe('web server: the app page', () => {
  let port: number;
  beforeAll(async () => {
    port = await start();
  });

  it('sends every security header with its exact value and a document CSP with the nonce', async () => {
    const res = await request(port, '/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expectBaseHeaders(res.headers);
    const nonce = headerNonce(res);
    expect(res.headers['content-security-policy']).toBe(expectedDocumentCsp(nonce));
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('uses a fresh nonce of at least 128 bits per response, the same in header, meta and every script', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await request(port, i % 2 ? '/platform/dashboard' : '/');
      const nonce = headerNonce(res);
      expect(Buffer.from(nonce, 'base64').length * 8).toBeGreaterThanOrEqual(128);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
      // Exposed to the app once, right after <meta charset>.
      expect(res.text.match(/name="csp-nonce"/g)).toHaveLength(1);
      expect(res.text).toContain(`<meta charset="UTF-8" /><meta name="csp-nonce" content="${nonce}" />`);
      const scripts = res.text.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts).toHaveLength(2);
      for (const tag of scripts) expect(tag.match(/nonce="([^"]*)"/g)).toEqual([`nonce="${nonce}"`]);
      expect(res.text).not.toContain('stale');
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(5);
  });

  it('fills the runtime config meta with this installation, escaped for the attribute', async () => {
    const res = await request(port, '/');
    const metas = res.text.match(/<meta name="cti-runtime-config" content="([^"]*)" \/>/g) ?? [];
    expect(metas).toHaveLength(1);
    const content = /content="([^"]*)"/.exec(metas[0]!)![1]!;
    expect(content).not.toMatch(/[<>"']/);
    expect(JSON.parse(decodeAttribute(content))).toEqual(RUNTIME);
    expect(res.text).not.toContain("<script>alert('x')");
  });

  it('answers app routes without a file extension with index.html (the app draws its own 404)', async () => {
    for (const route of ['/platform/dashboard', '/no/such/page', '/assets', '/auth?redirect=%2Fplatform']) {
      const res = await request(port, route);
      expect(res.status, route).toBe(200);
      expect(res.text, route).toContain('<div id="root"></div>');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers missing files with 404, not with the app', async () => {
    for (const file of ['/assets/index-Missing.js', '/favicon.ico', '/platform/report.pdf']) {
      const res = await request(port, file);
      expect(res.status, file).toBe(404);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.headers['content-security-policy']).toBe(RESOURCE_CSP);
      expectBaseHeaders(res.headers);
    }
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await request(port, '/', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(Number(res.headers['content-length'])).toBeGreaterThan(INDEX_HTML.length);
    expect(res.body.length).toBe(0);
    expect(headerNonce(res)).toMatch(/^[A-Za-z0-9+/]{24}$/);
  });

  it('refuses other methods with 405 and Allow', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const res = await request(port, '/', { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
      expectBaseHeaders(res.headers);
    }
  });
});

describe('web server: never outside the web root', () => {
  let port: number;
  beforeAll(async () => {
    port = await start();
  });

  const attempts: Array<[string, number]> = [
    ['/../secret.txt', 400],
    ['/assets/../../secret.txt', 400],
    ['/%2e%2e/secret.txt', 400],
    ['/%2E%2E/%2e%2e/secret.txt', 400],
    ['/assets/%2e%2e%2f%2e%2e%2fsecret.txt', 400],
    ['/..%5csecret.txt', 400],
    ['/secret.txt%00.js', 400],
    ['/%00', 400],
    ['/%zz', 400],
    ['/./index.html', 400],
    ['/leak.txt', 404],
    ['/linked/secret.txt', 404],
    ['/.env', 404],
    ['/assets/.env', 404],
  ];
  for (const [target, status] of attempts) {
    it(`refuses ${target} with ${status}`, async () => {
      const res = await request(port, target);
      expect(res.status).toBe(status);
      expect(res.text).not.toContain(SECRET);
      expectBaseHeaders(res.headers);
    });
  }

  it('refuses a request target that is not a path', async () => {
    const res = await request(port, 'http://evil.example/secret.txt');
    expect(res.status).toBe(400);
  });
});

describe('web server: caching and compression', () => {
  let port: number;
  beforeAll(async () => {
    port = await start();
  });

  it('lets browsers keep hashed assets for a year and revalidate other files', async () => {
    const asset = await request(port, '/assets/index-AbC123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(asset.headers['content-security-policy']).toBe(RESOURCE_CSP);
    expectBaseHeaders(asset.headers);
    expect(asset.text).toBe(BUNDLE);
    const robots = await request(port, '/robots.txt');
    expect(robots.headers['cache-control']).toBe('no-cache');
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect((await request(port, '/assets/index-AbC123.css')).headers['content-type']).toBe(
      'text/css; charset=utf-8',
    );
    expect((await request(port, '/assets/logo-1a2b.svg')).headers['content-type']).toBe('image/svg+xml');
    expect((await request(port, '/index.html')).headers['cache-control']).toBe('no-store');
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const first = await request(port, '/assets/index-AbC123.js');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    const again = await request(port, '/assets/index-AbC123.js', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const other = await request(port, '/assets/index-AbC123.js', { headers: { 'If-None-Match': '"other"' } });
    expect(other.status).toBe(200);
  });

  it('sends brotli or gzip when the client accepts it, and the bytes decode to the file', async () => {
    const br = await request(port, '/assets/index-AbC123.js', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.body.length).toBeLessThan(BUNDLE.length);
    expect(zlib.brotliDecompressSync(br.body).toString('utf8')).toBe(BUNDLE);
    const gz = await request(port, '/assets/index-AbC123.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString('utf8')).toBe(BUNDLE);
    expect(gz.headers.etag).not.toBe(br.headers.etag);
    const refused = await request(port, '/assets/index-AbC123.js', {
      headers: { 'Accept-Encoding': 'br;q=0, gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.text).toBe(BUNDLE);
  });
});
