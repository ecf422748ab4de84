/**
 * The stack's state folder: everything one installation owns (cluster, sockets, logs, secrets).
 * It lives under the project (`supabase/.temp/stack`, git-ignored) so stacks with different
 * workdirs run side by side without sharing anything.
 */
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ProjectConfig } from './project-config.js';

export interface StatePaths {
  root: string;
  pgData: string;
  /** Unix socket directory; kept short because sockets are limited to 107 bytes. */
  socketDir: string;
  logs: string;
  postgresLog: string;
  gatewayLog: string;
  gatewayPid: string;
  /** The supervisor that restarts Postgres and the gateway when they die (src/stack/supervisor.ts). */
  supervisorPid: string;
  supervisorLog: string;
  secrets: string;
  storage: string;
  /** Messages the local mail catcher keeps across restarts (src/mail/store.ts). */
  mail: string;
}

const MAX_SOCKET_PATH = 100;

export function statePaths(config: ProjectConfig): StatePaths {
  const root = path.join(config.projectDir, '.temp', 'stack');
  const logs = path.join(root, 'logs');
  let socketDir = path.join(root, 'run');
  if (path.join(socketDir, `.s.PGSQL.${config.db.port}`).length > MAX_SOCKET_PATH) {
    const hash = createHash('sha256').update(root).digest('hex').slice(0, 12);
    socketDir = path.join(tmpdir(), `cti-stack-${hash}`);
  }
  return {
    root,
    pgData: path.join(root, 'pgdata'),
    socketDir,
    logs,
    postgresLog: path.join(logs, 'postgres.log'),
    gatewayLog: path.join(logs, 'gateway.log'),
    gatewayPid: path.join(root, 'gateway.pid'),
    supervisorPid: path.join(root, 'supervisor.pid'),
    supervisorLog: path.join(logs, 'supervisor.log'),
    secrets: path.join(root, 'secrets.json'),
    storage: path.join(root, 'storage'),
    mail: path.join(root, 'mail'),
  };
}
