/** Vitest reporter: hands every API check (category = top-level describe) to the report. */
import type { Reporter, TestModule } from 'vitest/node';
import { recordResults, type CheckResult } from './parts.js';
import { writeReport } from './write-report.js';

export default class SecurityReportReporter implements Reporter {
  private startedAt = new Date().toISOString();

  onTestRunStart(): void {
    this.startedAt = new Date().toISOString();
  }

  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<{ message?: string }>,
  ): void {
    const checks: CheckResult[] = [];
    const errors = unhandledErrors.map((e) => e.message ?? String(e));
    for (const module of testModules) {
      for (const e of module.errors()) errors.push(`${module.moduleId}: ${e.message}`);
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        const names = test.fullName.split(' > ');
        checks.push({
          category: names.length > 1 ? names[0]! : 'API',
          name: names.slice(names.length > 1 ? 1 : 0).join(' › '),
          status: state === 'passed' ? 'passed' : state === 'failed' ? 'failed' : 'skipped',
          durationMs: test.diagnostic()?.duration ?? 0,
          ...(state === 'failed'
            ? {
                error: test
                  .result()
                  .errors?.map((e) => e.message)
                  .join('; '),
              }
            : {}),
        });
      }
    }
    recordResults({
      tool: 'api',
      startedAt: this.startedAt,
      finishedAt: new Date().toISOString(),
      checks,
      errors,
    });
    const { md } = writeReport();
    process.stdout.write(`\nSecurity report: ${md}\n`);
  }
}
