/**
 * Runs Postgres tools as the `postgres` OS user when we are root (initdb and the server refuse
 * root), or as ourselves otherwise.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, statSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';

export const isRoot = (): boolean => process.getuid?.() === 0;

interface OsUser {
  uid: number;
  gid: number;
}

function postgresUser(): OsUser {
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  if (!Number.isInteger(uid) || uid <= 0) {
    throw new Error(
      'Running as root, but there is no `postgres` OS user to run the database as (install postgresql-15)',
    );
  }
  return { uid, gid: id('-g') };
}

export function serverUser(): OsUser {
  if (isRoot()) return postgresUser();
  const me = userInfo();
  return { uid: me.uid, gid: me.gid };
}

export function runTool(
  command: string,
  args: string[],
  options: { allowFailure?: boolean; env?: NodeJS.ProcessEnv } = {},
): SpawnSyncReturns<string> {
  const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(cmd, argv, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.env ? { env: { ...process.env, ...options.env } } : {}),
  });
  if (result.error) throw result.error;
  if (result.status !== 0 && !options.allowFailure) {
    throw new Error(
      `${path.basename(command)} failed (exit ${result.status}): ${(result.stderr || result.stdout).trim()}`,
    );
  }
  return result;
}

/** A directory the server user owns (mode 0700): data, sockets. */
export function makeServerDir(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const { uid, gid } = serverUser();
  chownSync(dir, uid, gid);
  chmodSync(dir, 0o700);
}

/**
 * The server user must be able to traverse every parent of the state folder. As root we add the
 * search bit (not read) where it is missing, and say so; otherwise we explain what to change.
 */
export function ensureTraversable(dir: string, log: (line: string) => void): void {
  if (!isRoot()) return;
  let current = path.resolve(dir);
  const parents: string[] = [];
  while (current !== path.dirname(current)) {
    current = path.dirname(current);
    parents.push(current);
  }
  for (const parent of parents.reverse()) {
    const mode = statSync(parent).mode;
    if ((mode & 0o001) === 0) {
      chmodSync(parent, mode | 0o001);
      log(`made ${parent} traversable (o+x) so the postgres user can reach the state folder`);
    }
  }
}
