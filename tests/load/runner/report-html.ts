/**
 * A self-contained HTML report (no scripts, no external files): thresholds, the metrics table and
 * inline SVG charts of latency percentiles, throughput and VUs per second.
 */
import type { Second } from './registry.js';
import type { SummaryData } from './summary-data.js';
import { formatValue } from './summary-text.js';

const WIDTH = 880;
const HEIGHT = 220;
const MARGIN = { left: 56, right: 16, top: 16, bottom: 28 };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface Series {
  label: string;
  color: string;
  values: number[];
}

function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return Math.ceil(value / power) * power;
}

export function lineChart(title: string, unit: string, series: Series[]): string {
  const points = Math.max(1, ...series.map((s) => s.values.length));
  const top = niceMax(Math.max(0, ...series.flatMap((s) => s.values)));
  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (i: number) => MARGIN.left + (points === 1 ? 0 : (i / (points - 1)) * plotW);
  const y = (v: number) => MARGIN.top + plotH - (v / top) * plotH;
  const grid = [0, 0.25, 0.5, 0.75, 1]
    .map((f) => {
      const v = top * f;
      return `<line x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${y(v)}" y2="${y(v)}" stroke="#ddd"/><text x="${MARGIN.left - 6}" y="${y(v) + 4}" text-anchor="end">${Number(v.toPrecision(3))}</text>`;
    })
    .join('');
  const ticks = Array.from({ length: Math.min(points, 10) }, (_, k) =>
    Math.round((k * (points - 1)) / Math.max(1, Math.min(points, 10) - 1)),
  )
    .map((i) => `<text x="${x(i)}" y="${HEIGHT - 8}" text-anchor="middle">${i}s</text>`)
    .join('');
  const lines = series
    .map((s) => {
      const path = s.values.map((v, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join('');
      return `<path d="${path}" fill="none" stroke="${s.color}" stroke-width="1.6"><title>${escapeHtml(s.label)}</title></path>`;
    })
    .join('');
  const legend = series
    .map((s) => `<span class="key"><i style="background:${s.color}"></i>${escapeHtml(s.label)}</span>`)
    .join(' ');
  return `<figure><figcaption>${escapeHtml(title)} (${escapeHtml(unit)}) ${legend}</figcaption><svg viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeHtml(title)}">${grid}${ticks}${lines}</svg></figure>`;
}

export function renderReport(title: string, data: SummaryData, timeline: readonly Second[]): string {
  const stats = data.options.summaryTrendStats;
  const latency = lineChart('http_req_duration per second', 'ms', [
    { label: 'p50', color: '#2b8a3e', values: timeline.map((s) => s.durations.percentile(50)) },
    { label: 'p95', color: '#e67700', values: timeline.map((s) => s.durations.percentile(95)) },
    { label: 'p99', color: '#c92a2a', values: timeline.map((s) => s.durations.percentile(99)) },
  ]);
  const throughput = lineChart('Throughput', 'per second', [
    { label: 'requests/s', color: '#1c7ed6', values: timeline.map((s) => s.requests) },
    { label: 'failed/s', color: '#c92a2a', values: timeline.map((s) => s.failed) },
    { label: 'iterations/s', color: '#7048e8', values: timeline.map((s) => s.iterations) },
  ]);
  const vus = lineChart('Virtual users', 'VUs', [
    { label: 'vus', color: '#495057', values: timeline.map((s) => s.vus) },
  ]);
  const thresholdRows = Object.entries(data.metrics)
    .flatMap(([name, m]) =>
      Object.entries(m.thresholds ?? {}).map(
        ([source, { ok }]) =>
          `<tr class="${ok ? 'ok' : 'fail'}"><td>${ok ? '✓' : '✗'}</td><td>${escapeHtml(name)}</td><td><code>${escapeHtml(source)}</code></td></tr>`,
      ),
    )
    .join('');
  const metricRows = Object.entries(data.metrics)
    .map(([name, m]) => {
      const shown = m.type === 'trend' ? stats : Object.keys(m.values);
      const cells = shown
        .map((s) => `${escapeHtml(s)}=${escapeHtml(formatValue(m, s, m.values[s] ?? 0))}`)
        .join(' ');
      return `<tr><td>${escapeHtml(name)}</td><td>${m.type}</td><td>${cells}</td></tr>`;
    })
    .join('');
  const checkRows = data.root_group.checks
    .map(
      (c) =>
        `<tr class="${c.fails ? 'fail' : 'ok'}"><td>${escapeHtml(c.name)}</td><td>${c.passes}</td><td>${c.fails}</td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:14px system-ui,sans-serif;margin:24px;color:#212529}table{border-collapse:collapse;margin:8px 0 24px}td,th{border:1px solid #dee2e6;padding:4px 8px;text-align:left}
tr.fail td{background:#fff5f5;color:#c92a2a}tr.ok td:first-child{color:#2b8a3e}svg{width:100%;max-width:${WIDTH}px;font-size:11px;fill:#495057}figure{margin:0 0 24px}
.key{margin-left:12px}.key i{display:inline-block;width:12px;height:3px;margin-right:4px;vertical-align:middle}</style></head>
<body><h1>${escapeHtml(title)}</h1><p>Run of ${(data.state.testRunDurationMs / 1000).toFixed(1)} s.</p>
<h2>Thresholds</h2><table><tr><th></th><th>metric</th><th>threshold</th></tr>${thresholdRows || '<tr><td colspan="3">none</td></tr>'}</table>
<h2>Charts</h2>${latency}${throughput}${vus}
<h2>Checks</h2><table><tr><th>check</th><th>passes</th><th>fails</th></tr>${checkRows || '<tr><td colspan="3">none</td></tr>'}</table>
<h2>Metrics</h2><table><tr><th>metric</th><th>type</th><th>values</th></tr>${metricRows}</table></body></html>
`;
}
