/**
 * The stack's supervisor: checks twice a second that Postgres and the gateway are running and
 * starts whichever died, with a growing delay while it keeps dying (the same back-off as edge
 * functions, which the gateway itself supervises). Every restart is one log line.
 *
 * Why polling rather than being the parent: Postgres is started by `pg_ctl` (it daemonizes) and
 * the gateway detached, so both outlive `stack up` and a supervisor that dies (systemd restarts
 * that one); the supervisor only needs the pid files both already keep.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ProjectConfig } from '../config/project-config.js';
import type { StatePaths } from '../config/state.js';
import { restartDelay } from '../kernel/restart-delay.js';
import type { Logger } from '../kernel/logger.js';
import { clusterExists } from '../postgres/cluster.js';
import { launchPostmaster } from '../postgres/postmaster.js';
import { gatewayPid, startGateway, stopGateway } from './gateway-process.js';
import { createHaWatch } from '../ha/ha-watch.js';
import { currentNodes, nodePid } from '../ha/nodes.js';
import { haActive } from '../ha/replication-status.js';
import { readSecrets } from '../config/secrets.js';

const TICK_MS = 250;
/** A part that stayed up this long counts as healthy again: its next crash restarts at once. */
const STABLE_AFTER_MS = 30_000;
/** A gateway that has not answered its health URL this many probes in a row is killed and restarted. */
const HUNG_AFTER_PROBES = 3;
const PROBE_EVERY_MS = 5_000;

/** `STACK_POSTGRES=external`: a service manager runs the postmaster (infra/systemd/cti-postgres.service). */
export function postgresIsExternal(): boolean {
  return process.env.STACK_POSTGRES === 'external';
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive but another user's (Postgres runs as `postgres` when the stack runs as root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The postmaster's pid when it is running (first line of postmaster.pid), without spawning pg_ctl. */
export function postmasterPid(paths: StatePaths): number | undefined {
  const file = path.join(paths.pgData, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : undefined;
}

interface Part {
  name: 'postgres' | 'gateway';
  isUp(): boolean;
  start(): Promise<void>;
}

/** One supervised part: when it went down, how often its restarts failed, when to try again. */
class Watch {
  private downSince: number | undefined;
  private upSince = Date.now();
  private failures = 0;
  private retryAt = 0;

  constructor(
    readonly part: Part,
    private readonly log: Logger,
  ) {}

  /** True when the part is up after this check (maybe because it was just restarted). */
  async check(): Promise<boolean> {
    const now = Date.now();
    if (this.part.isUp()) {
      if (this.downSince === undefined && now - this.upSince >= STABLE_AFTER_MS) this.failures = 0;
      return true;
    }
    if (this.downSince === undefined) {
      this.downSince = now;
      if (now - this.upSince >= STABLE_AFTER_MS) this.failures = 0;
      this.log('warn', `${this.part.name} is not running; restarting it`, { part: this.part.name });
    }
    if (now < this.retryAt) return false;
    try {
      await this.part.start();
      this.log('info', `${this.part.name} restarted`, {
        part: this.part.name,
        downMs: Date.now() - this.downSince,
        attempt: this.failures + 1,
      });
      this.downSince = undefined;
      this.upSince = Date.now();
      return true;
    } catch (error) {
      this.failures += 1;
      const delay = restartDelay(this.failures);
      this.retryAt = Date.now() + delay;
      this.log('error', `${this.part.name} could not be restarted; trying again`, {
        part: this.part.name,
        error: (error as Error).message.split('\n')[0],
        attempt: this.failures,
        retryInMs: delay,
      });
      return false;
    }
  }
}

/** Answers its health URL at all (any status: a 503 means Postgres is down, not the gateway hung). */
async function gatewayAnswers(config: ProjectConfig): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${config.api.port}/__stack/health`, { signal: AbortSignal.timeout(3_000) });
    return true;
  } catch {
    return false;
  }
}

export interface Supervisor {
  stop(): Promise<void>;
}

export function supervise(config: ProjectConfig, paths: StatePaths, log: Logger): Supervisor {
  const postgres = new Watch(
    {
      name: 'postgres',
      isUp: () => postmasterPid(paths) !== undefined,
      start: async () => void (await launchPostmaster(paths)),
    },
    log,
  );
  // While a gateway is being (re)started it cannot answer yet: the hang probe leaves it alone.
  let gatewayStarting = false;
  const restartingGateway = async (work: () => Promise<unknown>): Promise<void> => {
    gatewayStarting = true;
    try {
      await work();
    } finally {
      gatewayStarting = false;
      unanswered = 0;
    }
  };
  const gateway = new Watch(
    {
      name: 'gateway',
      isUp: () => gatewayPid(paths) !== undefined,
      start: () => restartingGateway(() => startGateway(config, paths)),
    },
    log,
  );
  // With a standby (src/ha), the HA watch replaces restarting Postgres in place: it promotes the
  // standby when the primary is gone and restarts the gateway on the new primary.
  const ha = haActive(paths)
    ? createHaWatch(config, paths, readSecrets(paths.secrets).replicationPassword ?? '', log, () =>
        restartingGateway(async () => {
          await stopGateway(paths);
          await startGateway(config, paths);
        }),
      )
    : undefined;
  let unanswered = 0;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  // The hang probe runs on its own timer: a health request can take seconds while Postgres is
  // down, and must not delay noticing that.
  let probing = false;
  async function probeGateway(): Promise<void> {
    const pid = gatewayPid(paths);
    const primaryPid = ha ? nodePid(currentNodes(config, paths).primary) : postmasterPid(paths);
    if (probing || gatewayStarting || pid === undefined || primaryPid === undefined) return;
    probing = true;
    unanswered = (await gatewayAnswers(config)) ? 0 : unanswered + 1;
    probing = false;
    if (unanswered >= HUNG_AFTER_PROBES && gatewayPid(paths) === pid) {
      log('warn', 'gateway does not answer; killing it so it is restarted', { pid, probes: unanswered });
      unanswered = 0;
      process.kill(pid, 'SIGKILL');
    }
  }
  const probeTimer = setInterval(() => void probeGateway(), PROBE_EVERY_MS);

  async function tick(): Promise<void> {
    // `reset` and `restore` stop the supervisor first; a missing cluster here means it was purged.
    if (ha) {
      if (!(await ha.check())) return;
    } else if (!clusterExists(paths)) return;
    // Under systemd the cti-postgres unit restarts Postgres; we only wait for it.
    else if (postgresIsExternal()) {
      if (postmasterPid(paths) === undefined) return;
    } else if (!(await postgres.check())) return;
    await gateway.check();
  }

  // One check at a time: the next is scheduled when this one ends (a restart can take seconds).
  let timer: NodeJS.Timeout | undefined;
  const loop = () => {
    running = tick()
      .catch((error: unknown) => {
        log('error', 'supervisor check failed', { error: (error as Error).message });
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, TICK_MS);
      });
  };
  timer = setTimeout(loop, TICK_MS);
  log('info', `supervisor watching ${postgresIsExternal() ? '' : 'postgres and '}the gateway`, {
    pid: process.pid,
  });
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearInterval(probeTimer);
      await running;
    },
  };
}
