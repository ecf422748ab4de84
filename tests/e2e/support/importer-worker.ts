/**
 * The importer's worker, started as `npm start` starts it, for specs whose imports go through it
 * (uploads, app-requested syncs). Resolves once it listens: a request sent before would wait for the
 * next poll.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { readStackEnv, REPO_ROOT } from './stack-env';

export async function startImporterWorker(): Promise<ChildProcess> {
  const env = readStackEnv();
  const worker = spawn(
    process.execPath,
    [path.join(REPO_ROOT, 'intel/bin/intel.mjs'), 'worker', '--poll-seconds', '3600'],
    {
      env: {
        ...process.env,
        INTEL_DB_URL: env.dbUrl,
        INTEL_API_URL: env.apiUrl,
        INTEL_SERVICE_ROLE_KEY: env.serviceRoleKey,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    worker.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('intel worker:')) resolve();
    });
    worker.once('exit', (code) => reject(new Error(`the worker exited with ${code}`)));
  });
  return worker;
}
