/** The summary data handed to handleSummary and its text in k6's layout. */
import { describe, expect, it } from 'vitest';
import { Registry } from './registry.js';
import { renderReport } from './report-html.js';
import { buildSummaryData, type ThresholdResults } from './summary-data.js';
import { textSummary } from './summary-text.js';

function sample(): Registry {
  const registry = new Registry();
  registry.subMetric('http_req_duration', { name: 'badge' });
  for (const ms of [10, 20, 30, 40])
    registry.add('http_req_duration', ms, { expected_response: 'true', name: 'badge' });
  for (const ok of [0, 0, 0, 1]) registry.add('http_req_failed', ok);
  registry.add('http_reqs', 4);
  registry.add('data_received', 2_500_000);
  registry.add('checks', 1);
  registry.add('checks', 0);
  registry.checks.set('\u0000status is 200', { name: 'status is 200', path: '', passes: 1, fails: 1 });
  registry.define('cti_badge_count_ms', 'trend', 'time');
  registry.add('cti_badge_count_ms', 12.5);
  return registry;
}

const results: ThresholdResults = new Map([
  [
    'http_req_duration{name:badge}',
    new Map([['p(99)<35', { ok: false, aggregation: 'p(99)', value: 39.7 }]]),
  ],
]);

describe('summary data', () => {
  it('has k6 shape: metrics with type, contains, values and threshold results; checks under root_group', () => {
    const data = buildSummaryData(sample(), results, 2000);
    expect(data.metrics.http_req_duration).toMatchObject({
      type: 'trend',
      contains: 'time',
      values: { avg: 25, min: 10, med: 25, max: 40 },
    });
    expect(Object.keys(data.metrics.http_req_duration!.values)).toEqual([
      'avg',
      'min',
      'med',
      'max',
      'p(90)',
      'p(95)',
    ]);
    expect(data.metrics['http_req_duration{name:badge}']).toMatchObject({
      thresholds: { 'p(99)<35': { ok: false } },
      values: { 'p(99)': 39.7 },
    });
    expect(data.metrics['http_req_duration{expected_response:true}']!.values.avg).toBe(25);
    expect(data.metrics.http_req_failed!.values).toEqual({ rate: 0.25, passes: 1, fails: 3 });
    expect(data.metrics.http_reqs!.values).toEqual({ count: 4, rate: 2 });
    expect(data.metrics.vus).toBeUndefined();
    expect(data.root_group.checks).toEqual([
      { name: 'status is 200', path: '::status is 200', id: 'status is 200', passes: 1, fails: 1 },
    ]);
  });
});

describe('text summary', () => {
  it("prints thresholds first, then checks and metrics by category, k6's way", () => {
    const text = textSummary(buildSummaryData(sample(), results, 2000), { indent: ' ', enableColors: false });
    const lines = text.split('\n');
    expect(text.indexOf('█ THRESHOLDS')).toBeLessThan(text.indexOf('█ TOTAL RESULTS'));
    expect(lines).toContain("    ✗ 'p(99)<35' p(99)=39.7ms");
    expect(text).toMatch(/checks_succeeded\.+: 50\.00% +1 out of 2/);
    expect(text).toContain('✗ status is 200');
    expect(text).toContain('↳  50% — ✓ 1 / ✗ 1');
    expect(text).toMatch(
      /http_req_duration\.+: avg=25ms min=10ms med=25ms max=40ms p\(90\)=37ms p\(95\)=38\.5ms/,
    );
    expect(text).toMatch(/\{ expected_response:true \}\.+: avg=25ms/);
    expect(text).toMatch(/http_req_failed\.+: 25\.00% +1 out of 4/);
    expect(text).toMatch(/http_reqs\.+: 4 +2\/s/);
    expect(text).toMatch(/data_received\.+: 2\.5 MB +1\.3 MB\/s/);
    expect(text.indexOf('CUSTOM')).toBeLessThan(text.indexOf('HTTP'));
    expect(text).toMatch(/cti_badge_count_ms\.+: avg=12\.5ms/);
  });
});

describe('HTML report', () => {
  it('is one self-contained file with the charts and escaped names', () => {
    const registry = sample();
    registry.subMetric('http_req_duration', { name: '<script>x</script>' });
    registry.add('http_req_duration', 5, { name: '<script>x</script>' });
    const html = renderReport('run <1>', buildSummaryData(registry, results, 2000), registry.timeline);
    expect(html).toContain('<svg');
    expect(html).toContain('http_req_duration per second');
    expect(html).toContain('run &#60;1&#62;');
    expect(html).toContain('&#60;script&#62;x');
    expect(html).not.toMatch(/<script|src=|href=/);
  });
});
