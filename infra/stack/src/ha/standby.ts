/**
 * Builds and starts the hot standby: PostgreSQL's own streaming replication
 * (https://www.postgresql.org/docs/15/warm-standby.html#STREAMING-REPLICATION), nothing home-made.
 *
 * On the primary: `wal_log_hints` (pg_rewind needs it to rewind an old primary later), a LOGIN
 * REPLICATION role with its password from the stack's secrets, pg_hba's replication lines limited to
 * that role, a physical slot so the primary keeps the WAL the standby has not received, and the
 * synchronous setting. The standby is a `pg_basebackup` of it with `standby.signal`,
 * `primary_conninfo` and `primary_slot_name` (https://www.postgresql.org/docs/15/app-pgbasebackup.html).
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { ProjectConfig } from '../config/project-config.js';
import type { StatePaths } from '../config/state.js';
import { quoteIdent, quoteLiteral } from '../kernel/sql-text.js';
import {
  BOOTSTRAP_SUPERUSER,
  requireBinaries,
  serverSettings,
  STACK_SETTINGS_MARKER,
} from '../postgres/cluster.js';
import { ensureTraversable, makeServerDir, runTool } from '../postgres/run-as.js';
import { REPLICATION_ROLE, STANDBY_SLOT, type DbNode } from './nodes.js';

/** A superuser session on one node over the private unix socket (trust, as the admin client). */
export async function withNodeClient<T>(
  paths: StatePaths,
  node: DbNode,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({
    host: paths.socketDir,
    port: node.port,
    user: BOOTSTRAP_SUPERUSER,
    database: 'postgres',
    connectionTimeoutMillis: 3_000,
  });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const HBA_MARKER = '# --- replication, set by the cti stack ---';

/** pg_hba.conf: no replication line but ours, for the replication role only. */
export function limitReplicationHba(text: string, standbyAddress: string): string {
  const marker = text.indexOf(HBA_MARKER);
  const base = (marker === -1 ? text : text.slice(0, marker))
    .split('\n')
    .filter((line) => !/^\s*(local|host\w*)\s+replication\s/.test(line))
    .join('\n')
    .replace(/\n*$/, '\n');
  return `${base}\n${HBA_MARKER}\nhost replication ${REPLICATION_ROLE} ${standbyAddress} scram-sha-256\n`;
}

/**
 * The primary's side: settings, role, pg_hba, slot. The synchronous setting is applied once the
 * standby streams (rejoin.ts): before that, every commit would wait for it.
 */
export async function preparePrimary(
  config: ProjectConfig,
  paths: StatePaths,
  primary: DbNode,
  replicationPassword: string,
  restart: () => Promise<void>,
): Promise<void> {
  const hba = path.join(primary.pgData, 'pg_hba.conf');
  writeFileSync(hba, limitReplicationHba(readFileSync(hba, 'utf8'), '127.0.0.1/32'));
  const needsRestart = await withNodeClient(paths, primary, async (client) => {
    await client.query(`alter system set wal_log_hints = on`);
    // Queries on the standby are not cancelled by vacuum on the primary removing rows they read.
    await client.query(`alter system set hot_standby_feedback = on`);
    await client.query(`select pg_reload_conf()`);
    const role = quoteIdent(REPLICATION_ROLE);
    const exists = await client.query(`select 1 from pg_roles where rolname = $1`, [REPLICATION_ROLE]);
    if (exists.rowCount === 0) await client.query(`create role ${role} with login replication`);
    await client.query(
      `alter role ${role} with login replication password ${quoteLiteral(replicationPassword)}`,
    );
    await ensureSlot(client);
    const { rows } = await client.query<{ on: string }>(`show wal_log_hints`);
    return rows[0]!.on !== 'on';
  });
  if (needsRestart) await restart();
}

export async function ensureSlot(client: pg.Client): Promise<void> {
  await client.query(
    `select pg_create_physical_replication_slot($1, true)
      where not exists (select 1 from pg_replication_slots where slot_name = $1)`,
    [STANDBY_SLOT],
  );
}

/**
 * Synchronous: a commit returns once the standby has applied it (remote_apply), so an acknowledged
 * write is both durable on two nodes and visible in reads from the standby. Asynchronous: commits
 * do not wait; a failover can lose the last moments of writes (the replication lag).
 */
export async function applySynchronous(client: pg.Client, synchronous: boolean): Promise<void> {
  if (synchronous) {
    await client.query(`alter system set synchronous_standby_names = ${quoteLiteral(`"${STANDBY_SLOT}"`)}`);
    await client.query(`alter system set synchronous_commit = 'remote_apply'`);
  } else {
    await client.query(`alter system reset synchronous_standby_names`);
    await client.query(`alter system reset synchronous_commit`);
  }
  await client.query(`select pg_reload_conf()`);
}

export interface Upstream {
  host: string;
  port: number;
}

/** Where a standby reaches `primary`: node a through [stack.standby] primary_host/port, b on loopback. */
export function upstreamOf(config: ProjectConfig, primary: DbNode): Upstream {
  return primary.name === 'a'
    ? { host: config.standby.primaryHost, port: config.standby.primaryPort }
    : { host: '127.0.0.1', port: primary.port };
}

/** primary_conninfo in libpq's key=value form (https://www.postgresql.org/docs/15/libpq-connect.html). */
export function primaryConninfo(upstream: Upstream, password: string): string {
  const value = (v: string) => `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  return [
    `host=${value(upstream.host)}`,
    `port=${upstream.port}`,
    `user=${REPLICATION_ROLE}`,
    `password=${value(password)}`,
    `application_name=${STANDBY_SLOT}`,
    'connect_timeout=3',
  ].join(' ');
}

/** Rewrites the stack's settings block for this node (its port) and makes it follow `upstream`. */
export function configureAsStandby(
  config: ProjectConfig,
  paths: StatePaths,
  node: DbNode,
  upstream: Upstream,
  password: string,
): void {
  const conf = path.join(node.pgData, 'postgresql.conf');
  const text = readFileSync(conf, 'utf8');
  const marker = text.indexOf(STACK_SETTINGS_MARKER);
  const base = marker === -1 ? text : text.slice(0, marker).replace(/\n+$/, '\n');
  const nodeConfig = { ...config, db: { ...config.db, port: node.port } };
  writeFileSync(conf, base + serverSettings(nodeConfig, paths));
  // The settings of a standby live in postgresql.auto.conf (ALTER SYSTEM's file); ours last win.
  const auto = path.join(node.pgData, 'postgresql.auto.conf');
  const kept = existsSync(auto)
    ? readFileSync(auto, 'utf8')
        .split('\n')
        .filter((l) => !/^\s*(primary_conninfo|primary_slot_name|synchronous_standby_names)\s*=/.test(l))
        .join('\n')
    : '';
  writeFileSync(auto, kept.replace(/\n*$/, '\n'));
  appendFileSync(
    auto,
    [
      `primary_conninfo = ${quoteLiteral(primaryConninfo(upstream, password))}`,
      `primary_slot_name = '${STANDBY_SLOT}'`,
      `recovery_target_timeline = 'latest'`,
      '',
    ].join('\n'),
  );
  writeFileSync(path.join(node.pgData, 'standby.signal'), '');
}

/** A fresh copy of the primary into the standby's (empty or missing) data folder. */
export function cloneStandby(
  config: ProjectConfig,
  paths: StatePaths,
  node: DbNode,
  upstream: Upstream,
  password: string,
  log: (line: string) => void,
): void {
  const bins = requireBinaries();
  ensureTraversable(path.dirname(node.pgData), log);
  makeServerDir(node.pgData);
  runTool(
    path.join(bins.dir, 'pg_basebackup'),
    [
      '-D',
      node.pgData,
      '-h',
      upstream.host,
      '-p',
      String(upstream.port),
      '-U',
      REPLICATION_ROLE,
      '-X',
      'stream',
      '-c',
      'fast',
      '-S',
      STANDBY_SLOT,
      '--no-password',
    ],
    { env: { PGPASSWORD: password } },
  );
  configureAsStandby(config, paths, node, upstream, password);
}
