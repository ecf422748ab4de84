/**
 * The web server's test world: a throw-away build folder (with secrets and symlinks outside the web
 * root to prove they never leak), servers on free ports closed after the file, and raw HTTP requests
 * through node:http, because fetch would normalise `..` and `%2e%2e` away before sending.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { RuntimeConfig } from '../html-template.js';
import { createWebServer, type WebServer, type WebServerOptions } from '../web-server.js';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

export function request(
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

export const API_URL = 'http://127.0.0.1:54321';
export const RUNTIME: RuntimeConfig = {
  supabaseUrl: API_URL,
  // Characters that must be escaped in an attribute, to prove the escaping.
  supabaseAnonKey: `eyJhbGciOiJIUzI1NiJ9."><script>alert('x')</script>&amp;`,
  appVersion: '1.2.3',
};

export const INDEX_HTML = `<!doctype html>
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
export const BUNDLE = `console.log(${JSON.stringify('x'.repeat(10))});\n`.repeat(400);
export const SECRET = 'TOP-SECRET-OUTSIDE-THE-ROOT';

export const EXPECTED_PERMISSIONS =
  'accelerometer=(), autoplay=(), camera=(), display-capture=(), encrypted-media=(), geolocation=(), ' +
  'gyroscope=(), hid=(), idle-detection=(), magnetometer=(), microphone=(), midi=(), payment=(), ' +
  'picture-in-picture=(), publickey-credentials-get=(), screen-wake-lock=(), serial=(), usb=(), ' +
  'xr-spatial-tracking=()';

export function expectedDocumentCsp(nonce: string): string {
  return (
    `default-src 'self'; script-src 'self' 'nonce-${nonce}' 'strict-dynamic'; ` +
    `style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; ` +
    `connect-src 'self' http://127.0.0.1:54321 ws://127.0.0.1:54321; frame-ancestors 'none'; ` +
    `object-src 'none'; base-uri 'none'; form-action 'self'`
  );
}
export const RESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export function expectBaseHeaders(headers: http.IncomingHttpHeaders): void {
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['permissions-policy']).toBe(EXPECTED_PERMISSIONS);
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(headers['strict-transport-security']).toBeUndefined();
}

/** The nonce of a document response, read from its CSP header. */
export function headerNonce(res: RawResponse): string {
  const match = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']));
  if (!match) throw new Error(`no nonce in CSP: ${res.headers['content-security-policy']}`);
  return match[1]!;
}

export function decodeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export const silent = () => undefined;

/**
 * Registers the build folder's creation and removal around the calling test file; `start` runs a
 * server on it (or on the overrides) and `paths()` names the folders once they exist.
 */
export function webServerWorld() {
  let base = '';
  let root = '';
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

  /** `servers`: every server started (the last is the newest); push one made by hand so it is closed too. */
  return { start, servers, paths: () => ({ base, root }) };
}
