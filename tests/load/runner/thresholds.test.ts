/** Threshold syntax and evaluation as k6 documents them (k6 docs: Thresholds). */
import { describe, expect, it } from 'vitest';
import { CounterSink, GaugeSink, RateSink, TrendSink } from './sinks.js';
import { checkAggregation, compare, evaluate, parseSelector, parseThreshold } from './thresholds.js';

function trend(values: number[]): TrendSink {
  const sink = new TrendSink();
  values.forEach((v) => sink.add(v));
  return sink;
}

describe('parseThreshold', () => {
  it('reads aggregation, operator and value', () => {
    expect(parseThreshold('p(95)<200')).toMatchObject({ aggregation: 'p(95)', operator: '<', value: 200 });
    expect(parseThreshold('rate < 0.01')).toMatchObject({ aggregation: 'rate', operator: '<', value: 0.01 });
    expect(parseThreshold('count>=10')).toMatchObject({ aggregation: 'count', operator: '>=', value: 10 });
    expect(parseThreshold('p(99.9)<=1.5e3')).toMatchObject({
      aggregation: 'p(99.9)',
      operator: '<=',
      value: 1500,
    });
    expect(parseThreshold('value===1').operator).toBe('===');
  });

  it('reads the object form with abortOnFail and delayAbortEval', () => {
    expect(parseThreshold({ threshold: 'avg<100', abortOnFail: true, delayAbortEval: '10s' })).toMatchObject({
      aggregation: 'avg',
      abortOnFail: true,
      delayAbortEvalMs: 10_000,
    });
    expect(parseThreshold('avg<100').abortOnFail).toBe(false);
  });

  it('refuses what k6 refuses', () => {
    expect(() => parseThreshold('p95<200')).toThrow(/Invalid threshold/);
    expect(() => parseThreshold('avg<<1')).toThrow(/Invalid threshold/);
    expect(() => parseThreshold('median<1')).toThrow(/Invalid threshold/);
  });
});

describe('parseSelector', () => {
  it('splits a sub-metric into metric and tags', () => {
    expect(parseSelector('http_req_duration{scenario:analyst,name:sign in}')).toEqual({
      metric: 'http_req_duration',
      tags: { scenario: 'analyst', name: 'sign in' },
    });
    expect(parseSelector('checks')).toEqual({ metric: 'checks', tags: {} });
    expect(() => parseSelector('x{novalue}')).toThrow(/tag selector/);
  });
});

describe('aggregations per metric type', () => {
  it('allows only the aggregations a type has', () => {
    expect(() => checkAggregation('trend', parseThreshold('p(95)<1'))).not.toThrow();
    expect(() => checkAggregation('rate', parseThreshold('rate<1'))).not.toThrow();
    expect(() => checkAggregation('counter', parseThreshold('count<1'))).not.toThrow();
    expect(() => checkAggregation('gauge', parseThreshold('value<1'))).not.toThrow();
    expect(() => checkAggregation('rate', parseThreshold('p(95)<1'))).toThrow(/rate metric/);
    expect(() => checkAggregation('trend', parseThreshold('rate<1'))).toThrow(/trend metric/);
    expect(() => checkAggregation('counter', parseThreshold('avg<1'))).toThrow(/counter metric/);
  });
});

describe('evaluate', () => {
  it('compares trend percentiles and averages', () => {
    const sink = trend([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    expect(evaluate(parseThreshold('p(90)<92'), sink, 1000)).toBe(true);
    expect(evaluate(parseThreshold('p(90)<91'), sink, 1000)).toBe(false);
    expect(evaluate(parseThreshold('avg==55'), sink, 1000)).toBe(true);
    expect(evaluate(parseThreshold('max<=100'), sink, 1000)).toBe(true);
    expect(evaluate(parseThreshold('min>10'), sink, 1000)).toBe(false);
  });

  it('uses the rate of a Rate (non-zero share) and the count and per-second rate of a Counter', () => {
    const rate = new RateSink();
    [1, 0, 0, 0].forEach((v) => rate.add(v));
    expect(evaluate(parseThreshold('rate<0.3'), rate, 1000)).toBe(true);
    expect(evaluate(parseThreshold('rate<0.25'), rate, 1000)).toBe(false);
    const counter = new CounterSink();
    [2, 3].forEach((v) => counter.add(v));
    expect(evaluate(parseThreshold('count==5'), counter, 2000)).toBe(true);
    expect(evaluate(parseThreshold('rate==2.5'), counter, 2000)).toBe(true);
  });

  it('uses the last value of a Gauge', () => {
    const gauge = new GaugeSink();
    [5, 9, 3].forEach((v) => gauge.add(v));
    expect(evaluate(parseThreshold('value==3'), gauge, 1000)).toBe(true);
  });

  it('has every operator', () => {
    expect(compare(1, '<', 2) && compare(2, '<=', 2) && compare(3, '>', 2) && compare(2, '>=', 2)).toBe(true);
    expect(compare(2, '==', 2) && compare(2, '===', 2) && compare(1, '!=', 2)).toBe(true);
    expect(compare(2, '!=', 2)).toBe(false);
  });
});
