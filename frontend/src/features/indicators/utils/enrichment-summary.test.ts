import { describe, expect, it } from 'vitest';
import { indicatorPap, scoreDeltaText, summaryLines } from './enrichment-summary';

describe('enrichment summaries', () => {
  it('puts known fields in words, verdicts first, joins lists and leaves empty ones out', () => {
    expect(
      summaryLines({
        isp: 'Example B.V.',
        reports: 1289,
        whitelisted: false,
        confidence: 100,
        usage: null,
        tags: [],
      }),
    ).toEqual([
      ['Abuse confidence', '100'],
      ['Reports', '1289'],
      ['Whitelisted', 'no'],
      ['ISP', 'Example B.V.'],
    ]);
    expect(summaryLines({ last_reported: '2026-11-27T08:41:02+00:00' })[0]![1]).not.toContain('T08');
    expect(summaryLines({ ports: ['22', '443'], some_new_field: 'x' })).toEqual([
      ['Open ports', '22, 443'],
      ['some new field', 'x'],
    ]);
  });

  it('says when a service knows nothing, and survives what is not a summary', () => {
    expect(summaryLines({ found: false })).toEqual([['Found', 'nothing known about this value']]);
    expect(summaryLines(null)).toEqual([]);
    expect(summaryLines(['a'])).toEqual([]);
  });

  it('words the score adjustment', () => {
    expect(scoreDeltaText(15)).toBe('+15 confidence points to the score');
    expect(scoreDeltaText(-5)).toBe('−5 confidence points to the score');
    expect(scoreDeltaText(0)).toBeNull();
  });

  it('an indicator’s PAP is its least restrictive report’s, CLEAR without reports', () => {
    expect(indicatorPap([])).toBe('clear');
    expect(indicatorPap(['amber', 'red'])).toBe('amber');
    expect(indicatorPap(['amber', 'green'])).toBe('green');
  });
});
