// `stack status -o json` of a project folder, read here for every tool outside the stack (scripts,
// test suites, the importers). Plain JavaScript with its types beside it (stack-status.d.mts), so the
// .mjs scripts load it with plain node before any npm package exists and TypeScript callers check it.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const STACK_BIN = fileURLToPath(new URL('../bin/stack.mjs', import.meta.url));

/** @param {string} workdir passed to `--workdir` as given (the CLI resolves a relative one). */
export function readStackStatus(workdir) {
  const result = spawnSync(process.execPath, [STACK_BIN, 'status', '-o', 'json', '--workdir', workdir], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let status;
  try {
    // `status` exits 1 when a part is unhealthy but still prints the JSON.
    status = result.stdout ? JSON.parse(result.stdout) : undefined;
  } catch {
    status = undefined;
  }
  const healthy = result.status === 0 && status !== undefined;
  return { healthy, status, reason: healthy ? '' : whyNot(result, status) };
}

function whyNot(result, status) {
  if (result.error) return result.error.message;
  const unhealthy = Object.entries(status?.STATUS ?? {}).filter(([, part]) => !part.healthy);
  if (unhealthy.length > 0)
    return unhealthy
      .map(([name, part]) => `${name} unhealthy${part.detail ? ` (${part.detail})` : ''}`)
      .join(', ');
  return result.stderr?.trim() || `exit code ${result.status}`;
}

/** @param {string} workdir */
export function healthyStackStatus(workdir) {
  const { healthy, status, reason } = readStackStatus(workdir);
  if (!healthy) throw new Error(`the stack of ${workdir} is not running or not healthy: ${reason}`);
  return status;
}
