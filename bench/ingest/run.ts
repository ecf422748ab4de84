/**
 * `npm run bench:ingest [-- --quick | --sizes 1000000,10000000] [--keep] [--skip-attack]`
 * The ingestion pipeline measured on its own stack (this project's migrations, ports 25721/25722):
 * synthetic ThreatFox CSV at each size, re-import of the unchanged file, the same file from a second
 * source, one lookup by value at the largest size, and the ATT&CK enterprise bundle. Prints figures
 * against the targets and the ratio to MISP's and OpenCTI's published speeds; never fails on a target.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { makeProjectTestWorkdir, ROOT } from '../../scripts/lib/setup.mjs';
import { generateThreatFoxCsv } from './generate.js';
import { runImporter, type ImportFigures } from './importer.js';
import { measureLookups } from './lookups.js';
import { printReport, type Row } from './report.js';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    sizes: { type: 'string', default: '1000000,10000000' },
    keep: { type: 'boolean', default: false },
    'skip-attack': { type: 'boolean', default: false },
  },
});
const sizes = values.quick
  ? [100_000]
  : values.sizes
      .split(',')
      .map(Number)
      .sort((a, b) => a - b);
const TEMP = path.join(ROOT, '.temp', 'bench-ingest');
const STACK = path.join(ROOT, 'infra/stack/bin/stack.mjs');
const started = Date.now();
const log = (line: string) =>
  process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}\n`);
const stack = (args: string[]) =>
  execFileSync(process.execPath, [STACK, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });

mkdirSync(TEMP, { recursive: true });
const workdir = makeProjectTestWorkdir(path.join(TEMP, 'project'), 25721, 25722);
const stop = () => {
  if (!values.keep) stack(['down', '--purge', '--workdir', workdir]);
};
process.once('SIGINT', () => {
  stop();
  process.exit(130);
});

const rows: Row[] = [];
const loadBefore = os.loadavg()[0]!;
try {
  log("building the bench stack (this project's migrations)");
  const env = JSON.parse(stack(['reset', '--workdir', workdir, '-o', 'json'])) as Record<string, string>;
  const dbUrl = env.DB_URL!;
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const empty = () =>
    db.query(
      'truncate public.indicator_sources, public.indicators, public.relationships, public.intel_objects, public.import_runs, public.sources restart identity cascade',
    );
  let largest: ImportFigures | undefined;
  for (const size of sizes) {
    const file = path.join(TEMP, `threatfox-${size}.csv`);
    if (!existsSync(file)) {
      log(`generating ${size.toLocaleString('en')} synthetic ThreatFox rows`);
      await generateThreatFoxCsv(file, size);
    }
    await empty();
    log(`importing ${size.toLocaleString('en')} indicators`);
    const fresh = await runImporter(file, dbUrl, 'bench feed');
    largest = fresh;
    rows.push({
      name: `ingest ${size.toLocaleString('en')} (new)`,
      value: fresh.records / fresh.seconds,
      unit: 'indicators/s',
      target: '≥ 50,000',
      pass: fresh.records / fresh.seconds >= 50_000,
      ratios: true,
    });
    rows.push({
      name: `  peak RSS of the importer`,
      value: fresh.peakRssMb,
      unit: 'MB',
      target: '≤ 300',
      pass: fresh.peakRssMb <= 300,
    });
    if (size === sizes[0] || size === 1_000_000) {
      log('re-importing the unchanged file');
      const again = await runImporter(file, dbUrl, 'bench feed');
      rows.push({
        name: `re-import ${size.toLocaleString('en')} unchanged`,
        value: again.seconds,
        unit: 's',
        target: size === 1_000_000 ? '≤ 30' : '—',
        pass: size !== 1_000_000 || again.seconds <= 30,
        note: `inserted ${again.inserted}, updated ${again.updated}`,
      });
      log('the same file from a second source (provenance only)');
      const second = await runImporter(file, dbUrl, 'bench mirror');
      rows.push({
        name: `same ${size.toLocaleString('en')} from a 2nd source`,
        value: second.records / second.seconds,
        unit: 'indicators/s',
        target: '—',
        pass: true,
        note: `${second.seconds.toFixed(1)} s`,
      });
    }
  }
  const { rows: sized } = await db.query<{ n: string; mb: string; pmb: string }>(
    `select (select count(*) from public.indicators) as n, pg_total_relation_size('public.indicators') / 1e6 as mb, pg_total_relation_size('public.indicator_sources') / 1e6 as pmb`,
  );
  log(`looking up values at ${Number(sized[0]!.n).toLocaleString('en')} indicators`);
  const lookups = await measureLookups(dbUrl, env.API_URL!, env.SERVICE_ROLE_KEY!);
  rows.push({
    name: `lookup by value at ${Number(sized[0]!.n).toLocaleString('en')}, server p95`,
    value: lookups.serverP95,
    unit: 'ms',
    target: '< 5',
    pass: lookups.serverP95 < 5,
    note: `p50 ${lookups.serverP50.toFixed(2)}, p99 ${lookups.serverP99.toFixed(2)}; REST p50 ${lookups.restP50.toFixed(1)}, p95 ${lookups.restP95.toFixed(1)} ms`,
  });
  rows.push({
    name: 'table sizes',
    value: Number(sized[0]!.mb),
    unit: 'MB',
    target: '—',
    pass: true,
    note: `indicators; provenance ${Number(sized[0]!.pmb).toFixed(0)} MB; largest run ${largest?.records ?? 0} records`,
  });
  if (!values['skip-attack']) {
    log('importing the ATT&CK enterprise bundle (24,771 objects)');
    const attack = await runImporter(
      path.resolve(ROOT, '../shared/data/mitre-attack/enterprise-attack-18.1.stix20.json.gz'),
      dbUrl,
      'MITRE ATT&CK',
      ['--format', 'attack'],
    );
    rows.push({
      name: 'ATT&CK enterprise (24,771 objects)',
      value: attack.seconds,
      unit: 's',
      target: '< 20',
      pass: attack.seconds < 20,
      note: `${Math.round(attack.records / attack.seconds)} objects/s`,
    });
  }
  await db.end();
} finally {
  stop();
}
const machine = { cores: os.cpus().length, loadBefore, loadAfter: os.loadavg()[0]!, node: process.version };
printReport(rows, machine);
writeFileSync(
  path.join(TEMP, 'report.json'),
  `${JSON.stringify({ rows, machine, date: new Date().toISOString() }, null, 2)}\n`,
);
