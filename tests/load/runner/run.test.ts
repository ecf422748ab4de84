/**
 * Whole runs of small k6 scripts: lifecycle, executors, thresholds and k6's exit codes
 * (0 ok, 99 thresholds crossed, 104 invalid config, 107 script exception, 108 aborted).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT, runScript } from './run.js';

const dir = mkdtempSync(path.join(tmpdir(), 'k6-runner-'));

async function run(name: string, source: string, env: Record<string, string> = {}) {
  const script = path.join(dir, `${name}.js`);
  writeFileSync(script, source);
  const lines: string[] = [];
  const result = await runScript({
    script,
    env: { OUT: dir, ...env },
    outDir: path.join(dir, name),
    log: (l) => lines.push(l),
  });
  return { ...result, output: lines.join('\n') };
}

describe('lifecycle', () => {
  it('runs setup once, hands its data (a JSON copy) to every iteration, then teardown and handleSummary', async () => {
    const result = await run(
      'lifecycle',
      `import { Counter } from 'k6/metrics';
       const seen = new Counter('seen');
       export const options = { scenarios: { s: { executor: 'per-vu-iterations', vus: 3, iterations: 2 } }, thresholds: { seen: ['count==6'], iterations: ['count==6'] } };
       export function setup() { return { token: 'abc', when: new Date(0) }; }
       export default function (data) { if (data.token === 'abc' && typeof data.when === 'string' && __VU >= 1 && __VU <= 3 && __ITER <= 1) seen.add(1); }
       export function teardown(data) { if (data.token !== 'abc') throw new Error('no data'); }
       export function handleSummary(data) { return { [__ENV.OUT + '/lifecycle.json']: JSON.stringify(data) }; }`,
    );
    expect(result.exitCode).toBe(EXIT.ok);
    const summary = JSON.parse(readFileSync(path.join(dir, 'lifecycle.json'), 'utf8'));
    expect(summary.metrics.seen.values.count).toBe(6);
    expect(summary.metrics.iterations.thresholds['count==6'].ok).toBe(true);
    expect(summary.root_group.name).toBe('');
  });

  it('exits 99 when a threshold is crossed and prints the summary when there is no handleSummary', async () => {
    const result = await run(
      'crossed',
      `import { check } from 'k6';
       export const options = { iterations: 2, thresholds: { checks: ['rate>0.99'] } };
       export default function () { check(1, { 'always fails': () => false }); }`,
    );
    expect(result.exitCode).toBe(EXIT.thresholds);
    expect(result.output).toContain('█ THRESHOLDS');
    expect(result.output).toContain("✗ 'rate>0.99' rate=0.00%");
    expect(result.output).toContain('✗ always fails');
  });

  it('exits 107 when setup throws, 104 for an invalid threshold and 108 when the script aborts', async () => {
    expect(
      (
        await run(
          'setup-throws',
          `export function setup() { throw new Error('down'); } export default function () {}`,
        )
      ).exitCode,
    ).toBe(EXIT.scriptException);
    expect(
      (
        await run(
          'bad-threshold',
          `export const options = { thresholds: { checks: ['p95<1'] } }; export default function () {}`,
        )
      ).exitCode,
    ).toBe(EXIT.invalidConfig);
    expect(
      (
        await run(
          'unknown-exec',
          `export const options = { scenarios: { s: { executor: 'constant-vus', vus: 1, duration: '1s', exec: 'nope' } } }; export default function () {}`,
        )
      ).exitCode,
    ).toBe(EXIT.invalidConfig);
    const aborted = await run(
      'aborts',
      `import exec from 'k6/execution';
       export const options = { scenarios: { s: { executor: 'constant-vus', vus: 1, duration: '5s' } } };
       export default function () { exec.test.abort('enough'); }`,
    );
    expect(aborted.exitCode).toBe(EXIT.scriptAborted);
  });

  it('stops early on an abortOnFail threshold and exits 99', async () => {
    const started = Date.now();
    const result = await run(
      'abort-on-fail',
      `import { Rate } from 'k6/metrics'; import { sleep } from 'k6';
       const bad = new Rate('bad');
       export const options = { scenarios: { s: { executor: 'constant-vus', vus: 1, duration: '20s', gracefulStop: '0s' } },
         thresholds: { bad: [{ threshold: 'rate<0.5', abortOnFail: true }] } };
       export default async function () { bad.add(true); await sleep(0.1); }`,
    );
    expect(result.exitCode).toBe(EXIT.thresholds);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('skips thresholds of metrics that got no sample, as k6 does', async () => {
    const result = await run(
      'unobserved',
      `import { Trend } from 'k6/metrics';
       const never = new Trend('never_seen');
       export const options = { iterations: 1, thresholds: { never_seen: ['p(95)<1'], 'http_req_duration{name:x}': ['p(95)<1'] } };
       export default function () {}`,
    );
    expect(result.exitCode).toBe(EXIT.ok);
  });
});

describe('executors', () => {
  it('constant-arrival-rate starts rate × duration iterations, whatever they take', async () => {
    const result = await run(
      'arrival',
      `import { sleep } from 'k6';
       export const options = { scenarios: { s: { executor: 'constant-arrival-rate', rate: 20, timeUnit: '1s', duration: '1s', preAllocatedVUs: 5, maxVUs: 10 } },
         thresholds: { iterations: ['count>=18', 'count<=21'], dropped_iterations: ['count==0'] } };
       export default async function () { await sleep(0.2); }`,
    );
    expect(result.exitCode).toBe(EXIT.ok);
  });

  it('drops iterations when maxVUs are all busy', async () => {
    const result = await run(
      'dropped',
      `import { sleep } from 'k6';
       export const options = { scenarios: { s: { executor: 'constant-arrival-rate', rate: 20, timeUnit: '1s', duration: '1s', preAllocatedVUs: 1, maxVUs: 1 } },
         thresholds: { dropped_iterations: ['count>10'] } };
       export default async function () { await sleep(2); }`,
    );
    expect(result.exitCode).toBe(EXIT.ok);
  });

  it('ramping-vus follows the stages and interrupts iterations after gracefulStop', async () => {
    const result = await run(
      'ramping',
      `import { sleep } from 'k6'; import { Trend } from 'k6/metrics';
       const ids = new Trend('vu_ids');
       export const options = { scenarios: { s: { executor: 'ramping-vus', startVUs: 0, stages: [{ duration: '1s', target: 4 }, { duration: '500ms', target: 4 }], gracefulStop: '0s' } },
         thresholds: { vu_ids: ['max==4', 'min==1'], iterations: ['count>=4'] } };
       export default async function () { ids.add(__VU); await sleep(0.1); }`,
    );
    expect(result.exitCode).toBe(EXIT.ok);
    expect(result.output).toMatch(/[1-9]\d* interrupted iterations/);
  });

  it('shared-iterations shares the count between VUs', async () => {
    const result = await run(
      'shared',
      `export const options = { scenarios: { s: { executor: 'shared-iterations', vus: 3, iterations: 7 } }, thresholds: { iterations: ['count==7'] } };
       export default function () {}`,
    );
    expect(result.exitCode).toBe(EXIT.ok);
  });
});
