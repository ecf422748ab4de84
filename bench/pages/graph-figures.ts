/**
 * The graph scenario of `bench:pages` (issue 29 §3): in Chromium, 5,000 nodes and 20,000 links drawn by
 * the Graph tab's renderer (sigma.js, WebGL) in a blank page, then panned and zoomed one camera step
 * per animation frame; the figure is the p95 of the frame intervals (target < 33 ms). On the
 * server, `graph_neighbourhood` as an analyst: the neighbourhood of the object most indicators
 * point at, its indicator group opened by type, and a page of one type (target p95 < 100 ms).
 */
import type { Browser } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { build } from 'vite';
import { ROOT } from '../../scripts/lib/setup.mjs';
import { percentile } from '../stack/stats.js';

/** What graph/entry.ts puts on the page. */
interface GraphBenchWindow {
  graphBench: {
    draw: (nodes: number, edges: number) => { nodes: number; edges: number; ms: number };
    panZoom: (frames: number) => Promise<number[]>;
  };
}

export interface GraphFigure {
  label: string;
  p50: number;
  p95: number;
  runs: number;
  note?: string;
}

/** The CPU time stolen by the hypervisor and the load, between two calls (from /proc/stat). */
export function machineLoad() {
  const read = () =>
    readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const before = read();
  return () => {
    const after = read();
    const delta = after.map((value, index) => value - (before[index] ?? 0));
    const total = delta.reduce((sum, value) => sum + value, 0) || 1;
    return `load ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}, steal ${((100 * (delta[7] ?? 0)) / total).toFixed(1)} %`;
  };
}

async function bundle(): Promise<string> {
  const frontend = path.join(ROOT, 'frontend');
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    root: frontend,
    resolve: { alias: { '@': path.join(frontend, 'src') } },
    build: {
      write: false,
      minify: true,
      lib: { entry: path.join(ROOT, 'bench/pages/graph/entry.ts'), formats: ['iife'], name: 'GraphBench' },
    },
  });
  const result = (Array.isArray(output) ? output[0] : output) as { output: { code?: string }[] };
  return result.output[0]!.code!;
}

export async function graphFrames(
  browser: Browser,
  runs = 2,
  nodes = 5000,
  edges = 20000,
): Promise<GraphFigure[]> {
  const code = await bundle();
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  try {
    await page.setContent(
      '<!doctype html><html><body style="margin:0"><div id="graph" style="width:1200px;height:800px"></div></body></html>',
    );
    await page.addScriptTag({ content: code });
    const load = machineLoad();
    const drawn = await page.evaluate(
      ([n, e]) => (window as unknown as GraphBenchWindow).graphBench.draw(n!, e!),
      [nodes, edges],
    );
    const frames: number[] = [];
    for (let run = 0; run < runs; run += 1)
      frames.push(
        ...(await page.evaluate(() => (window as unknown as GraphBenchWindow).graphBench.panZoom(120))),
      );
    frames.sort((a, b) => a - b);
    return [
      {
        label: `graph ${drawn.nodes.toLocaleString('en')} nodes / ${drawn.edges.toLocaleString('en')} links: pan/zoom frame`,
        p50: percentile(frames, 50),
        p95: percentile(frames, 95),
        runs: frames.length,
        note: `first draw ${drawn.ms.toFixed(0)} ms; target p95 < 33 ms; ${load()}`,
      },
    ];
  } finally {
    await page.close();
  }
}

/** graph_neighbourhood as an analyst (RLS applies), wall time per call over one connection. */
export async function graphServer(dbUrl: string, userId: string, runs = 20): Promise<GraphFigure[]> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ target_ref: string; n: string }>(
      `select target_ref, sum(n) as n from private.graph_indicator_counts group by 1 order by 2 desc limit 1`,
    );
    if (rows.length === 0) return [];
    const root = rows[0]!.target_ref;
    await client.query('begin');
    await client.query('set local role authenticated');
    await client.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: userId, role: 'authenticated' }),
    ]);
    const { rows: types } = await client.query<{ type: string }>(
      `select n -> 'group' ->> 'type' as type from jsonb_array_elements(public.graph_neighbourhood('object', $1, '{"group":"indicator"}') -> 'nodes') n limit 1`,
      [root],
    );
    const calls: [string, unknown][] = [
      ['neighbourhood', null],
      ['indicator group by type', { group: 'indicator' }],
      [`a page of ${types[0]?.type ?? 'one type'}`, { group: 'indicator', type: types[0]?.type }],
    ];
    const figures: GraphFigure[] = [];
    for (const [label, expand] of calls) {
      const load = machineLoad();
      const times: number[] = [];
      for (let i = 0; i <= runs; i += 1) {
        const started = performance.now();
        await client.query(`select public.graph_neighbourhood('object', $1, $2)`, [root, expand]);
        if (i > 0) times.push(performance.now() - started); // the first warms the cache
      }
      times.sort((a, b) => a - b);
      figures.push({
        label: `graph_neighbourhood: ${label}`,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        runs,
        note: `root with ${Number(rows[0]!.n).toLocaleString('en')} indicators; target p95 < 100 ms; ${load()}`,
      });
    }
    await client.query('rollback');
    return figures;
  } finally {
    await client.end();
  }
}
