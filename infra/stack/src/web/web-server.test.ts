/**
 * The web server against a throw-away build folder: headers, nonces, runtime config, SPA fallback,
 * traversal refusals, methods, the not-built page, caching and compression. Requests go through
 * node:http with raw paths, because fetch would normalise `..` and `%2e%2e` away before sending.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuntimeConfig } from './html-template.js';
import { createWebServer, type WebServer, type WebServerOptions } from './web-server.js';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

function request(
  port: number,
  target: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: target, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const API_URL = 'http://127.0.0.1:54321';
const RUNTIME: RuntimeConfig = {
  supabaseUrl: API_URL,
  // Characters that must be escaped in an attribute, to prove the escaping.
  supabaseAnonKey: `eyJhbGciOiJIUzI1NiJ9."><script>alert('x')</script>&amp;`,
  appVersion: '1.2.3',
};

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="cti-runtime-config" content="" />
    <title>CTI Platform</title>
    <script type="module" crossorigin src="/assets/index-AbC123.js"></script>
    <script nonce="stale">window.__boot = 1</script>
  </head>
  <body><div id="root"></div></body>
</html>
`;
const BUNDLE = `console.log(${JSON.stringify('x'.repeat(10))});\n`.repeat(400);
const SECRET = 'TOP-SECRET-OUTSIDE-THE-ROOT';

const EXPECTED_PERMISSIONS =
  'accelerometer=(), autoplay=(), camera=(), display-capture=(), encrypted-media=(), geolocation=(), ' +
  'gyroscope=(), hid=(), idle-detection=(), magnetometer=(), microphone=(), midi=(), payment=(), ' +
  'picture-in-picture=(), publickey-credentials-get=(), screen-wake-lock=(), serial=(), usb=(), ' +
  'xr-spatial-tracking=()';

function expectedDocumentCsp(nonce: string): string {
  return (
    `default-src 'self'; script-src 'self' 'nonce-${nonce}' 'strict-dynamic'; ` +
    `style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; ` +
    `connect-src 'self' http://127.0.0.1:54321 ws://127.0.0.1:54321; frame-ancestors 'none'; ` +
    `object-src 'none'; base-uri 'none'; form-action 'self'`
  );
}
const RESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

function expectBaseHeaders(headers: http.IncomingHttpHeaders): void {
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['permissions-policy']).toBe(EXPECTED_PERMISSIONS);
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(headers['strict-transport-security']).toBeUndefined();
}

/** The nonce of a document response, read from its CSP header. */
function headerNonce(res: RawResponse): string {
  const match = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']));
  if (!match) throw new Error(`no nonce in CSP: ${res.headers['content-security-policy']}`);
  return match[1]!;
}

function decodeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

const silent = () => undefined;
let base: string;
let root: string;
const servers: WebServer[] = [];

async function start(overrides: Partial<WebServerOptions> = {}): Promise<number> {
  const web = createWebServer({
    root,
    rootSetting: 'frontend/dist',
    runtime: RUNTIME,
    log: silent,
    ...overrides,
  });
  servers.push(web);
  expect(await web.listen(0)).toBe(true);
  return (web.server.address() as AddressInfo).port;
}

beforeAll(() => {
  base = mkdtempSync(path.join(tmpdir(), 'web-server-test-'));
  root = path.join(base, 'dist');
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  writeFileSync(path.join(root, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(root, 'assets', 'index-AbC123.js'), BUNDLE);
  writeFileSync(path.join(root, 'assets', 'index-AbC123.css'), 'body{margin:0}');
  writeFileSync(path.join(root, 'assets', 'logo-1a2b.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(root, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  writeFileSync(path.join(root, '.env'), SECRET);
  writeFileSync(path.join(base, 'secret.txt'), SECRET);
  mkdirSync(path.join(base, 'outside'));
  writeFileSync(path.join(base, 'outside', 'secret.txt'), SECRET);
  symlinkSync(path.join(base, 'secret.txt'), path.join(root, 'leak.txt'));
  symlinkSync(path.join(base, 'outside'), path.join(root, 'linked'));
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  rmSync(base, { recursive: true, force: true });
});

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

describe('web server: TLS and HSTS', () => {
  it('sends HSTS only when a trusted proxy says the browser used https', async () => {
    const trusting = await start({ trustedProxies: ['127.0.0.1'] });
    const tls = await request(trusting, '/', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const asset = await request(trusting, '/assets/index-AbC123.js', {
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(asset.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await request(trusting, '/', { headers: { 'X-Forwarded-Proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const none = await request(trusting, '/');
    expect(none.headers['strict-transport-security']).toBeUndefined();

    const untrusting = await start();
    const spoofed = await request(untrusting, '/', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('web server: not built', () => {
  it('answers every path with a 503 page that says how to build, when index.html is missing', async () => {
    const port = await start({ root: path.join(base, 'no-such-dist') });
    for (const target of ['/', '/platform/dashboard', '/assets/index-AbC123.js']) {
      const res = await request(port, target);
      expect(res.status, target).toBe(503);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-security-policy']).toBe(expectedDocumentCsp(headerNonce(res)));
      expectBaseHeaders(res.headers);
      expect(res.text).toContain('The app is not built');
      expect(res.text).toContain('<code>npm run build</code>');
      expect(res.text).toContain('<code>frontend/dist</code>');
      expect(res.text).not.toContain(base);
    }
    const web = servers.at(-1)!;
    expect(await web.health()).toEqual({
      healthy: false,
      detail: 'app not built: frontend/dist/index.html is missing (npm run build)',
    });
  });

  it('says how to configure web_root when none is set', async () => {
    const port = await start({ root: undefined, rootSetting: undefined });
    const res = await request(port, '/');
    expect(res.status).toBe(503);
    expect(res.text).toContain('<code>web_root = "frontend/dist"</code>');
    expect(await servers.at(-1)!.health()).toEqual({
      healthy: false,
      detail: 'no [stack] web_root configured',
    });
  });
});

describe('web server: health and rebuilds', () => {
  it('is healthy when index.html exists and serves a rebuilt index.html at once', async () => {
    const own = path.join(base, 'rebuild');
    mkdirSync(own);
    writeFileSync(path.join(own, 'index.html'), '<html><head></head><body>first</body></html>');
    const port = await start({ root: own });
    expect(await servers.at(-1)!.health()).toEqual({ healthy: true });
    const first = await request(port, '/');
    expect(first.text).toContain('first');
    // Without placeholders in the page, both metas are still added at the start of <head>.
    expect(first.text).toMatch(
      /^<html><head><meta name="csp-nonce" content="[^"]+" \/><meta name="cti-runtime-config"/,
    );
    writeFileSync(path.join(own, 'index.html'), '<html><head></head><body>second build</body></html>');
    const second = await request(port, '/');
    expect(second.text).toContain('second build');
  });

  it('reports a port that is already taken instead of failing', async () => {
    const port = await start();
    const clash = createWebServer({ root, runtime: RUNTIME, log: silent });
    servers.push(clash);
    expect(await clash.listen(port)).toBe(false);
    expect(await clash.health()).toEqual({
      healthy: false,
      detail: `port ${port} is in use by another program (change [stack] web_port)`,
    });
  });
});
