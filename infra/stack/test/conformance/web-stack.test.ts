/**
 * The web server as part of a running stack: `/__stack/health` reports it as the part `web`,
 * `stack status -o json` gives WEB_URL exactly when the project configures one, and the served page
 * carries this installation's API URL and anon key. The fixture project configures no web server
 * (so side-by-side test stacks never share a port); a workdir with `[stack] web_port`/`web_root`
 * (e.g. a dev copy pointing at frontend/dist) exercises the served app as well. Request-level
 * behaviour (headers, nonces, traversal, caching) is covered by src/web/web-server.test.ts.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readStackStatus } from '../../lib/stack-status.mjs';
import { loadProjectConfig } from '../../src/config/project-config.js';
import { webUrl } from '../../src/web/gateway-web.js';
import { stackEnv } from '../helpers/stack-env.js';

describe('web server in the stack', () => {
  const env = stackEnv();
  const config = loadProjectConfig(env.workdir);
  const expectedUrl = webUrl(config);

  it('reports WEB_URL and the health part `web` as the project configures them', async () => {
    // Also when a part is unhealthy (an unbuilt app): status still prints the JSON then.
    const status = readStackStatus(env.workdir).status!;
    expect(status.WEB_URL).toBe(expectedUrl);
    const health = (await (await fetch(`${env.apiUrl}/__stack/health`)).json()) as {
      parts: Record<string, { healthy: boolean; detail?: string }>;
    };
    const built =
      config.stack.webRoot !== undefined && existsSync(path.join(config.stack.webRoot, 'index.html'));
    if (expectedUrl === undefined) {
      expect(health.parts.web).toEqual({ healthy: true, detail: 'off (no [stack] web_port or web_root)' });
    } else {
      expect(health.parts.web?.healthy).toBe(built);
    }
    expect(status.STATUS.web).toEqual(health.parts.web);
    if (expectedUrl !== undefined) await expectServedPage(expectedUrl);
  });

  /** The page carries this installation in its runtime config and CSP (or says it is not built). */
  async function expectServedPage(expectedUrl: string): Promise<void> {
    const response = await fetch(`${expectedUrl}/platform/dashboard`);
    const html = await response.text();
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`connect-src 'self' ${env.apiUrl} ${env.apiUrl.replace(/^http/, 'ws')};`);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    if (response.status === 503) {
      expect(html).toContain('The app is not built');
      return;
    }
    expect(response.status).toBe(200);
    const content = /<meta name="cti-runtime-config" content="([^"]*)"/.exec(html)?.[1] ?? '';
    const runtime = JSON.parse(content.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as Record<
      string,
      string
    >;
    expect(runtime.supabaseUrl).toBe(env.apiUrl);
    expect(runtime.supabaseAnonKey).toBe(env.anonKey);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(html).toContain(`<meta name="csp-nonce" content="${nonce}" />`);
  }
});
