/**
 * What the runs hand to the report: per tool a results file, plus facts (corpus size, matrix
 * coverage) and findings (weaknesses a check observed) as one small file each, so parallel test
 * workers never write the same file. Everything lives in report/.parts (git-ignored).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPORT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../report');
export const PARTS_DIR = path.join(REPORT_DIR, '.parts');

export type Tool = 'api' | 'browser';

export interface CheckResult {
  name: string;
  category: string;
  status: 'passed' | 'failed' | 'skipped';
  durationMs: number;
  error?: string;
}

export interface ToolResults {
  tool: Tool;
  startedAt: string;
  finishedAt: string;
  checks: CheckResult[];
  /** Errors outside any check (setup failures, crashes). */
  errors: string[];
}

export interface Finding {
  id: string;
  severity: 'low' | 'medium' | 'high';
  title: string;
  detail: string;
  where: string;
  fix: string;
}

export function clearParts(tool: Tool): void {
  mkdirSync(PARTS_DIR, { recursive: true });
  for (const file of readdirSync(PARTS_DIR)) {
    if (file.startsWith(`${tool}-`)) rmSync(path.join(PARTS_DIR, file), { force: true });
  }
}

function write(file: string, value: unknown): void {
  mkdirSync(PARTS_DIR, { recursive: true });
  writeFileSync(path.join(PARTS_DIR, file), JSON.stringify(value, null, 2));
}

const safe = (name: string) => name.replace(/[^a-z0-9_-]/gi, '_');

export function recordFact(tool: Tool, name: string, value: unknown): void {
  write(`${tool}-fact-${safe(name)}.json`, value);
}

export function recordFinding(tool: Tool, finding: Finding): void {
  write(`${tool}-finding-${safe(finding.id)}.json`, finding);
}

export function recordResults(results: ToolResults): void {
  write(`${results.tool}-results.json`, results);
}

export interface AllParts {
  results: ToolResults[];
  facts: Record<string, unknown>;
  findings: Finding[];
}

export function readParts(): AllParts {
  const all: AllParts = { results: [], facts: {}, findings: [] };
  if (!existsSync(PARTS_DIR)) return all;
  const files = readdirSync(PARTS_DIR).sort();
  for (const file of files) {
    const value = JSON.parse(readFileSync(path.join(PARTS_DIR, file), 'utf8')) as unknown;
    if (file.endsWith('-results.json')) all.results.push(value as ToolResults);
    else if (file.includes('-fact-')) all.facts[file.replace(/^\w+-fact-|\.json$/g, '')] = value;
    else if (file.includes('-finding-')) all.findings.push(value as Finding);
  }
  return all;
}
