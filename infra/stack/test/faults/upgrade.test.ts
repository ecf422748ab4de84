/**
 * An upgrade: the database of the previous release (this project's migrations as they were before
 * the newest commit that changed them, from git), with threat data imported by the importer; then
 * this checkout's migrations. `up` names the pending migrations and takes a backup before applying
 * them, and every table keeps its rows (and, where its columns did not change, the same rows).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleep, stackCli, type FaultStack } from './fault-stack.js';
import { asSuperuser } from './snapshot.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const workdir = path.join(tmpdir(), 'cti-fault-upgrade');
let stack: FaultStack;
let previous: string;

const git = (...args: string[]) => execFileSync('git', ['-C', ROOT, ...args], { encoding: 'utf8' }).trim();

/** Migrations of `commit` into `dir` (git archive, nothing checked out). */
function migrationsAt(commit: string, dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const tar = execFileSync('git', ['-C', ROOT, 'archive', commit, 'supabase/migrations']);
  execFileSync('tar', ['-x', '--strip-components=2', '-C', dir], { input: tar });
}

interface TableState {
  columns: string;
  rows: number;
  /** md5 of each row's text. */
  hashes: Set<string>;
}

async function tables(): Promise<Record<string, TableState>> {
  const list = await asSuperuser<{ name: string; columns: string }>(
    stack,
    `select format('%I.%I', table_schema, table_name) as name,
            string_agg(column_name || ' ' || data_type, ', ' order by ordinal_position) as columns
       from information_schema.columns
      where table_schema in ('public', 'private', 'auth', 'storage')
        and (table_schema, table_name) in (select schemaname, tablename from pg_tables)
      group by 1 order by 1`,
  );
  const out: Record<string, TableState> = {};
  for (const { name, columns } of list) {
    const rows = await asSuperuser<{ h: string }>(stack, `select md5(t::text) as h from ${name} t`);
    out[name] = { columns, rows: rows.length, hashes: new Set(rows.map((r) => r.h)) };
  }
  return out;
}

function intel(args: string[]): void {
  execFileSync(process.execPath, [path.join(ROOT, 'intel/bin/intel.mjs'), ...args, '--workdir', workdir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

beforeAll(async () => {
  const [newest] = git('log', '-n', '1', '--format=%H', '--', 'supabase/migrations').split('\n');
  previous = process.env.UPGRADE_FROM ?? `${newest}^`;
  if (existsSync(workdir)) {
    try {
      stackCli(workdir, ['down', '--purge']);
    } catch {
      // nothing running
    }
    rmSync(workdir, { recursive: true, force: true });
  }
  mkdirSync(path.join(workdir, 'supabase'), { recursive: true });
  const config = readFileSync(path.join(ROOT, 'supabase', 'config.toml'), 'utf8')
    .replace(/^port = 54321$/m, 'port = 25597')
    .replace(/^port = 54322$/m, 'port = 25598')
    .replace(/^port = 54324$/m, 'port = 15597')
    .replace(/^smtp_port = 54325$/m, 'smtp_port = 15598')
    .replace(/^demo_users = .*$/m, 'demo_users = []')
    .replace(/^web_port = .*$/m, 'web_port = 0');
  writeFileSync(path.join(workdir, 'supabase', 'config.toml'), config);
  symlinkSync(path.join(ROOT, 'supabase', 'functions'), path.join(workdir, 'supabase', 'functions'));
  migrationsAt(previous, path.join(workdir, 'supabase', 'migrations'));
  const vars = JSON.parse(stackCli(workdir, ['up', '-o', 'json'])) as Record<string, string>;
  stack = {
    workdir,
    state: path.join(workdir, 'supabase', '.temp', 'stack'),
    apiUrl: vars.API_URL!,
    dbUrl: vars.DB_URL!,
    serviceRoleKey: vars.SERVICE_ROLE_KEY!,
    anonKey: vars.ANON_KEY!,
  };
  intel([
    'import',
    path.join(ROOT, 'data/demo/cisa-kev/known_exploited_vulnerabilities.json.gz'),
    '--format',
    'kev',
  ]);
  intel([
    'import',
    path.join(ROOT, 'data/demo/abusech/urlhaus-online-sample-2026-08-18.csv'),
    '--format',
    'urlhaus',
  ]);
  intel([
    'import',
    path.join(ROOT, 'data/demo/abusech/threatfox-recent-2026-07-24.json.gz'),
    '--format',
    'threatfox',
  ]);
  // Telemetry volume every 97 hours over two years (past the retention of 395 days too): the
  // migration that partitions the table by month must carry every row over.
  await asSuperuser(
    stack,
    `insert into public.sensors (name) values ('upgrade-sensor');
     insert into public.telemetry_volume (sensor, bucket, event_type, events, matched)
     select 'upgrade-sensor', date_trunc('hour', now() - make_interval(hours => h * 97)), 'dns', h, 0
       from generate_series(0, 200) h`,
  );
}, 600_000);

afterAll(() => {
  if (process.env.FAULT_KEEP === '1') return;
  try {
    stackCli(workdir, ['down', '--purge']);
  } finally {
    rmSync(workdir, { recursive: true, force: true });
  }
});

describe('upgrading an installation of the previous release', () => {
  it('applies the new migrations after a backup, and the data survives', async () => {
    const before = await tables();
    expect(before['public.indicators']?.rows ?? 0).toBeGreaterThan(100);
    expect(before['public.vulnerabilities']?.rows ?? 0).toBeGreaterThan(100);
    expect(before['public.telemetry_volume']?.rows).toBe(201);
    const migrations = path.join(workdir, 'supabase', 'migrations');
    rmSync(migrations, { recursive: true, force: true });
    cpSync(path.join(ROOT, 'supabase', 'migrations'), migrations, { recursive: true });

    const up = spawnSync(
      process.execPath,
      [path.join(ROOT, 'infra/stack/bin/stack.mjs'), 'up', '--workdir', workdir, '-o', 'env'],
      { encoding: 'utf8' },
    );
    expect(up.status, up.stderr).toBe(0);
    const pending = readdirSync(migrations).filter((f) => f.endsWith('.sql'));
    const applied = pending.filter((f) => up.stderr.includes(`  ${f}`));
    console.info(`upgrade from ${previous.slice(0, 12)}: ${up.stderr.match(/\d+ pending migrations?/)?.[0]}`);
    expect(applied.length).toBeGreaterThan(0);
    const backup = /backup of the database before them: (\S+)/.exec(up.stderr)?.[1];
    expect(backup).toBeDefined();
    expect(existsSync(path.join(backup!, 'manifest.json'))).toBe(true);

    const after = await tables();
    // No row lost (migrations may add reference rows); where a table's columns did not change,
    // every row is still there unchanged.
    for (const [name, state] of Object.entries(before)) {
      expect(after[name]?.rows ?? -1, name).toBeGreaterThanOrEqual(state.rows);
      if (after[name]!.columns !== state.columns) continue;
      const missing = [...state.hashes].filter((h) => !after[name]!.hashes.has(h));
      expect(missing.length, `${name}: rows changed or lost`).toBe(0);
    }
  }, 600_000);
});

describe('Postgres killed during an import', () => {
  const count = async (table: string) =>
    Number((await asSuperuser<{ n: string }>(stack, `select count(*) as n from ${table}`))[0]!.n);

  it('keeps none of the interrupted run (one transaction per run)', async () => {
    const before = {
      objects: await count('public.intel_objects'),
      links: await count('public.relationships'),
    };
    const importer = spawn(
      process.execPath,
      [
        path.join(ROOT, 'intel/bin/intel.mjs'),
        'import',
        path.join(ROOT, 'data/demo/mitre-attack/enterprise-attack-18.1.stix20.json.gz'),
        '--format',
        'attack',
        '--workdir',
        workdir,
      ],
      { stdio: 'ignore' },
    );
    const exited = new Promise<number | null>((resolve) => importer.on('exit', (code) => resolve(code)));
    await expect
      .poll(
        async () =>
          (
            await asSuperuser(
              stack,
              `select 1 from public.import_runs where format = 'attack' and status = 'running'`,
            )
          ).length,
        { timeout: 60_000, interval: 100 },
      )
      .toBe(1);
    await sleep(1_000);
    const pid = Number(
      readFileSync(path.join(stack.state, 'pgdata', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    process.kill(pid, 'SIGKILL');
    expect(await exited).not.toBe(0);
    // Back through the supervisor; then nothing of the run is there.
    await expect
      .poll(
        () =>
          asSuperuser(stack, 'select 1').then(
            () => true,
            () => false,
          ),
        { timeout: 30_000, interval: 200 },
      )
      .toBe(true);
    expect(await count('public.intel_objects')).toBe(before.objects);
    expect(await count('public.relationships')).toBe(before.links);
  }, 180_000);
});
