/**
 * Every metric of a run: the built-in ones k6 emits and the scripts' own (`k6/metrics`), each with
 * its sub-metrics (the tag selectors thresholds name) and a per-second timeline for the HTML report.
 */
import { newSink, TrendSink, type MetricType, type Sink, type ValueType } from './sinks.js';

export type Tags = Record<string, string>;

export interface SubMetric {
  key: string;
  tags: Tags;
  sink: Sink;
}

export interface Metric {
  name: string;
  type: MetricType;
  contains: ValueType;
  sink: Sink;
  subs: SubMetric[];
}

export interface Second {
  requests: number;
  failed: number;
  durations: TrendSink;
  vus: number;
  iterations: number;
}

const BUILT_IN: [string, MetricType, ValueType][] = [
  ['checks', 'rate', 'default'],
  ['data_received', 'counter', 'data'],
  ['data_sent', 'counter', 'data'],
  ['group_duration', 'trend', 'time'],
  ['http_req_blocked', 'trend', 'time'],
  ['http_req_connecting', 'trend', 'time'],
  ['http_req_duration', 'trend', 'time'],
  ['http_req_failed', 'rate', 'default'],
  ['http_req_receiving', 'trend', 'time'],
  ['http_req_sending', 'trend', 'time'],
  ['http_req_tls_handshaking', 'trend', 'time'],
  ['http_req_waiting', 'trend', 'time'],
  ['http_reqs', 'counter', 'default'],
  ['iteration_duration', 'trend', 'time'],
  ['iterations', 'counter', 'default'],
  ['dropped_iterations', 'counter', 'default'],
  ['vus', 'gauge', 'default'],
  ['vus_max', 'gauge', 'default'],
  ['ws_connecting', 'trend', 'time'],
  ['ws_session_duration', 'trend', 'time'],
  ['ws_sessions', 'counter', 'default'],
  ['ws_msgs_sent', 'counter', 'default'],
  ['ws_msgs_received', 'counter', 'default'],
];

export function selectorKey(name: string, tags: Tags): string {
  const pairs = Object.entries(tags).map(([k, v]) => `${k}:${v}`);
  return pairs.length ? `${name}{${pairs.join(',')}}` : name;
}

export interface CheckResult {
  name: string;
  /** The group path the check ran in ('' at the root). */
  path: string;
  passes: number;
  fails: number;
}

export class Registry {
  readonly metrics = new Map<string, Metric>();
  /** Checks by group path and name, in first-seen order, for the summary. */
  readonly checks = new Map<string, CheckResult>();
  readonly timeline: Second[] = [];
  startedAt = performance.now();

  constructor() {
    for (const [name, type, contains] of BUILT_IN) this.define(name, type, contains);
    this.subMetric('http_req_duration', { expected_response: 'true' });
  }

  define(name: string, type: MetricType, contains: ValueType = 'default'): Metric {
    const existing = this.metrics.get(name);
    if (existing) {
      if (existing.type !== type) throw new Error(`Metric ${name} already exists as a ${existing.type}`);
      return existing;
    }
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,127}$/.test(name)) throw new Error(`Invalid metric name: ${name}`);
    const metric: Metric = { name, type, contains, sink: newSink(type), subs: [] };
    this.metrics.set(name, metric);
    return metric;
  }

  subMetric(name: string, tags: Tags): SubMetric {
    const metric = this.metrics.get(name);
    if (!metric) throw new Error(`Unknown metric ${name}`);
    const key = selectorKey(name, tags);
    let sub = metric.subs.find((s) => s.key === key);
    if (!sub) {
      sub = { key, tags, sink: newSink(metric.type) };
      metric.subs.push(sub);
    }
    return sub;
  }

  add(name: string, value: number, tags: Tags = {}): void {
    const metric = this.metrics.get(name);
    if (!metric) throw new Error(`Unknown metric ${name}`);
    metric.sink.add(value);
    for (const sub of metric.subs) {
      if (Object.entries(sub.tags).every(([k, v]) => tags[k] === v)) sub.sink.add(value);
    }
    this.record(name, value);
  }

  elapsedMs(): number {
    return performance.now() - this.startedAt;
  }

  private record(name: string, value: number): void {
    if (!['http_req_duration', 'http_req_failed', 'vus', 'iterations'].includes(name)) return;
    const index = Math.floor(this.elapsedMs() / 1000);
    while (this.timeline.length <= index)
      this.timeline.push({ requests: 0, failed: 0, durations: new TrendSink(), vus: 0, iterations: 0 });
    const second = this.timeline[index]!;
    if (name === 'http_req_duration') {
      second.requests += 1;
      second.durations.add(value);
    } else if (name === 'http_req_failed') second.failed += value ? 1 : 0;
    else if (name === 'vus') second.vus = Math.max(second.vus, value);
    else second.iterations += value;
  }
}

/** The run's registry; the k6 module shims write into it. */
export let registry = new Registry();

export function resetRegistry(): Registry {
  registry = new Registry();
  return registry;
}
