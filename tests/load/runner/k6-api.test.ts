/** `k6` (check, group, sleep, fail), `k6/metrics` and `k6/data` against k6's documented behaviour. */
import { beforeEach, describe, expect, it } from 'vitest';
import { InterruptedError, vuStorage, type VuContext } from './context.js';
import { registry, resetRegistry } from './registry.js';
import { SharedArray } from './shims/data.js';
import { check, fail, group, sleep } from './shims/k6.js';
import { Counter, Gauge, Rate, Trend } from './shims/metrics.js';
import type { RateSink, TrendSink } from './sinks.js';

const asVu = <T>(fn: () => T, extra: Partial<VuContext> = {}): T =>
  vuStorage.run(
    { vu: 1, iteration: 0, scenario: 'test', group: '', stopped: new AbortController().signal, ...extra },
    fn,
  );

beforeEach(() => {
  resetRegistry();
});

describe('check', () => {
  it('answers true only when every checker passes, and records each in `checks`', () => {
    const all = asVu(() => check(200, { 'is 200': (s) => s === 200, 'is 2xx': (s) => s >= 200 && s < 300 }));
    const some = asVu(() =>
      check(404, { 'is 200': (s) => s === 200, 'is a number': (s) => typeof s === 'number' }),
    );
    expect(all).toBe(true);
    expect(some).toBe(false);
    const checks = registry.metrics.get('checks')!.sink as RateSink;
    expect(checks.values()).toEqual({ rate: 0.75, passes: 3, fails: 1 });
    expect(registry.checks.get('\u0000is 200')).toMatchObject({ passes: 1, fails: 1 });
  });

  it('tags each sample with the check name, group, scenario and the given tags', () => {
    const sub = registry.subMetric('checks', { check: 'ok', env: 'x' });
    asVu(() => check(1, { ok: () => true }, { env: 'x' }));
    asVu(() => check(1, { ok: () => true }, { env: 'y' }));
    expect(sub.sink.count).toBe(1);
  });

  it('takes plain values as well as functions', () => {
    expect(asVu(() => check(null, { 'truthy value': 1, 'falsy value': 0 }))).toBe(false);
  });
});

describe('group', () => {
  it("runs the function, answers its value and tags samples with the '::' group path", () => {
    const inner = registry.subMetric('checks', { group: '::outer::inner' });
    const value = asVu(() => group('outer', () => group('inner', () => (check(1, { in: () => true }), 42))));
    expect(value).toBe(42);
    expect(inner.sink.count).toBe(1);
    expect((registry.metrics.get('group_duration')!.sink as TrendSink).count).toBe(2);
    expect(registry.checks.get('::outer::inner\u0000in')).toMatchObject({
      path: '::outer::inner',
      passes: 1,
    });
  });

  it('measures async functions until they settle', async () => {
    const value = await asVu(() => group('later', async () => 'done'));
    expect(value).toBe('done');
    expect((registry.metrics.get('group_duration')!.sink as TrendSink).count).toBe(1);
  });

  it("refuses names with '::'", () => {
    expect(() => asVu(() => group('a::b', () => 1))).toThrow(/::/);
  });
});

describe('sleep and fail', () => {
  it('sleeps for the given seconds', async () => {
    const started = performance.now();
    await asVu(() => sleep(0.05));
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('ends early with an interruption when the VU is hard-stopped', async () => {
    const stop = new AbortController();
    const slept = asVu(() => sleep(10), { stopped: stop.signal });
    stop.abort();
    await expect(slept).rejects.toBeInstanceOf(InterruptedError);
  });

  it('fail() throws its message', () => {
    expect(() => fail('broken')).toThrow('broken');
  });
});

describe('k6/metrics', () => {
  it('Counter sums, Gauge keeps the last, Rate counts non-zero, Trend keeps values', () => {
    asVu(() => {
      const counter = new Counter('my_counter');
      counter.add(2);
      counter.add(3);
      const gauge = new Gauge('my_gauge');
      gauge.add(7);
      gauge.add(4);
      const rate = new Rate('my_rate');
      rate.add(true);
      rate.add(false);
      rate.add(1);
      const trend = new Trend('my_trend', true);
      trend.add(10);
      trend.add(20);
    });
    expect(registry.metrics.get('my_counter')!.sink.values(1000)).toMatchObject({ count: 5 });
    expect(registry.metrics.get('my_gauge')!.sink.values(1000)).toMatchObject({ value: 4, max: 7 });
    expect(registry.metrics.get('my_rate')!.sink.values(1000).rate).toBeCloseTo(2 / 3);
    expect(registry.metrics.get('my_trend')!).toMatchObject({ contains: 'time', type: 'trend' });
    expect(registry.metrics.get('my_trend')!.sink.values(1000).avg).toBe(15);
  });

  it('tags custom samples so sub-metrics can select them', () => {
    const sub = registry.subMetric('http_reqs', { scenario: 'test' });
    asVu(() => new Counter('other').add(1));
    expect(sub.sink.count).toBe(0);
    const mine = new Trend('tagged');
    const selected = registry.subMetric('tagged', { kind: 'a' });
    asVu(() => {
      mine.add(1, { kind: 'a' });
      mine.add(2, { kind: 'b' });
    });
    expect(selected.sink.count).toBe(1);
  });

  it('refuses a name reused with another type, bad names and non-numbers', () => {
    new Counter('shared_name');
    expect(() => new Trend('shared_name')).toThrow(/already exists/);
    expect(() => new Counter('has space')).toThrow(/Invalid metric name/);
    expect(() => asVu(() => new Trend('nan_trend').add(Number.NaN))).toThrow(/not a number/);
  });
});

describe('k6/data SharedArray', () => {
  it('builds once per name and shares the array', () => {
    let calls = 0;
    const first = new SharedArray('unit-once', () => (calls++, [{ a: 1 }]));
    const second = new SharedArray('unit-once', () => (calls++, [{ a: 2 }]));
    expect(calls).toBe(1);
    expect(second).toBe(first);
    expect((first as unknown as { a: number }[])[0]!.a).toBe(1);
  });

  it('is read-only, deeply', () => {
    const array = new SharedArray('unit-frozen', () => [{ a: 1 }]) as unknown as { a: number }[];
    expect(() => array.push({ a: 2 })).toThrow(TypeError);
    expect(() => {
      array[0]!.a = 5;
    }).toThrow(TypeError);
  });

  it('wants a name and an array', () => {
    expect(() => new SharedArray('', () => [])).toThrow(/name/);
    expect(() => new SharedArray('unit-not-array', () => 'x' as unknown as string[])).toThrow(/array/);
  });
});
