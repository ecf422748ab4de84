/**
 * Finds the Deno binary: `STACK_DENO_BIN`, then the platform package npm installed for the
 * project (`@deno/<platform>`, a devDependency; the `deno` wrapper package breaks `npm ci` here),
 * then `deno` on PATH.
 */
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const PLATFORM_PACKAGES: Record<string, string> = {
  'linux-x64': '@deno/linux-x64-glibc',
  'linux-arm64': '@deno/linux-arm64-glibc',
  'darwin-x64': '@deno/darwin-x64',
  'darwin-arm64': '@deno/darwin-arm64',
  'win32-x64': '@deno/win32-x64-msvc',
};

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function findDeno(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.STACK_DENO_BIN) return executable(env.STACK_DENO_BIN) ? env.STACK_DENO_BIN : undefined;
  const binary = process.platform === 'win32' ? 'deno.exe' : 'deno';
  const pkg = PLATFORM_PACKAGES[`${process.platform}-${process.arch}`];
  if (pkg !== undefined) {
    try {
      const dir = path.dirname(createRequire(import.meta.url).resolve(`${pkg}/package.json`));
      if (executable(path.join(dir, binary))) return path.join(dir, binary);
    } catch {
      // not installed for this platform: fall through to PATH
    }
  }
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (dir !== '' && executable(path.join(dir, binary))) return path.join(dir, binary);
  }
  return undefined;
}
