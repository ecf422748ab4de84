import { describe, expect, it } from 'vitest';
import { categoryExplanations } from './categories';
import summary from './summary.json';
import { summariseReport, type HardeningReport } from './summarise';

const report: HardeningReport & { checks: unknown[] } = {
  generatedAt: '2026-11-25T10:00:00.000Z',
  totals: { passed: 10, failed: 1, skipped: 0 },
  byCategory: {
    'Headers · served web app': { passed: 4, failed: 0, skipped: 0 },
    'API · rate limits': { passed: 6, failed: 1, skipped: 0 },
  },
  findings: [{ severity: 'medium' }, { severity: 'low' }, { severity: 'medium' }],
  payloadCorpusSize: 353,
  rlsCoverage: { cells: 1200 },
  checks: [{ name: 'secret check name', error: 'stack trace' }],
};

describe('summariseReport', () => {
  it('keeps the date, totals, sorted categories and findings by severity', () => {
    expect(summariseReport(report)).toEqual({
      generatedAt: '2026-11-25T10:00:00.000Z',
      result: 'fail',
      totals: { passed: 10, failed: 1, skipped: 0 },
      categories: [
        { name: 'API · rate limits', passed: 6, failed: 1, skipped: 0 },
        { name: 'Headers · served web app', passed: 4, failed: 0, skipped: 0 },
      ],
      findings: { high: 0, medium: 2, low: 1 },
      payloadCorpusSize: 353,
      accessMatrixCells: 1200,
    });
  });

  it('passes only when nothing failed and something ran', () => {
    expect(summariseReport({ ...report, totals: { passed: 3, failed: 0, skipped: 1 } }).result).toBe('pass');
    expect(summariseReport({ ...report, totals: { passed: 0, failed: 0, skipped: 0 } }).result).toBe('fail');
  });

  it('leaves check names and errors out of the public summary', () => {
    expect(JSON.stringify(summariseReport(report))).not.toContain('secret check name');
  });
});

describe('the committed summary', () => {
  it('explains every category it lists', () => {
    for (const category of summary.categories) expect(categoryExplanations[category.name]).toMatch(/\w{3}/);
  });
});
