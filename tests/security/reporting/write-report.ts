/**
 * Writes report/report.json and report/report.md from whatever the runs left in report/.parts:
 * called at the end of the API run and again at the end of the browser run, so a report exists
 * after every run, also when checks fail or a whole tool could not start.
 */
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { REPORT_DIR, readParts, type CheckResult } from './parts.js';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

function count(checks: CheckResult[]): Counts {
  return {
    passed: checks.filter((c) => c.status === 'passed').length,
    failed: checks.filter((c) => c.status === 'failed').length,
    skipped: checks.filter((c) => c.status === 'skipped').length,
  };
}

function corpusSize(): number {
  const file = path.resolve(REPORT_DIR, '../corpus/xss-payloads.json');
  if (!existsSync(file)) return 0;
  return (JSON.parse(readFileSync(file, 'utf8')) as unknown[]).length;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

export function writeReport(): { json: string; md: string } {
  const parts = readParts();
  const checks = parts.results.flatMap((r) => r.checks);
  const byCategory: Record<string, Counts> = {};
  for (const category of [...new Set(checks.map((c) => c.category))].sort()) {
    byCategory[category] = count(checks.filter((c) => c.category === category));
  }
  const target = parts.facts.target as { apiUrl?: string; webUrl?: string; limits?: unknown } | undefined;
  const matrix = parts.facts['rls-coverage'] as
    { tables: string[]; rpcs: string[]; roles: string[]; operations: number; cells: number } | undefined;
  const report = {
    generatedAt: new Date().toISOString(),
    stack: {
      apiUrl: target?.apiUrl ?? 'unknown',
      webUrl: target?.webUrl ?? 'unknown',
      limits: target?.limits,
    },
    runs: parts.results.map((r) => ({
      tool: r.tool,
      startedAt: r.startedAt,
      finishedAt: r.finishedAt,
      ...count(r.checks),
      errors: r.errors,
    })),
    totals: count(checks),
    byCategory,
    payloadCorpusSize: corpusSize(),
    payloadsExercised: parts.facts['xss-exercised'] ?? null,
    rlsCoverage: matrix ?? null,
    findings: parts.findings,
    checks,
  };
  mkdirSync(REPORT_DIR, { recursive: true });
  const jsonFile = path.join(REPORT_DIR, 'report.json');
  writeFileSync(jsonFile, JSON.stringify(report, null, 2));

  const md: string[] = [];
  const t = report.totals;
  md.push('# Security hardening report', '');
  md.push(`- Generated: ${report.generatedAt}`);
  md.push(`- API under test: ${report.stack.apiUrl}`, `- Web app under test: ${report.stack.webUrl}`);
  md.push(
    `- Result: **${t.failed === 0 && checks.length > 0 ? 'PASS' : 'FAIL'}** — ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped, ${checks.length} checks`,
  );
  md.push(
    `- XSS payload corpus: ${report.payloadCorpusSize} payloads (tests/security/corpus/xss-payloads.json, sources per payload)`,
  );
  if (matrix) {
    md.push(
      `- Access matrix: ${matrix.tables.length} tables × ${matrix.roles.length} roles × 4 operations, ` +
        `${matrix.rpcs.length} RPCs × ${matrix.roles.length} roles — ${matrix.cells} cells`,
    );
  }
  md.push('');
  md.push(
    '## Runs',
    '',
    '| Part | Started | Finished | Passed | Failed | Skipped |',
    '|---|---|---|---|---|---|',
  );
  for (const r of report.runs)
    md.push(`| ${r.tool} | ${r.startedAt} | ${r.finishedAt} | ${r.passed} | ${r.failed} | ${r.skipped} |`);
  for (const r of report.runs)
    for (const e of r.errors) md.push('', `Error in the ${r.tool} run: ${cell(e).slice(0, 500)}`);
  md.push('', '## Checks by category', '', '| Category | Passed | Failed | Skipped |', '|---|---|---|---|');
  for (const [category, c] of Object.entries(byCategory))
    md.push(`| ${category} | ${c.passed} | ${c.failed} | ${c.skipped} |`);
  md.push('', '## Findings', '');
  if (report.findings.length === 0) md.push('No findings recorded in this run.');
  for (const f of report.findings) {
    md.push(
      `### ${f.title} (${f.severity})`,
      '',
      f.detail,
      '',
      `- Where: ${f.where}`,
      `- Suggested fix: ${f.fix}`,
      '',
    );
  }
  md.push('', '## Every check', '', '| Category | Check | Result | Time (ms) |', '|---|---|---|---|');
  for (const c of checks) {
    const result = c.status === 'failed' ? `**FAIL**: ${cell(c.error ?? '').slice(0, 300)}` : c.status;
    md.push(`| ${c.category} | ${cell(c.name)} | ${result} | ${Math.round(c.durationMs)} |`);
  }
  const mdFile = path.join(REPORT_DIR, 'report.md');
  writeFileSync(mdFile, md.join('\n') + '\n');
  return { json: jsonFile, md: mdFile };
}
