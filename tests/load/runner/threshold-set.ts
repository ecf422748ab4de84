/** The script's thresholds bound to the run's metrics: checked up front, evaluated at the end (and for abortOnFail while running). */
import type { Registry } from './registry.js';
import type { Sink } from './sinks.js';
import {
  aggregate,
  checkAggregation,
  evaluate,
  parseSelector,
  parseThreshold,
  type ThresholdExpression,
  type ThresholdInput,
} from './thresholds.js';
import type { ThresholdResults } from './summary-data.js';

interface Bound {
  key: string;
  sink: Sink;
  expressions: ThresholdExpression[];
}

export class ThresholdSet {
  private readonly bound: Bound[] = [];

  constructor(registry: Registry, thresholds: Record<string, ThresholdInput[]>) {
    for (const [key, inputs] of Object.entries(thresholds)) {
      const selector = parseSelector(key);
      const metric = registry.metrics.get(selector.metric);
      if (!metric) throw new Error(`threshold on unknown metric '${selector.metric}'`);
      const expressions = inputs.map(parseThreshold);
      for (const expression of expressions) checkAggregation(metric.type, expression);
      const sink = Object.keys(selector.tags).length
        ? registry.subMetric(selector.metric, selector.tags).sink
        : metric.sink;
      this.bound.push({ key, sink, expressions });
    }
  }

  /** k6 skips thresholds of metrics that received no sample. */
  evaluate(elapsedMs: number): ThresholdResults {
    const results: ThresholdResults = new Map();
    for (const { key, sink, expressions } of this.bound) {
      if (sink.count === 0) continue;
      results.set(
        key,
        new Map(
          expressions.map((e) => [
            e.source,
            {
              ok: evaluate(e, sink, elapsedMs),
              aggregation: e.aggregation,
              value: aggregate(sink, e.aggregation, elapsedMs),
            },
          ]),
        ),
      );
    }
    return results;
  }

  abortingFailure(elapsedMs: number): boolean {
    return this.bound.some(({ sink, expressions }) =>
      expressions.some(
        (e) =>
          e.abortOnFail && elapsedMs >= e.delayAbortEvalMs && sink.count > 0 && !evaluate(e, sink, elapsedMs),
      ),
    );
  }

  failed(results: ThresholdResults): boolean {
    return [...results.values()].some((byExpression) => [...byExpression.values()].some((r) => !r.ok));
  }
}
