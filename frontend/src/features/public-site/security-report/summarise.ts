/**
 * The public summary of a hardening-suite report (tests/security/report/report.json): the date, the
 * totals, counts per category and the number of findings by severity. Check names, error texts and
 * finding details stay out: the page needs the numbers, not a map of where to look.
 */
export interface CategoryCounts {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
}

export interface SecuritySummary {
  generatedAt: string;
  result: 'pass' | 'fail';
  totals: { passed: number; failed: number; skipped: number };
  categories: CategoryCounts[];
  findings: { high: number; medium: number; low: number };
  payloadCorpusSize: number;
  accessMatrixCells: number | null;
}

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

/** The fields of report.json this summary reads (see tests/security/reporting/write-report.ts). */
export interface HardeningReport {
  generatedAt: string;
  totals: Counts;
  byCategory: Record<string, Counts>;
  findings: { severity: 'low' | 'medium' | 'high' }[];
  payloadCorpusSize: number;
  rlsCoverage: { cells: number } | null;
}

export function summariseReport(report: HardeningReport): SecuritySummary {
  const { passed, failed, skipped } = report.totals;
  const findings = { high: 0, medium: 0, low: 0 };
  for (const finding of report.findings) findings[finding.severity] += 1;
  return {
    generatedAt: report.generatedAt,
    result: failed === 0 && passed > 0 ? 'pass' : 'fail',
    totals: { passed, failed, skipped },
    categories: Object.entries(report.byCategory)
      .map(([name, c]) => ({ name, passed: c.passed, failed: c.failed, skipped: c.skipped }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    findings,
    payloadCorpusSize: report.payloadCorpusSize,
    accessMatrixCells: report.rlsCoverage?.cells ?? null,
  };
}
