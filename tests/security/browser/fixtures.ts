/**
 * The page-level XSS probe every browser check uses: before any app script, the page gets a global
 * sentinel `__xss()` and alert/confirm/prompt that record instead of blocking; dialogs and CSP
 * violations are recorded too. A check passes only when nothing was recorded.
 */
import { readFileSync } from 'node:fs';
import { test as base, expect, type Page } from '@playwright/test';
import corpus from '../corpus/xss-payloads.json' with { type: 'json' };
import { resolveTarget, type StackTarget } from '../lib/target.js';
import { recordFinding } from '../reporting/parts.js';
import { SESSION_FILE } from './global-setup.js';

export interface Payload {
  id: string;
  payload: string;
  source: string;
  category: string;
}
export const PAYLOADS = corpus as Payload[];

/** The SPEC §5 patterns of the global input guard, on the raw value (the guard also decodes). */
export const SPEC_GUARD_PATTERN =
  /<\s*\/?\s*script|javascript\s*:|data\s*:\s*text\/html|vbscript\s*:|<\s*iframe|onload\s*=|onerror\s*=|eval\s*\(|document\.cookie|document\.write/i;

export interface BrowserSession {
  runId: string;
  userId: string;
  email: string;
  session: Record<string, unknown>;
}

export function browserSession(): BrowserSession {
  return JSON.parse(readFileSync(SESSION_FILE, 'utf8')) as BrowserSession;
}

/** supabase-js' storage key for a project URL: sb-<first label of the host>-auth-token. */
export function authStorageKey(apiUrl: string): string {
  return `sb-${new URL(apiUrl).hostname.split('.')[0]}-auth-token`;
}

export interface ProbeRecord {
  hits: string[];
  dialogs: string[];
  cspViolations: string[];
}

function installProbe(): void {
  const w = window as unknown as Record<string, unknown> & { __xssHits: string[] };
  w.__xssHits = [];
  const record =
    (what: string) =>
    (...args: unknown[]) => {
      w.__xssHits.push(`${what}(${args.map(String).join(',').slice(0, 80)}) at ${location.pathname}`);
      return what === 'confirm' ? false : what === 'prompt' ? null : undefined;
    };
  w.__xss = record('__xss');
  for (const name of ['alert', 'confirm', 'prompt', 'print']) {
    Object.defineProperty(window, name, { value: record(name), writable: false, configurable: false });
  }
  // An inline script or handler blocked by the CSP means a payload reached the DOM as live markup:
  // the CSP held, but the rendering was not inert, so it counts as a hit. Blocked eval() is recorded
  // apart (libraries probe for it; see the report's findings).
  w.__cspEval = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    const line = `csp:${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`.slice(0, 300);
    if (e.blockedURI === 'eval') (w.__cspEval as string[]).push(line);
    else w.__xssHits.push(line);
  });
}

export const test = base.extend<{ probe: ProbeRecord; target: StackTarget }>({
  // Playwright fixtures take their dependencies as a destructured object; this one has none.
  // eslint-disable-next-line no-empty-pattern
  target: async ({}, use) => {
    await use(resolveTarget());
  },
  probe: async ({ page }, use) => {
    const record: ProbeRecord = { hits: [], dialogs: [], cspViolations: [] };
    await page.addInitScript(installProbe);
    page.on('dialog', (dialog) => {
      record.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss().catch(() => undefined);
    });
    page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) record.cspViolations.push(msg.text().slice(0, 300));
    });
    await use(record);
    await expectNoExecution(page, record);
  },
});

/** Fails when any payload ran: sentinel/alert calls, dialogs, or CSP reports of blocked inline code. */
export async function expectNoExecution(page: Page, record: ProbeRecord): Promise<void> {
  const seen = page.isClosed()
    ? { hits: [], evals: [] }
    : await page
        .evaluate(() => {
          const w = window as unknown as { __xssHits?: string[]; __cspEval?: string[] };
          return { hits: w.__xssHits ?? [], evals: w.__cspEval ?? [] };
        })
        .catch(() => ({ hits: [] as string[], evals: [] as string[] }));
  record.hits.push(...seen.hits);
  record.cspViolations.push(...seen.evals);
  if (seen.evals.length > 0) {
    recordFinding('browser', {
      id: 'csp-eval-probe',
      severity: 'low',
      title: 'A script in the app calls eval/new Function (blocked by the CSP)',
      detail: `The page triggered ${seen.evals.length} CSP report(s) for 'eval', e.g. ${seen.evals[0]}. Nothing ran, but every page load produces a CSP violation, which buries real reports.`,
      where: 'frontend bundle (likely zod 4 probing for eval support)',
      fix: "Call z.config({ jitless: true }) once at start-up (zod 4), or find the caller via the sourceFile above; keep 'unsafe-eval' out of the CSP.",
    });
  }
  expect({ executed: record.hits, dialogs: record.dialogs }).toEqual({ executed: [], dialogs: [] });
}

/** Signs the page in by putting the persona's session where supabase-js keeps it. */
export async function signInBySession(page: Page, target: StackTarget): Promise<BrowserSession> {
  const s = browserSession();
  await page.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key!)) localStorage.setItem(key!, value!);
    },
    [authStorageKey(target.apiUrl), JSON.stringify(s.session)],
  );
  return s;
}

/** Log entries of the client logger (localStorage kg_logs), as stored. */
export async function storedLogs(
  page: Page,
): Promise<{ level?: string; message?: string; context?: unknown }[]> {
  return page.evaluate(() => {
    try {
      return JSON.parse(localStorage.getItem('kg_logs') ?? '[]') as { level?: string; message?: string }[];
    } catch {
      return [];
    }
  });
}

export { expect };
