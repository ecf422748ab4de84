/**
 * `npm run bench:pages`: the analyst pages' speed at 1M indicators (issue 11 §4), printed as
 * figures. It needs a running stack that holds the data, e.g. the one
 * `npm run bench:ingest -- --sizes 1000000 --skip-attack --keep` leaves (the default workdir); it
 * adds the demo dataset (KEV, EPSS, ATT&CK) when the stack has no KEV entry, and a bench analyst.
 *
 *   npm run bench:pages -- [--workdir .temp/bench-ingest] [--runs 7]
 */
import { chromium } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import WebSocket from 'ws';
import { healthyStackStatus } from '../../infra/stack/lib/stack-status.mjs';
import { chromiumLaunchOptions } from '../../tests/shared/chromium.js';
import { ROOT } from '../../scripts/lib/setup.mjs';
import {
  iocFilterChange,
  iocFirstRows,
  iocScroll,
  routeChanges,
  type BrowserFigure,
} from './browser-figures.js';
import { collectScripts, pageOwnChunks, sizeOf, type BundleFigure } from './bundle-figures.js';
import { graphFrames, graphServer, type GraphFigure } from './graph-figures.js';
import { measureServer } from './server-figures.js';

const { values } = parseArgs({
  options: {
    workdir: { type: 'string', default: path.join(ROOT, '.temp', 'bench-ingest') },
    runs: { type: 'string', default: '7' },
    // `--only graph`: the graph scenario alone (frames need no stack; the server figures use the
    // stack of --workdir when it is up).
    only: { type: 'string' },
  },
});
const runs = Number(values.runs);
const log = (line: string) => process.stderr.write(`${line}\n`);
const DIST = path.join(ROOT, 'frontend', 'dist');
const PAGES = [
  { link: /^Dashboard$/, heading: 'Dashboard', path: 'dashboard' },
  { link: /^IOC Intelligence$/, heading: 'IOC Intelligence', path: 'ioc-intelligence' },
  { link: /^Live CVE Feed$/, heading: 'Live CVE Feed', path: 'live-cve-feed' },
  { link: /^Threat Intelligence Hub/, heading: 'Threat Intelligence Hub', path: 'threat-intelligence-hub' },
  { link: /^Unified Intelligence$/, heading: 'Unified Intelligence', path: 'unified-intelligence' },
  { link: /^Global Threat Feed$/, heading: 'Global Threat Feed', path: 'global-threat-feed' },
] as const;

const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
const verdict = (value: number, limit: number) => (value <= limit ? 'pass' : 'MISS');
const graphLines = (figures: GraphFigure[]) =>
  figures.map(
    (f) =>
      `  ${f.label.padEnd(52)} p50 ${ms(f.p50).padStart(9)}  p95 ${ms(f.p95).padStart(9)}  ${verdict(f.p95, f.label.startsWith('graph_') ? 100 : 33)}  (${f.runs} samples; ${f.note ?? ''})`,
  );

if (values.only === 'graph') {
  const browser = await chromium.launch(chromiumLaunchOptions);
  const lines = ['bench:pages — graph scenario, figures are medians and p95', '', 'in Chromium'];
  try {
    lines.push(...graphLines(await graphFrames(browser)));
  } finally {
    await browser.close();
  }
  let up: ReturnType<typeof healthyStackStatus> | undefined;
  try {
    up = healthyStackStatus(values.workdir!);
  } catch (error) {
    lines.push('', `server: no stack at ${values.workdir} (${(error as Error).message})`);
  }
  if (up) {
    const admin = createClient(up.API_URL, up.SERVICE_ROLE_KEY, {
      auth: { persistSession: false },
      realtime: { transport: WebSocket as never },
    });
    const created = await admin.auth.admin.createUser({
      email: `bench-graph-${Date.now()}@cti.local`,
      password: `Bench-${Date.now()}-graph!`,
      email_confirm: true,
    });
    if (created.error) throw created.error;
    try {
      lines.push(
        '',
        'server, as an analyst',
        ...graphLines(await graphServer(up.DB_URL, created.data.user.id)),
      );
    } finally {
      await admin.auth.admin.deleteUser(created.data.user.id);
    }
  }
  console.log(lines.join('\n'));
  process.exit(0);
}

const status = healthyStackStatus(values.workdir!);
if (!existsSync(path.join(DIST, 'index.html')))
  throw new Error('frontend/dist is missing: run `npm run build` first');

const db = new pg.Client({ connectionString: status.DB_URL });
await db.connect();
const indicators = Number((await db.query('select count(*) from public.indicators')).rows[0].count);
if (
  Number(
    (await db.query('select count(*) from public.vulnerabilities where kev_date_added is not null')).rows[0]
      .count,
  ) === 0
) {
  log('adding the demo dataset (KEV, EPSS, ATT&CK, feeds)…');
  execFileSync(
    process.execPath,
    [path.join(ROOT, 'intel/bin/intel.mjs'), 'demo', '--db-url', status.DB_URL],
    { stdio: 'inherit' },
  );
}
await db.query('analyze');
await db.end();

const email = `bench-pages-${Date.now()}@cti.local`;
const password = `Bench-${Date.now()}-pages!`;
const admin = createClient(status.API_URL, status.SERVICE_ROLE_KEY, {
  auth: { persistSession: false },
  realtime: { transport: WebSocket as never },
});
const created = await admin.auth.admin.createUser({ email, password, email_confirm: true });
if (created.error) throw created.error;
const userId = created.data.user.id;

log(`server figures at ${indicators.toLocaleString('en')} indicators…`);
const server = await measureServer(status.DB_URL, userId);

log('browser figures (Chromium)…');
const browser = await chromium.launch(chromiumLaunchOptions);
const bundles: BundleFigure[] = [];
const browserFigures: BrowserFigure[] = [];
const graph: GraphFigure[] = [];
try {
  const publicContext = await browser.newContext({ baseURL: status.WEB_URL });
  const publicPage = await publicContext.newPage();
  const publicScripts = collectScripts(publicPage);
  await publicPage.goto('/');
  await publicPage.waitForLoadState('networkidle');
  bundles.push(sizeOf(DIST, 'public site (home), all JavaScript', publicScripts.take()));
  await publicContext.close();

  const context = await browser.newContext({
    baseURL: status.WEB_URL,
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  await page.goto('/auth');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL(/\/platform\//);
  await page.getByRole('heading', { level: 1 }).waitFor();
  for (const target of PAGES)
    bundles.push(pageOwnChunks(DIST, `${target.heading}: its own chunks`, target.path));
  browserFigures.push(await iocFirstRows(page, runs));
  browserFigures.push(await iocFilterChange(page));
  browserFigures.push(await iocScroll(page));
  browserFigures.push(await routeChanges(page, PAGES));
  graph.push(...(await graphFrames(browser)));
  graph.push(...(await graphServer(status.DB_URL, userId)));
} finally {
  await browser.close();
  await admin.auth.admin.deleteUser(userId);
}

const lines: string[] = [];
lines.push(
  `bench:pages — ${indicators.toLocaleString('en')} indicators, 2-core machine, figures are medians and p95`,
  '',
);
lines.push('server time as an analyst (EXPLAIN ANALYZE: planning + execution)');
for (const q of server.queries)
  lines.push(`  ${q.label.padEnd(34)} p50 ${ms(q.p50).padStart(9)}  p95 ${ms(q.p95).padStart(9)}`);
lines.push(
  `  ${server.search.label.padEnd(34)} p50 ${ms(server.search.p50).padStart(9)}  p95 ${ms(server.search.p95).padStart(9)}  target p95 < 200 ms ${verdict(server.search.p95, 200)}`,
);
lines.push('', 'in Chromium');
const targets: Record<string, number> = {
  'IOC page: navigation → first rows': 500,
  'IOC page: filter change → rows': 300,
  'route change between platform pages': 100,
};
for (const f of browserFigures) {
  const target = targets[f.label];
  lines.push(
    `  ${f.label.padEnd(38)} p50 ${ms(f.p50).padStart(9)}  p95 ${ms(f.p95).padStart(9)}  ${f.note ?? ''}${target ? ` ${verdict(f.p95, target)}` : ''}`,
  );
}
lines.push('', 'the graph (issue 29 §3)', ...graphLines(graph));
lines.push('', 'JavaScript, gzip -9');
for (const b of bundles) {
  const limit = b.label.startsWith('public') ? 200 : 60;
  lines.push(
    `  ${b.label.padEnd(42)} ${b.kb.toFixed(1).padStart(7)} KB  target ≤ ${limit} KB ${verdict(b.kb, limit)}  (${b.files.join(', ')})`,
  );
}
console.log(lines.join('\n'));
