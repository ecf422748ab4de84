/**
 * One edge function = one Deno process listening on its own unix socket. Separate processes keep
 * functions apart: one that crashes, leaks memory or blocks its event loop takes nobody else down.
 * The supervisor restarts a process that dies, with a growing delay while it keeps dying quickly.
 *
 * Why a unix socket rather than a 127.0.0.1 port: no free-port race with other stacks on the
 * machine (a port picked by us could be bound by someone else first, and we would relay to the
 * wrong server), and nothing but the gateway (same user, folder mode 0700) can reach a function,
 * so `verify_jwt` cannot be bypassed. Deno needs read and write permission on the socket path
 * itself to bind it; that is the only file a function may write.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import net from 'node:net';
import { createInterface } from 'node:readline';
import type { Logger } from '../kernel/logger.js';
import { restartDelay } from '../kernel/restart-delay.js';

export type ProcessState = 'starting' | 'ready' | 'backoff' | 'stopped' | 'failed';

export interface FunctionProcessOptions {
  name: string;
  entry: string;
  socketPath: string;
  /** The Deno binary, or undefined when none was found (the function then stays `failed`). */
  deno: string | undefined;
  /** Folders the function may read (its project folder, under its link and its real path). */
  readPaths: string[];
  /** `deno.json` of the functions folder, if any. */
  configFile: string | undefined;
  preload: string;
  env: Record<string, string>;
  cwd: string;
  log: Logger;
  /** V8 heap limit, like the hosted platform's per-function memory limit. */
  maxHeapMb?: number;
}

/** A process that stayed up this long counts as healthy again: its next crash restarts quickly. */
const STABLE_AFTER_MS = 30_000;
const STOP_GRACE_MS = 3_000;

export class FunctionProcess {
  state: ProcessState = 'stopped';
  private child: ChildProcess | undefined;
  private startedAt = 0;
  private failures = 0;
  private lastExit: string | undefined;
  private restartAt = 0;
  private restartTimer: NodeJS.Timeout | undefined;
  private probeTimer: NodeJS.Timeout | undefined;
  private waiters = new Set<() => void>();
  private stopping = false;

  constructor(readonly options: FunctionProcessOptions) {}

  get name(): string {
    return this.options.name;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): void {
    const { name, deno, log } = this.options;
    this.stopping = false;
    if (deno === undefined) {
      this.state = 'failed';
      this.lastExit = 'Deno not found (install the @deno/<platform> npm package or set STACK_DENO_BIN)';
      log('error', 'edge function cannot start', { function: name, error: this.lastExit });
      return;
    }
    rmSync(this.options.socketPath, { force: true });
    this.state = 'starting';
    this.startedAt = Date.now();
    const child = spawn(deno, this.denoArgs(), {
      cwd: this.options.cwd,
      env: {
        ...this.options.env,
        DENO_SERVE_ADDRESS: `unix:${this.options.socketPath}`,
        // Read (and removed from the env) by the preload script: exit when this gateway is gone.
        STACK_GATEWAY_PID: String(process.pid),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.forwardOutput(child);
    let settled = false;
    const onEnd = (description: string) => {
      if (settled) return;
      settled = true;
      this.onExit(child, description);
    };
    child.once('error', (error) => onEnd(`could not be started: ${error.message}`));
    child.once('exit', (code, signal) =>
      onEnd(signal ? `killed by ${signal}` : `exited with code ${code ?? 'unknown'}`),
    );
    this.probe(child);
  }

  private denoArgs(): string[] {
    const { configFile, readPaths, socketPath, preload, entry, maxHeapMb = 256 } = this.options;
    return [
      'run',
      '--no-prompt',
      '--allow-net',
      '--allow-env',
      `--allow-read=${[...readPaths, socketPath].join(',')}`,
      `--allow-write=${socketPath}`,
      ...(configFile ? ['--config', configFile] : ['--no-config', '--node-modules-dir=none']),
      `--v8-flags=--max-old-space-size=${maxHeapMb}`,
      '--preload',
      preload,
      entry,
    ];
  }

  /** The function's console output goes to the gateway log, one JSON line per line of output. */
  private forwardOutput(child: ChildProcess): void {
    const { name, log } = this.options;
    for (const [stream, level] of [
      [child.stdout, 'info'],
      [child.stderr, 'warn'],
    ] as const) {
      if (!stream) continue;
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
        if (line.trim() === '') return;
        // Deno's own progress lines also go to stderr; they are not warnings.
        const routine = /^(Listening on|Download) /.test(line);
        log(routine ? 'info' : level, 'edge function output', { function: name, line });
      });
    }
  }

  /** Polls the socket until the function accepts connections (it may be fetching npm packages). */
  private probe(child: ChildProcess): void {
    const attempt = () => {
      if (this.child !== child || this.state !== 'starting') return;
      const socket = net.connect({ path: this.options.socketPath });
      socket.once('connect', () => {
        socket.destroy();
        if (this.child !== child || this.state !== 'starting') return;
        this.state = 'ready';
        this.options.log('info', 'edge function ready', {
          function: this.name,
          pid: child.pid,
          ms: Date.now() - this.startedAt,
        });
        this.wake();
      });
      socket.once('error', () => {
        socket.destroy();
        const waited = Date.now() - this.startedAt;
        this.probeTimer = setTimeout(attempt, waited < 5_000 ? 50 : 250);
      });
    };
    attempt();
  }

  private onExit(child: ChildProcess, description: string): void {
    if (this.child !== child) return;
    this.child = undefined;
    clearTimeout(this.probeTimer);
    rmSync(this.options.socketPath, { force: true });
    this.lastExit = description;
    if (this.stopping) {
      this.state = 'stopped';
      this.wake();
      return;
    }
    const uptime = Date.now() - this.startedAt;
    if (uptime >= STABLE_AFTER_MS) this.failures = 0;
    this.failures += 1;
    const delay = restartDelay(this.failures);
    this.state = 'backoff';
    this.restartAt = Date.now() + delay;
    this.options.log('warn', 'edge function process ended; restarting', {
      function: this.name,
      reason: description,
      uptimeMs: uptime,
      restartInMs: delay,
    });
    this.restartTimer = setTimeout(() => this.start(), delay);
    this.restartTimer.unref();
    this.wake();
  }

  private wake(): void {
    for (const wake of this.waiters) wake();
    this.waiters.clear();
  }

  /** Waits while the process is starting; true once it is ready, false if it died or time ran out. */
  async waitReady(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (this.state === 'starting' && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deadline - Date.now());
        this.waiters.add(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.state === 'ready';
  }

  /** A short description for `stack status`. */
  detail(): string {
    switch (this.state) {
      case 'ready':
        return `up (pid ${this.pid})`;
      case 'starting':
        return `starting for ${Math.round((Date.now() - this.startedAt) / 1000)} s`;
      case 'backoff':
        return `${this.lastExit}; restarting in ${Math.max(0, Math.ceil((this.restartAt - Date.now()) / 1000))} s`;
      case 'failed':
        return this.lastExit ?? 'failed';
      case 'stopped':
        return 'stopped';
    }
  }

  /** SIGTERM, then SIGKILL after a grace period; no restart afterwards. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    clearTimeout(this.probeTimer);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) {
      this.state = 'stopped';
      this.child = undefined;
      rmSync(this.options.socketPath, { force: true });
      return;
    }
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  }
}
