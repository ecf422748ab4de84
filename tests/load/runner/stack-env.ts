/** BASE_URL and keys of a running local stack (`stack status -o json`), for scripts' __ENV defaults. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export function stackEnv(workdir: string): Record<string, string> {
  const status = spawnSync(
    process.execPath,
    [path.join(ROOT, 'infra/stack/bin/stack.mjs'), 'status', '-o', 'json', '--workdir', workdir],
    { encoding: 'utf8' },
  );
  if (status.status !== 0) throw new Error(`stack status failed for ${workdir}: ${status.stderr.trim()}`);
  const vars = JSON.parse(status.stdout) as Record<string, unknown>;
  const text = (key: string) => (typeof vars[key] === 'string' ? (vars[key] as string) : '');
  return {
    BASE_URL: text('API_URL'),
    ANON_KEY: text('ANON_KEY'),
    SERVICE_ROLE_KEY: text('SERVICE_ROLE_KEY'),
  };
}
