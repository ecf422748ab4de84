/** Starts the floor server as a child process and waits until it listens. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { FloorConfig } from './floor-server.js';

export interface FloorProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const ENTRY = fileURLToPath(new URL('./floor-main.ts', import.meta.url));

/** `nodeArgs` go to the child's node, e.g. `--cpu-prof` to profile the floor too. */
export async function startFloor(config: FloorConfig, nodeArgs: string[] = []): Promise<FloorProcess> {
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', ENTRY], {
    env: { ...process.env, BENCH_FLOOR_CONFIG: JSON.stringify(config) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('floor server did not start within 20 s')), 20_000);
    child.once('exit', (code) => reject(new Error(`floor server exited with code ${code} before listening`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      try {
        resolve((JSON.parse(line) as { port: number }).port);
      } catch {
        reject(new Error(`floor server printed "${line}" instead of its port`));
      }
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
