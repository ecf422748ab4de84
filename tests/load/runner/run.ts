/**
 * One test run the way `k6 run` does it: init (load the script), setup(), the scenarios at once,
 * teardown(), thresholds, handleSummary(). Answers k6's exit code: 0, 99 when a threshold failed,
 * 104 for an invalid configuration, 107 when setup/teardown threw, 108 when the script aborted.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadScript } from './bundle.js';
import { currentVu, installGlobals, vuStorage } from './context.js';
import { parseDuration } from './duration.js';
import { runExecutor, scenarioDurationMs } from './executors.js';
import { scenariosOf, type ScriptOptions } from './options.js';
import { resetRegistry } from './registry.js';
import { renderReport } from './report-html.js';
import { TestAbort } from './shims/execution.js';
import { closeAgents, setLocalIps } from './transport.js';
import { buildSummaryData, DEFAULT_TREND_STATS } from './summary-data.js';
import { textSummary } from './summary-text.js';
import { ThresholdSet } from './threshold-set.js';
import { activeVus, resetVuIds, type ScenarioRun } from './vu.js';

export const EXIT = {
  ok: 0,
  thresholds: 99,
  invalidConfig: 104,
  scriptException: 107,
  scriptAborted: 108,
} as const;

export interface RunRequest {
  script: string;
  env: Record<string, string>;
  /** Where the bundle and report.html go. */
  outDir: string;
  log?: (line: string) => void;
}

export interface RunResult {
  exitCode: number;
  reportFile?: string;
}

type Fn = (data?: unknown) => unknown;

function installOpen(scriptDir: string): void {
  const open = (file: string, mode?: string) => {
    const data = readFileSync(path.resolve(scriptDir, file));
    return mode === 'b'
      ? data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)
      : data.toString('utf8');
  };
  Object.defineProperty(globalThis, 'open', { value: open, configurable: true, writable: true });
}

async function lifecycle(
  name: string,
  fn: Fn | undefined,
  data: unknown,
  timeoutMs: number,
): Promise<unknown> {
  if (!fn) return undefined;
  const stopped = new AbortController();
  const timer = setTimeout(() => stopped.abort(), timeoutMs);
  try {
    return await Promise.race([
      vuStorage.run({ ...currentVu(), scenario: name, stopped: stopped.signal }, async () => fn(data)),
      new Promise((_, reject) =>
        stopped.signal.addEventListener('abort', () => reject(new Error(`${name}() timed out`))),
      ),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export async function runScript({ script, env, outDir, log = console.log }: RunRequest): Promise<RunResult> {
  const registry = resetRegistry();
  resetVuIds();
  installGlobals(env);
  installOpen(path.dirname(path.resolve(script)));
  const module = await loadScript(script, outDir);
  const options = (module.options ?? {}) as ScriptOptions;
  const scenarios = scenariosOf(options);
  setLocalIps(options.localIPs ?? env.K6_LOCAL_IPS);
  let thresholds: ThresholdSet;
  try {
    thresholds = new ThresholdSet(registry, options.thresholds ?? {});
    for (const [name, scenario] of Object.entries(scenarios)) {
      const exec = scenario.exec ?? 'default';
      if (typeof module[exec] !== 'function')
        throw new Error(`scenario ${name}: no exported function '${exec}'`);
    }
  } catch (error) {
    log(`ERRO invalid options: ${(error as Error).message}`);
    return { exitCode: EXIT.invalidConfig };
  }
  const maxMs = Math.max(...Object.values(scenarios).map(scenarioDurationMs));
  log(
    `     script: ${script}\n  scenarios: ${Object.keys(scenarios).length} scenario(s), ${(maxMs / 1000).toFixed(0)}s max duration (incl. graceful stop):`,
  );
  for (const [name, s] of Object.entries(scenarios))
    log(`           * ${name}: ${s.executor} (exec: ${s.exec ?? 'default'})`);

  let data: unknown;
  try {
    data = await lifecycle(
      'setup',
      module.setup as Fn | undefined,
      undefined,
      parseDuration(options.setupTimeout, 60_000),
    );
    data = data === undefined ? undefined : JSON.parse(JSON.stringify(data));
  } catch (error) {
    log(`ERRO setup() failed: ${(error as Error).message}`);
    return { exitCode: error instanceof TestAbort ? EXIT.scriptAborted : EXIT.scriptException };
  }

  const ended = new AbortController();
  let aborted: TestAbort | undefined;
  const runs: ScenarioRun[] = Object.entries(scenarios).map(([name, s]) => ({
    name,
    fn: module[s.exec ?? 'default'] as Fn,
    data,
    tags: s.tags ?? {},
    completed: 0,
    interrupted: 0,
    onAbort: (error) => {
      aborted ??= error;
      ended.abort();
    },
  }));
  const sample = setInterval(() => {
    registry.add('vus', activeVus());
    registry.add('vus_max', activeVus());
    const elapsed = registry.elapsedMs();
    if (thresholds.abortingFailure(elapsed)) ended.abort();
    const done = runs.reduce((n, r) => n + r.completed, 0);
    if (Math.round(elapsed / 1000) % 5 === 0)
      log(
        `running (${(elapsed / 1000).toFixed(1)}s), ${activeVus()} VUs, ${done} complete and ${runs.reduce((n, r) => n + r.interrupted, 0)} interrupted iterations`,
      );
  }, 1000);
  registry.add('vus', 0);
  await Promise.all(runs.map((run) => runExecutor(run, scenarios[run.name]!, ended.signal)));
  clearInterval(sample);

  let exitCode: number = EXIT.ok;
  try {
    await lifecycle(
      'teardown',
      module.teardown as Fn | undefined,
      data,
      parseDuration(options.teardownTimeout, 60_000),
    );
  } catch (error) {
    log(`ERRO teardown() failed: ${(error as Error).message}`);
    exitCode = EXIT.scriptException;
  }
  const elapsed = registry.elapsedMs();
  const results = thresholds.evaluate(elapsed);
  const summary = buildSummaryData(
    registry,
    results,
    elapsed,
    options.summaryTrendStats ?? DEFAULT_TREND_STATS,
  );
  await writeSummary(module.handleSummary as Fn | undefined, summary, log);
  closeAgents();
  mkdirSync(outDir, { recursive: true });
  const reportFile = path.join(outDir, 'report.html');
  writeFileSync(reportFile, renderReport(path.basename(script), summary, registry.timeline));
  log(`report: ${reportFile}`);
  const done = runs.reduce((n, r) => n + r.completed, 0);
  const interrupted = runs.reduce((n, r) => n + r.interrupted, 0);
  log(
    `running (${(elapsed / 1000).toFixed(1)}s), 0 VUs, ${done} complete and ${interrupted} interrupted iterations`,
  );
  if (aborted) {
    log(`ERRO test aborted: ${aborted.reason}`);
    return { exitCode: EXIT.scriptAborted, reportFile };
  }
  if (thresholds.failed(results)) {
    log('ERRO thresholds have been crossed');
    return { exitCode: EXIT.thresholds, reportFile };
  }
  return { exitCode, reportFile };
}

async function writeSummary(
  handle: Fn | undefined,
  summary: ReturnType<typeof buildSummaryData>,
  log: (l: string) => void,
) {
  if (!handle) {
    log(textSummary(summary, { indent: ' ', enableColors: Boolean(process.stdout.isTTY) }));
    return;
  }
  const outputs = (await handle(summary)) as Record<string, string> | undefined;
  for (const [target, content] of Object.entries(outputs ?? {})) {
    if (target === 'stdout') log(content);
    else if (target === 'stderr') process.stderr.write(`${content}\n`);
    else {
      mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
      writeFileSync(target, content);
    }
  }
}
