/**
 * The web server's other states: HSTS behind a trusted proxy, the not-built page, health and
 * rebuilds, a port already taken.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createWebServer } from './web-server.js';
import {
  request,
  RUNTIME,
  expectedDocumentCsp,
  expectBaseHeaders,
  headerNonce,
  silent,
  webServerWorld,
} from './testing/web-server-world.js';

const { start, servers, paths } = webServerWorld();

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
    const port = await start({ root: path.join(paths().base, 'no-such-dist') });
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
      expect(res.text).not.toContain(paths().base);
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
    const own = path.join(paths().base, 'rebuild');
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
    const clash = createWebServer({ root: paths().root, runtime: RUNTIME, log: silent });
    servers.push(clash);
    expect(await clash.listen(port)).toBe(false);
    expect(await clash.health()).toEqual({
      healthy: false,
      detail: `port ${port} is in use by another program (change [stack] web_port)`,
    });
  });
});
