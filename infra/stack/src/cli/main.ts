/**
 * `npm run stack -- <command> [--workdir <dir>]`: the Docker-free local Supabase.
 *   up      start everything (creates and migrates the database on first use); waits until healthy,
 *           then leaves a supervisor running that restarts Postgres or the gateway if they die
 *   run     up in the foreground (for systemd): supervises, and stops everything on SIGTERM
 *   down    stop everything (--purge also deletes the state folder)
 *   reset   rebuild the database: bootstrap, migrations, seed
 *   status  health of each part (db, api, auth, rest, realtime, storage, functions, web, mail), URLs and keys
 *           (-o json|env|pretty); exits 1 when a part is unhealthy
 *   logs    recent gateway, Postgres and supervisor logs (-f to follow)
 *   backup  a checksummed copy of the running installation (--to DIR; default supabase/.temp/backups/…)
 *   restore put a backup back (--from DIR); refuses a damaged or foreign one
 *   test-db run the project's pgTAP tests (supabase/tests) with pg_prove
 *   failover planned switchover to the standby (`up --standby` or [stack.standby] sets one up)
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadProjectConfig } from '../config/project-config.js';
import { readSecrets } from '../config/secrets.js';
import { statePaths } from '../config/state.js';
import { down, reset, restoreStack, status, up } from '../stack/lifecycle.js';
import { testDatabase } from '../stack/test-db.js';
import { partsHealth } from '../stack/gateway-process.js';
import { formatHealth, formatStatus, statusVariables } from './status-output.js';
import { resolveWorkdir } from './workdir.js';
import { runForeground } from './run-command.js';
import { createBackup } from '../backup/create-backup.js';
import { restoreBackup } from '../backup/restore-backup.js';
import { webUrl } from '../web/gateway-web.js';
import { haActive, replicationStatus } from '../ha/replication-status.js';
import { switchover } from '../stack/switchover.js';
import { formatReplication, standbyVariables } from './standby-output.js';

const USAGE = `usage: stack <up|run|down|reset|status|logs|backup|restore|test-db|failover> [--workdir <dir>] [-o json|env|pretty] [--standby] [--purge] [-f] [--to DIR] [--from DIR]`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      workdir: { type: 'string' },
      output: { type: 'string', short: 'o', default: 'pretty' },
      purge: { type: 'boolean', default: false },
      standby: { type: 'boolean', default: false },
      follow: { type: 'boolean', short: 'f', default: false },
      to: { type: 'string' },
      from: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const command = positionals[0];
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return command || values.help ? 0 : 2;
  }
  const config = loadProjectConfig(resolveWorkdir(values.workdir));
  const paths = statePaths(config);
  switch (command) {
    case 'up':
    case 'reset': {
      const handle = command === 'up' ? await up(config, { standby: values.standby }) : await reset(config);
      process.stdout.write(
        formatStatus(
          {
            ...statusVariables(config, handle.secrets, webUrl(config)),
            ...standbyVariables(config, handle.secrets),
          },
          values.output,
        ) + '\n',
      );
      // The API is up at this point; the web server may still not be serving the app (not built, port taken).
      const web = (await partsHealth(config))?.web;
      if (web && !web.healthy) process.stderr.write(`\nweb app: ${web.detail ?? 'unhealthy'}\n`);
      if (values.output === 'pretty' && handle.demoUsers.length > 0) {
        process.stdout.write('\nLocal demo accounts (passwords generated for this installation):\n');
        for (const user of handle.demoUsers) process.stdout.write(`  ${user.email}  ${user.password}\n`);
      }
      return 0;
    }
    case 'run':
      return runForeground(config);
    case 'down':
      await down(config, { purge: values.purge });
      process.stderr.write(values.purge ? 'stack stopped and its state deleted\n' : 'stack stopped\n');
      return 0;
    case 'status': {
      const state = status(config);
      if (!state.postgres || !state.gateway) {
        process.stderr.write(
          `stack is not running (postgres: ${state.postgres ? 'up' : 'down'}, gateway: ${state.gateway ? 'up' : 'down'})\n`,
        );
        return 1;
      }
      const secrets = readSecrets(paths.secrets);
      const vars = {
        ...statusVariables(config, secrets, webUrl(config)),
        ...standbyVariables(config, secrets),
      };
      const replication = haActive(paths) ? await replicationStatus(config, paths) : undefined;
      const parts = (await partsHealth(config)) ?? {
        api: { healthy: false, detail: 'gateway not answering' },
      };
      const allHealthy = Object.values(parts).every((p) => p.healthy);
      if (values.output === 'json') {
        const health = JSON.parse(formatHealth(parts, 'json')) as unknown;
        const extra = replication ? { REPLICATION: replication } : {};
        process.stdout.write(JSON.stringify({ ...vars, STATUS: health, ...extra }, null, 2) + '\n');
      } else if (values.output === 'env') {
        process.stdout.write(`${formatStatus(vars, 'env')}\n${formatHealth(parts, 'env')}\n`);
      } else {
        const nodes = replication ? `\n\n${formatReplication(replication)}` : '';
        process.stdout.write(`${formatHealth(parts, 'pretty')}${nodes}\n\n${formatStatus(vars, 'pretty')}\n`);
      }
      return allHealthy ? 0 : 1;
    }
    case 'logs': {
      const files = [paths.postgresLog, paths.gatewayLog, paths.supervisorLog].filter((f) => existsSync(f));
      if (values.follow) {
        const tail = spawn('tail', ['-n', '50', '-F', ...files], { stdio: 'inherit' });
        await new Promise((resolve) => tail.on('close', resolve));
        return 0;
      }
      for (const file of files) {
        process.stdout.write(
          `==> ${file} <==\n${readFileSync(file, 'utf8').split('\n').slice(-100).join('\n')}\n`,
        );
      }
      return 0;
    }
    case 'backup': {
      const started = Date.now();
      const dir = await createBackup(config, { to: values.to });
      process.stderr.write(`backup written in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
      process.stdout.write(`${dir}\n`);
      return 0;
    }
    case 'restore': {
      if (!values.from) {
        process.stderr.write(`restore needs --from <backup folder>\n${USAGE}\n`);
        return 2;
      }
      const handle = await restoreBackup(config, values.from, restoreStack);
      process.stderr.write(`restored ${values.from}\n`);
      process.stdout.write(
        formatStatus(statusVariables(config, handle.secrets, webUrl(config)), values.output) + '\n',
      );
      return 0;
    }
    case 'test-db':
      return testDatabase(config);
    case 'failover':
      await switchover(config, (line) => process.stderr.write(`${line}\n`));
      return 0;
    default:
      process.stderr.write(`unknown command "${command}"\n${USAGE}\n`);
      return 2;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`\nerror: ${(error as Error).message}\n`);
    process.exit(1);
  },
);
