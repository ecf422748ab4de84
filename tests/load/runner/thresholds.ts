/**
 * k6 thresholds: `<aggregation> <operator> <number>` (e.g. `p(95)<200`, `rate<0.01`, `count>=10`)
 * on a metric or a sub-metric selected by tags (`http_req_duration{scenario:analyst}`), given as a
 * string or as `{ threshold, abortOnFail, delayAbortEval }`.
 */
import { parseDuration } from './duration.js';
import { TrendSink, type MetricType, type Sink } from './sinks.js';

export type Operator = '<' | '<=' | '>' | '>=' | '==' | '===' | '!=';

export interface ThresholdExpression {
  source: string;
  aggregation: string;
  operator: Operator;
  value: number;
  abortOnFail: boolean;
  delayAbortEvalMs: number;
}

export interface MetricSelector {
  metric: string;
  tags: Record<string, string>;
}

const AGGREGATIONS: Record<MetricType, RegExp> = {
  counter: /^(count|rate)$/,
  gauge: /^value$/,
  rate: /^rate$/,
  trend: /^(avg|min|max|med|p\(\d+(\.\d+)?\))$/,
};

export function parseSelector(key: string): MetricSelector {
  const match = /^([A-Za-z_][\w.]*)(?:\{(.*)\})?$/.exec(key.trim());
  if (!match) throw new Error(`Invalid threshold metric: ${key}`);
  const tags: Record<string, string> = {};
  for (const pair of (match[2] ?? '').split(',').filter((p) => p.trim())) {
    const at = pair.indexOf(':');
    if (at < 1) throw new Error(`Invalid tag selector in ${key}: ${pair}`);
    tags[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return { metric: match[1]!, tags };
}

export type ThresholdInput = string | { threshold: string; abortOnFail?: boolean; delayAbortEval?: string };

export function parseThreshold(input: ThresholdInput): ThresholdExpression {
  const source = typeof input === 'string' ? input : input.threshold;
  const match =
    /^\s*(avg|min|max|med|count|rate|value|p\(\d+(?:\.\d+)?\))\s*(<=|>=|===|==|!=|<|>)\s*(-?\d+(?:\.\d+)?(?:e-?\d+)?)\s*$/.exec(
      source,
    );
  if (!match) throw new Error(`Invalid threshold expression: ${JSON.stringify(source)}`);
  return {
    source,
    aggregation: match[1]!,
    operator: match[2] as Operator,
    value: Number(match[3]),
    abortOnFail: typeof input === 'object' && input.abortOnFail === true,
    delayAbortEvalMs: typeof input === 'object' ? parseDuration(input.delayAbortEval, 0) : 0,
  };
}

export function checkAggregation(type: MetricType, expression: ThresholdExpression): void {
  if (!AGGREGATIONS[type].test(expression.aggregation))
    throw new Error(
      `Threshold '${expression.source}' uses '${expression.aggregation}', which a ${type} metric has not`,
    );
}

export function aggregate(sink: Sink, aggregation: string, elapsedMs: number): number {
  const pct = /^p\((\d+(?:\.\d+)?)\)$/.exec(aggregation);
  if (pct && sink instanceof TrendSink) return sink.percentile(Number(pct[1]));
  const value = sink.values(elapsedMs)[aggregation];
  if (value === undefined) throw new Error(`No '${aggregation}' for this metric`);
  return value;
}

export function compare(left: number, operator: Operator, right: number): boolean {
  switch (operator) {
    case '<':
      return left < right;
    case '<=':
      return left <= right;
    case '>':
      return left > right;
    case '>=':
      return left >= right;
    case '==':
    case '===':
      return left === right;
    case '!=':
      return left !== right;
  }
}

/** True when the threshold holds. */
export function evaluate(expression: ThresholdExpression, sink: Sink, elapsedMs: number): boolean {
  return compare(aggregate(sink, expression.aggregation, elapsedMs), expression.operator, expression.value);
}
