/**
 * `npx tsx frontend/src/features/public-site/security-report/write-summary.ts`: after a run of the
 * hardening suite, writes summary.json beside this file from tests/security/report/report.json. The
 * summary is committed: report.json is git-ignored and 190 KB, so a fresh clone builds without it, and
 * the /security-report page's lazy chunk carries only these numbers.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { summariseReport, type HardeningReport } from './summarise';

const here = path.dirname(fileURLToPath(import.meta.url));
const reportFile = path.resolve(here, '../../../../../tests/security/report/report.json');
const report = JSON.parse(readFileSync(reportFile, 'utf8')) as HardeningReport;
const summary = summariseReport(report);
writeFileSync(path.join(here, 'summary.json'), JSON.stringify(summary, null, 2) + '\n');
console.log(
  `summary.json: ${summary.result}, ${summary.totals.passed} passed, ${summary.totals.failed} failed, report of ${summary.generatedAt}`,
);
