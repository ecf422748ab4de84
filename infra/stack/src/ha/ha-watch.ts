/**
 * The supervisor's watch over two nodes (src/stack/supervisor.ts uses it instead of restarting
 * the one Postgres in place once a standby is set up).
 *
 * The primary is "gone" when its postmaster is not running for `failover_after` seconds, or at once
 * when its data folder is gone (a lost disk never comes back). Then the standby is promoted (fencing
 * first, see rejoin.ts), the gateway restarted on the new primary, and the old node brought back as
 * the standby as soon as it can be rewound or cloned. Without a running standby there is nothing to
 * promote, so a dead primary is restarted in place as before (unless it is fenced).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ProjectConfig } from '../config/project-config.js';
import type { StatePaths } from '../config/state.js';
import type { Logger } from '../kernel/logger.js';
import { restartDelay } from '../kernel/restart-delay.js';
import { launchPostmaster } from '../postgres/postmaster.js';
import { currentNodes, nodePaths, nodePid, type NodeName } from './nodes.js';
import { promote, promoteNode, rejoin } from './rejoin.js';

export interface HaWatch {
  /** True when the primary is up after this check (maybe because the standby was just promoted). */
  check(): Promise<boolean>;
}

export function createHaWatch(
  config: ProjectConfig,
  paths: StatePaths,
  password: string,
  log: Logger,
  onPromoted: () => Promise<void>,
): HaWatch {
  const lastPid: Partial<Record<NodeName, number>> = {};
  let downSince: number | undefined;
  let standbyFailures = 0;
  let standbyRetryAt = 0;
  let checkedRecovery = false;
  const say = (level: 'info' | 'warn' | 'error') => (line: string) => log(level, line, { part: 'postgres' });

  async function checkStandby(): Promise<void> {
    const { primary, standby, state } = currentNodes(config, paths);
    const pid = nodePid(standby);
    if (pid !== undefined) {
      lastPid[standby.name] = pid;
      return;
    }
    if (Date.now() < standbyRetryAt) return;
    try {
      log('warn', `standby node ${standby.name} is not running; bringing it back`, { part: 'standby' });
      // A first try rewinds (or just starts) it; if that did not bring it back, it is cloned afresh.
      const mode = standbyFailures > 0 ? 'clone' : state.needsRewind === standby.name ? 'rewind' : 'restart';
      await rejoin(config, paths, standby, primary, password, mode, say('info'));
      log('info', `node ${standby.name} streams from the primary again`, { part: 'standby' });
      standbyFailures = 0;
    } catch (error) {
      standbyFailures += 1;
      const delay = restartDelay(standbyFailures);
      standbyRetryAt = Date.now() + delay;
      log('error', 'the standby could not be brought back; trying again', {
        part: 'standby',
        error: (error as Error).message.split('\n')[0],
        retryInMs: delay,
      });
    }
  }

  return {
    async check() {
      const { primary, standby, state } = currentNodes(config, paths);
      const pid = nodePid(primary);
      if (pid !== undefined) {
        lastPid[primary.name] = pid;
        downSince = undefined;
        // A supervisor that died between switching ha.json and pg_promote finishes the promotion.
        if (!checkedRecovery) {
          checkedRecovery = true;
          await promoteNode(paths, primary).catch(() => undefined);
        }
        await checkStandby();
        return true;
      }
      const now = Date.now();
      const diskGone = !existsSync(path.join(primary.pgData, 'PG_VERSION'));
      if (downSince === undefined) {
        downSince = now;
        log(
          'warn',
          `primary node ${primary.name} is not running${diskGone ? ' and its data folder is gone' : ''}`,
          {
            part: 'postgres',
            failoverInMs: diskGone ? 0 : config.standby.failoverAfterSeconds * 1000,
          },
        );
      }
      const standbyUp = nodePid(standby) !== undefined;
      if (!standbyUp) {
        if (diskGone || state.needsRewind === primary.name) return false;
        // Nothing to promote: restart it in place, as a stack without a standby does.
        await launchPostmaster(nodePaths(paths, primary));
        log('info', `primary node ${primary.name} restarted in place (no standby to promote)`, {
          part: 'postgres',
        });
        return true;
      }
      if (!diskGone && now - downSince < config.standby.failoverAfterSeconds * 1000) return false;
      await promote(config, paths, { lastPid: lastPid[primary.name] }, say('warn'));
      log('info', 'failover done', { part: 'postgres', downMs: Date.now() - downSince });
      downSince = undefined;
      await onPromoted();
      return true;
    },
  };
}
