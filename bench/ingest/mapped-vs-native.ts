/**
 * A feed read through a map against the same rows in a native format, in one run (issue 30 §3:
 * mapped feeds go through the same pipeline at the same speed). Writes N rows as a URLhaus CSV dump
 * (the native `urlhaus` importer) and the same rows as a `;`-separated CSV with headers of its own
 * (a feed map), imports both into the database named by --db-url, and prints records/s of each with
 * the load average around each run.
 *
 *   node_modules/.bin/tsx bench/ingest/mapped-vs-native.ts --db-url postgresql://… [--rows 1000000] [--mapped-first]
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadText, watchMachine } from './machine-load.js';
import { parseFeedMap } from '../../intel/src/formats/mapped/feed-map.js';
import { mappedFormat } from '../../intel/src/formats/mapped/mapped-format.js';
import { runImport, type ImportOptions } from '../../intel/src/pipeline/run-import.js';

const { values } = parseArgs({
  options: {
    'db-url': { type: 'string' },
    rows: { type: 'string', default: '1000000' },
    'mapped-first': { type: 'boolean', default: false },
  },
});
if (!values['db-url']) throw new Error('--db-url is required');
const rows = Number(values.rows);
// New values on every run, so both imports insert rather than find what an earlier run left.
const tag = Date.now().toString(36);

async function write(file: string, header: string, line: (i: number) => string): Promise<void> {
  const out = createWriteStream(file);
  out.write(header);
  for (let i = 0; i < rows; i++) if (!out.write(line(i))) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

const day = (i: number) => `2026-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')}`;
const folder = await mkdtemp(path.join(os.tmpdir(), 'bench-mapped-'));
const native = path.join(folder, 'urlhaus.csv');
const mapped = path.join(folder, 'partner.csv');
// URLhaus dump: its `#`-commented header, quoted fields.
await write(
  native,
  '# id,dateadded,url,url_status,last_online,threat,tags,urlhaus_link,reporter\n',
  (i) =>
    `"${i}","${day(i)} 10:00:00","http://native${i}.${tag}.example/p/${i}","online","${day(i)}","malware_download","elf,mirai","https://urlhaus.abuse.ch/url/${i}/","bench"\n`,
);
await write(
  mapped,
  'Indicator;Seen;Last;Tags;Kind\n',
  (i) => `http://mapped${i}.${tag}.example/p/${i};${day(i)} 10:00:00;${day(i)};elf,mirai;link\n`,
);
const map = parseFeedMap({
  delimiter: ';',
  fields: {
    value: 'Indicator',
    type: { column: 'Kind', values: { link: 'url' } },
    first_seen: 'Seen',
    last_seen: 'Last',
    labels: 'Tags',
  },
});

const db = new pg.Client({ connectionString: values['db-url'] });
await db.connect();
async function timed(label: string, options: ImportOptions) {
  const machine = watchMachine();
  const started = Date.now();
  const summary = await runImport(db, options);
  const seconds = (Date.now() - started) / 1000;
  const rate = Math.round(summary.records / seconds).toLocaleString('en');
  console.log(
    `${label.padEnd(22)} ${summary.records.toLocaleString('en')} records, ${summary.inserted.toLocaleString('en')} inserted, ${summary.rejected} rejected in ${seconds.toFixed(1)} s = ${rate}/s (${loadText(machine())}, ${os.cpus().length} cores)`,
  );
}
const runs: [string, ImportOptions][] = [
  ['native (urlhaus CSV)', { inputs: [native], format: 'urlhaus', source: `Bench native CSV ${rows}` }],
  [
    'mapped (; CSV + map)',
    { inputs: [mapped], adapter: mappedFormat(map), source: `Bench mapped CSV ${rows}` },
  ],
];
if (values['mapped-first']) runs.reverse();
try {
  for (const [label, options] of runs) await timed(label, options);
} finally {
  await db.end();
  await rm(folder, { recursive: true, force: true });
}
