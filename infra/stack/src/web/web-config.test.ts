/** `[stack] web_*` settings, WEB_URL in `stack status`, and the version the app is told. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadProjectConfig } from '../config/project-config.js';
import type { StackSecrets } from '../config/secrets.js';
import { statusVariables } from '../cli/status-output.js';
import { appVersionFor, webUrl } from './gateway-web.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function workdirWith(stackTable: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'web-config-test-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'supabase'));
  writeFileSync(path.join(dir, 'supabase', 'config.toml'), `project_id = "t"\n[stack]\n${stackTable}\n`);
  return dir;
}

const secrets = {
  jwtSecret: 'j',
  anonKey: 'anon',
  serviceRoleKey: 'service',
  publishableKey: 'sb_publishable_x',
  secretKey: 'sb_secret_x',
  postgresPassword: 'p',
} as StackSecrets;

describe('web settings in config.toml', () => {
  it('has no web server without web_port and web_root, and no WEB_URL', () => {
    const config = loadProjectConfig(workdirWith(''));
    expect(config.stack.webPort).toBeUndefined();
    expect(config.stack.webRoot).toBeUndefined();
    expect(webUrl(config)).toBeUndefined();
    expect(statusVariables(config, secrets, webUrl(config))).not.toHaveProperty('WEB_URL');
  });

  it('serves web_root (relative to the workdir) on 4173 by default and reports WEB_URL', () => {
    const dir = workdirWith('web_root = "frontend/dist"');
    const config = loadProjectConfig(dir);
    expect(config.stack.webPort).toBe(4173);
    expect(config.stack.webRoot).toBe(path.join(dir, 'frontend', 'dist'));
    expect(config.stack.webRootSetting).toBe('frontend/dist');
    expect(config.stack.webTrustedProxies).toEqual([]);
    expect(config.stack.webStyleNonce).toBe(false);
    expect(statusVariables(config, secrets, webUrl(config)).WEB_URL).toBe('http://127.0.0.1:4173');
  });

  it('takes an explicit port, trusted proxies and the style nonce switch; 0 turns it off', () => {
    const config = loadProjectConfig(
      workdirWith('web_port = 26999\nweb_trusted_proxies = ["127.0.0.1"]\nweb_style_nonce = true'),
    );
    expect(webUrl(config)).toBe('http://127.0.0.1:26999');
    expect(config.stack.webRoot).toBeUndefined();
    expect(config.stack.webTrustedProxies).toEqual(['127.0.0.1']);
    expect(config.stack.webStyleNonce).toBe(true);
    expect(loadProjectConfig(workdirWith('web_port = 0\nweb_root = "dist"')).stack.webPort).toBeUndefined();
  });

  it('refuses a web_port that is not a port and a web_root that is not text', () => {
    expect(() => loadProjectConfig(workdirWith('web_port = 70000'))).toThrow(
      /web_port must be a port number/,
    );
    expect(() => loadProjectConfig(workdirWith('web_port = 4173.5'))).toThrow(/web_port/);
    expect(() => loadProjectConfig(workdirWith('web_root = 5'))).toThrow(/web_root must be a string/);
  });
});

describe('appVersionFor', () => {
  it('reads the version of the package the build belongs to, else the workdir, else 0.0.0', () => {
    const dir = workdirWith('');
    mkdirSync(path.join(dir, 'frontend', 'dist'), { recursive: true });
    expect(appVersionFor(path.join(dir, 'frontend', 'dist'), dir)).toBe('0.0.0');
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ version: '9.9.9' }));
    expect(appVersionFor(path.join(dir, 'frontend', 'dist'), dir)).toBe('9.9.9');
    writeFileSync(path.join(dir, 'frontend', 'package.json'), JSON.stringify({ version: '2.3.4' }));
    expect(appVersionFor(path.join(dir, 'frontend', 'dist'), dir)).toBe('2.3.4');
    expect(appVersionFor(undefined, dir)).toBe('9.9.9');
  });
});
