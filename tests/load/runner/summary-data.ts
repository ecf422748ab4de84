/**
 * The object k6 hands to `handleSummary(data)`: metrics with their aggregated values and threshold
 * results, the checks under the root group, the options and the run's state.
 */
import type { Metric, Registry, SubMetric } from './registry.js';
import { TrendSink, type MetricType, type ValueType } from './sinks.js';

export interface SummaryMetric {
  type: MetricType;
  contains: ValueType;
  values: Record<string, number>;
  thresholds?: Record<string, { ok: boolean }>;
}

export interface SummaryCheck {
  name: string;
  path: string;
  id: string;
  passes: number;
  fails: number;
}

export interface SummaryGroup {
  name: string;
  path: string;
  id: string;
  groups: SummaryGroup[];
  checks: SummaryCheck[];
}

export interface SummaryData {
  root_group: SummaryGroup;
  options: { summaryTrendStats: string[]; summaryTimeUnit: string; noColor: boolean };
  state: { isStdOutTTY: boolean; isStdErrTTY: boolean; testRunDurationMs: number };
  metrics: Record<string, SummaryMetric>;
}

export const DEFAULT_TREND_STATS = ['avg', 'min', 'med', 'max', 'p(90)', 'p(95)'];

/** Results of every threshold, by metric (or sub-metric) key and expression source. */
export interface ThresholdResult {
  ok: boolean;
  aggregation: string;
  value: number;
}
export type ThresholdResults = Map<string, Map<string, ThresholdResult>>;

function sinkValues(
  type: MetricType,
  sink: Metric['sink'],
  elapsedMs: number,
  trendStats: string[],
): Record<string, number> {
  if (type !== 'trend' || !(sink instanceof TrendSink)) {
    const values = sink.values(elapsedMs);
    if (type === 'gauge') return { value: values.value!, min: values.min!, max: values.max! };
    return values;
  }
  const out: Record<string, number> = {};
  for (const stat of trendStats) {
    const pct = /^p\((\d+(?:\.\d+)?)\)$/.exec(stat);
    out[stat] = pct ? sink.percentile(Number(pct[1])) : sink.values()[stat]!;
  }
  return out;
}

export function buildSummaryData(
  registry: Registry,
  thresholds: ThresholdResults,
  elapsedMs: number,
  trendStats: string[] = DEFAULT_TREND_STATS,
): SummaryData {
  const metrics: Record<string, SummaryMetric> = {};
  const put = (key: string, metric: Metric, sink: Metric['sink'] | SubMetric['sink']) => {
    const results = thresholds.get(key);
    // k6 lists observed metrics only (and sub-metrics that thresholds or the defaults name).
    if (sink.count === 0 && !results) return;
    const values = sinkValues(metric.type, sink, elapsedMs, trendStats);
    // As k6, a threshold's own aggregation (say p(99)) is among the values even if not a summary stat.
    for (const result of results?.values() ?? []) values[result.aggregation] ??= result.value;
    metrics[key] = {
      type: metric.type,
      contains: metric.contains,
      values,
      ...(results ? { thresholds: Object.fromEntries([...results].map(([s, r]) => [s, { ok: r.ok }])) } : {}),
    };
  };
  for (const metric of registry.metrics.values()) {
    put(metric.name, metric, metric.sink);
    for (const sub of metric.subs) put(sub.key, metric, sub.sink);
  }
  const root: SummaryGroup = {
    name: '',
    path: '',
    id: 'd41d8cd98f00b204e9800998ecf8427e',
    groups: [],
    checks: [],
  };
  const groups = new Map<string, SummaryGroup>([['', root]]);
  const groupAt = (path: string): SummaryGroup => {
    const known = groups.get(path);
    if (known) return known;
    const cut = path.lastIndexOf('::');
    const parent = groupAt(path.slice(0, cut));
    const made: SummaryGroup = { name: path.slice(cut + 2), path, id: path, groups: [], checks: [] };
    parent.groups.push(made);
    groups.set(path, made);
    return made;
  };
  for (const check of registry.checks.values()) {
    groupAt(check.path).checks.push({ ...check, path: `${check.path}::${check.name}`, id: check.name });
  }
  return {
    root_group: root,
    options: { summaryTrendStats: trendStats, summaryTimeUnit: '', noColor: false },
    state: {
      isStdOutTTY: Boolean(process.stdout.isTTY),
      isStdErrTTY: Boolean(process.stderr.isTTY),
      testRunDurationMs: elapsedMs,
    },
    metrics,
  };
}
