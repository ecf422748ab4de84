/**
 * The functions runtime of one gateway: a supervised Deno process per function found in
 * `supabase/functions`, and the request path in front of them (function lookup, `verify_jwt`,
 * waiting for a process that is still starting, relaying).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, realpathSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GatewayContext, ServiceHealth, ServiceRoute } from '../kernel/context.js';
import { sendJson } from '../kernel/http.js';
import { findDeno } from './deno-binary.js';
import { discoverFunctions, functionEntry } from './discover.js';
import { FunctionProcess } from './function-process.js';
import { relayToFunction, sendRelayError } from './relay.js';
import { functionEnv } from './runtime-env.js';
import { checkFunctionJwt } from './verify-jwt.js';
import { watchFunctions } from './watch.js';

const PACKAGE_DIR = fileURLToPath(new URL('../../', import.meta.url));
const PRELOAD = fileURLToPath(new URL('./deno-preload.ts', import.meta.url));
/** How long a request waits for a process that is still starting (first start may fetch npm packages). */
const STARTUP_WAIT_MS = 30_000;
/** Unix socket paths are limited to about 107 bytes. */
const MAX_SOCKET_PATH = 100;

/**
 * Deno's cache of npm packages and compiled modules. It is shared by every stack of this checkout
 * (not per state folder) so a `stack reset` or `down --purge` does not download everything again.
 */
export function denoCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.STACK_DENO_DIR ?? env.DENO_DIR ?? path.join(PACKAGE_DIR, '.temp', 'deno');
}

function socketDirFor(stateRoot: string): string {
  const dir = path.join(stateRoot, 'functions');
  if (path.join(dir, `${'x'.repeat(24)}.sock`).length <= MAX_SOCKET_PATH) return dir;
  const hash = createHash('sha256').update(stateRoot).digest('hex').slice(0, 12);
  return path.join(tmpdir(), `cti-functions-${hash}`);
}

export class FunctionsRuntime {
  readonly functionsDir: string;
  private readonly processes = new Map<string, FunctionProcess>();
  private readonly deno = findDeno();
  private readonly socketDir: string;
  private readonly env: Record<string, string>;
  private readonly configFile: string | undefined;
  private readonly readPaths: string[];
  /** Each launch gets its own socket, so a replaced process's cleanup never removes its successor's. */
  private generation = 0;
  private unwatch: (() => void) | undefined;

  constructor(private readonly ctx: GatewayContext) {
    this.functionsDir = path.join(ctx.config.projectDir, 'functions');
    this.socketDir = socketDirFor(ctx.paths.root);
    this.configFile = ['deno.json', 'deno.jsonc']
      .map((file) => path.join(this.functionsDir, file))
      .find((file) => existsSync(file));
    const real = existsSync(this.functionsDir) ? realpathSync(this.functionsDir) : this.functionsDir;
    this.readPaths = [...new Set([this.functionsDir, real])];
    this.env = functionEnv(ctx, {
      functionsDir: this.functionsDir,
      denoDir: denoCacheDir(),
      warn: (message, fields) => ctx.log('warn', message, fields),
    });
  }

  /** Starts every function without waiting for them: the gateway must not wait for npm downloads. */
  startAll(): void {
    this.unwatch = watchFunctions(this.functionsDir, (names) => this.reload(names));
    const names = discoverFunctions(this.functionsDir);
    if (names.length === 0) return;
    mkdirSync(this.socketDir, { recursive: true, mode: 0o700 });
    this.ctx.log('info', 'starting edge functions', { functions: names, deno: this.deno ?? null });
    for (const name of names) this.launch(name);
  }

  private launch(name: string): FunctionProcess | undefined {
    const entry = functionEntry(this.functionsDir, name);
    if (entry === undefined) return undefined;
    mkdirSync(this.socketDir, { recursive: true, mode: 0o700 });
    const generation = ++this.generation;
    const socketName = `${name}.${generation}.sock`;
    const socketPath =
      path.join(this.socketDir, socketName).length <= MAX_SOCKET_PATH
        ? path.join(this.socketDir, socketName)
        : path.join(
            this.socketDir,
            `${createHash('sha256').update(name).digest('hex').slice(0, 16)}.${generation}.sock`,
          );
    const worker = new FunctionProcess({
      name,
      entry,
      socketPath,
      deno: this.deno,
      readPaths: this.readPaths,
      configFile: this.configFile,
      preload: PRELOAD,
      env: this.env,
      cwd: this.functionsDir,
      log: this.ctx.log,
    });
    this.processes.set(name, worker);
    worker.start();
    return worker;
  }

  /**
   * New code: the function's process is replaced (requests in flight finish on the old one, new
   * ones wait for the new one); a function whose folder is gone is dropped.
   */
  private reload(names: Set<string> | 'all'): void {
    const targets = names === 'all' ? [...this.processes.keys()] : [...names];
    for (const name of targets) {
      const old = this.processes.get(name);
      if (!old && names === 'all') continue;
      this.processes.delete(name);
      if (old) void old.stop();
      const replaced = this.launch(name);
      this.ctx.log('info', 'edge function reloaded after a code change', {
        function: name,
        running: replaced !== undefined,
      });
    }
  }

  /** The process of a function, started on first use when its folder appeared after start-up. */
  private lookup(name: string): FunctionProcess | undefined {
    return this.processes.get(name) ?? this.launch(name);
  }

  async handle(req: IncomingMessage, res: ServerResponse, route: ServiceRoute): Promise<void> {
    const rawName = route.path.split('/')[1] ?? '';
    let name: string;
    try {
      name = decodeURIComponent(rawName);
    } catch {
      name = '';
    }
    const fn = name === '' ? undefined : this.lookup(name);
    if (!fn) return sendJson(res, 404, { msg: 'Function not found' });

    // Like the CLI's runtime, OPTIONS passes unchecked so functions can answer CORS themselves.
    const verifyJwt = this.ctx.config.functions[name]?.verifyJwt ?? true;
    if (verifyJwt && req.method !== 'OPTIONS') {
      const refusal = await checkFunctionJwt(req.headers.authorization, this.ctx.secrets.jwtSecret);
      if (refusal) {
        req.resume();
        return sendJson(res, refusal.status, refusal.body);
      }
    }

    if (fn.state === 'starting') await fn.waitReady(STARTUP_WAIT_MS);
    if (fn.state !== 'ready') {
      req.resume();
      return sendRelayError(
        res,
        fn.state === 'starting' ? 'Function is still starting' : `Function is not running (${fn.detail()})`,
      );
    }
    await relayToFunction(req, res, {
      name,
      socketPath: fn.options.socketPath,
      path: `/${rawName}${route.path.slice(1 + rawName.length)}${route.url.search}`,
      timeoutMs: this.ctx.config.stack.functionTimeoutSeconds * 1000,
      maxBodyBytes: this.ctx.config.stack.maxBodyBytes,
      trustedProxies: this.ctx.config.stack.webTrustedProxies,
      log: this.ctx.log,
    });
  }

  health(): ServiceHealth {
    if (this.processes.size === 0) {
      return { healthy: true, detail: `no functions in ${path.basename(this.functionsDir)}/` };
    }
    const down = [...this.processes.values()].filter((p) => p.state !== 'ready');
    if (down.length === 0) return { healthy: true, detail: `${this.processes.size} up` };
    return { healthy: false, detail: down.map((p) => `${p.name}: ${p.detail()}`).join('; ') };
  }

  async stopAll(): Promise<void> {
    this.unwatch?.();
    this.unwatch = undefined;
    await Promise.all([...this.processes.values()].map((p) => p.stop()));
  }
}
