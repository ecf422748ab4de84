/** Playwright reporter: hands every browser check (category = its top-level describe) to the report. */
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { recordResults, type CheckResult } from './parts.js';
import { writeReport } from './write-report.js';

export default class SecurityReportReporter implements Reporter {
  private readonly startedAt = new Date().toISOString();
  private readonly checks: CheckResult[] = [];
  private readonly errors: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    // titlePath: '', project, file, describe..., test
    const describes = test.titlePath().slice(3, -1);
    this.checks.push({
      category: describes[0] ?? 'Browser',
      name: [...describes.slice(1), test.title].join(' › '),
      status: result.status === 'passed' ? 'passed' : result.status === 'skipped' ? 'skipped' : 'failed',
      durationMs: result.duration,
      ...(result.status === 'passed' ? {} : { error: result.errors.map((e) => e.message ?? '').join('; ') }),
    });
  }

  onError(error: { message?: string }): void {
    this.errors.push(error.message ?? String(error));
  }

  onEnd(result: FullResult): void {
    if (result.status !== 'passed' && this.checks.length === 0)
      this.errors.push(`browser run ended: ${result.status}`);
    recordResults({
      tool: 'browser',
      startedAt: this.startedAt,
      finishedAt: new Date().toISOString(),
      checks: this.checks,
      errors: this.errors,
    });
    const { md } = writeReport();
    process.stdout.write(`\nSecurity report: ${md}\n`);
  }
}
