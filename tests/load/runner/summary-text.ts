/**
 * The end-of-test summary in k6's (v1, "compact") layout: thresholds first, then checks and the
 * metrics by category, e.g.
 *   http_req_duration..................: avg=12.1ms min=3ms med=10ms max=60ms p(90)=20ms p(95)=25ms
 */
import { formatDuration } from './duration.js';
import type { SummaryData, SummaryGroup, SummaryMetric } from './summary-data.js';

interface TextOptions {
  indent?: string;
  enableColors?: boolean;
}

const CATEGORIES: [string, (name: string) => boolean][] = [
  ['HTTP', (n) => n.startsWith('http_')],
  [
    'EXECUTION',
    (n) => ['iteration_duration', 'iterations', 'dropped_iterations', 'vus', 'vus_max'].includes(n),
  ],
  ['NETWORK', (n) => n.startsWith('data_')],
  ['WEBSOCKET', (n) => n.startsWith('ws_')],
];

function bytes(value: number): string {
  const units = ['B', 'kB', 'MB', 'GB'];
  let v = value;
  let u = 0;
  while (v >= 1000 && u < units.length - 1) {
    v /= 1000;
    u += 1;
  }
  return `${Number(v.toFixed(u ? 1 : 0))} ${units[u]}`;
}

function number(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(6)));
}

export function formatValue(metric: SummaryMetric, stat: string, value: number): string {
  if (metric.type === 'rate' && stat === 'rate') return `${(value * 100).toFixed(2)}%`;
  if (metric.contains === 'time' && stat !== 'count') return formatDuration(value);
  if (metric.contains === 'data') return stat === 'rate' ? `${bytes(value)}/s` : bytes(value);
  return number(value);
}

function metricLine(metric: SummaryMetric, stats: string[]): string {
  const v = metric.values;
  switch (metric.type) {
    case 'trend':
      return stats.map((s) => `${s}=${formatValue(metric, s, v[s] ?? 0)}`).join(' ');
    case 'counter':
      return `${formatValue(metric, 'count', v.count!).padEnd(7)} ${metric.contains === 'data' ? formatValue(metric, 'rate', v.rate!) : `${number(v.rate!)}/s`}`;
    case 'rate':
      return `${formatValue(metric, 'rate', v.rate!).padEnd(7)} ${v.passes} out of ${v.passes! + v.fails!}`;
    case 'gauge':
      return `${number(v.value!).padEnd(7)} min=${number(v.min!)} max=${number(v.max!)}`;
  }
}

function dotted(name: string, width = 35): string {
  return name.length >= width ? `${name}:` : `${name}${'.'.repeat(width - name.length)}:`;
}

function checkLines(group: SummaryGroup, indent: string, paint: Paint): string[] {
  const lines: string[] = [];
  for (const check of group.checks) {
    const total = check.passes + check.fails;
    if (check.fails === 0) lines.push(`${indent}${paint.green('✓')} ${check.name}`);
    else {
      lines.push(`${indent}${paint.red('✗')} ${check.name}`);
      lines.push(
        `${indent}  ↳  ${Math.floor((check.passes / total) * 100)}% — ✓ ${check.passes} / ✗ ${check.fails}`,
      );
    }
  }
  for (const inner of group.groups) {
    lines.push('', `${indent}█ ${inner.name}`, '');
    lines.push(...checkLines(inner, `${indent}  `, paint));
  }
  return lines;
}

interface Paint {
  green(text: string): string;
  red(text: string): string;
}

export function textSummary(data: SummaryData, options: TextOptions = {}): string {
  const indent = options.indent ?? ' ';
  const colors = options.enableColors ?? false;
  const paint: Paint = {
    green: (t) => (colors ? `\x1b[32m${t}\x1b[0m` : t),
    red: (t) => (colors ? `\x1b[31m${t}\x1b[0m` : t),
  };
  const stats = data.options.summaryTrendStats;
  const pad = `${indent}   `;
  const out: string[] = [];
  const withThresholds = Object.entries(data.metrics).filter(([, m]) => m.thresholds);
  if (withThresholds.length) {
    out.push('', `${indent} █ THRESHOLDS `, '');
    for (const [name, metric] of withThresholds) {
      out.push(`${pad}${name}`);
      for (const [source, { ok }] of Object.entries(metric.thresholds!)) {
        const stat = /^\s*([a-z]+(?:\([\d.]+\))?)/.exec(source)?.[1] ?? '';
        const shown =
          metric.values[stat] !== undefined
            ? ` ${stat}=${formatValue(metric, stat, metric.values[stat])}`
            : '';
        out.push(`${pad}${ok ? paint.green('✓') : paint.red('✗')} '${source}'${shown}`);
      }
      out.push('');
    }
  }
  out.push('', `${indent} █ TOTAL RESULTS `, '');
  const checks = data.metrics.checks;
  if (checks) {
    const passes = checks.values.passes!;
    const total = passes + checks.values.fails!;
    const seconds = data.state.testRunDurationMs / 1000;
    out.push(`${pad}${dotted('checks_total')} ${String(total).padEnd(7)} ${number(total / seconds)}/s`);
    out.push(
      `${pad}${dotted('checks_succeeded')} ${`${((passes / total) * 100).toFixed(2)}%`.padEnd(7)} ${passes} out of ${total}`,
    );
    out.push(
      `${pad}${dotted('checks_failed')} ${`${(((total - passes) / total) * 100).toFixed(2)}%`.padEnd(7)} ${total - passes} out of ${total}`,
    );
    out.push('', ...checkLines(data.root_group, pad, paint), '');
  }
  const names = Object.keys(data.metrics).filter((n) => n !== 'checks' && n !== 'group_duration');
  const custom = names.filter((n) => !n.includes('{') && !CATEGORIES.some(([, test]) => test(n)));
  const sections: [string, string[]][] = [
    ['CUSTOM', custom],
    ...CATEGORIES.map(([title, test]): [string, string[]] => [
      title,
      names.filter((n) => test(n.split('{')[0]!)),
    ]),
  ];
  for (const [title, members] of sections) {
    if (!members.length) continue;
    out.push(`${pad}${title}`);
    for (const name of members.sort()) {
      const brace = name.indexOf('{');
      const label = brace < 0 ? name : `  { ${name.slice(brace + 1, -1)} }`;
      out.push(`${pad}${dotted(label)} ${metricLine(data.metrics[name]!, stats)}`);
    }
    out.push('');
  }
  return out.join('\n');
}
