/**
 * The global input guard (SPEC §5): a document-level listener (capture phase, before any handler) that
 * clears a field whose value matches an injection pattern and records a critical injection_attempt with the
 * first 100 characters, locally and on the server. Telemetry, not a boundary (reference/security.md §1.1).
 *
 * Decisions:
 * - Fields inside `data-indicator-input="true"` hold analysts' hostile data on purpose (DESIGN.md §5): there
 *   the value is defanged and logged locally instead of cleared, and not reported as an attack.
 * - Search boxes (`data-query-input="true"`, components/ui/search-input) keep exactly what was typed: their
 *   text is a query parameter, never HTML, and analysts search for payloads (`<script>`, `onerror=`) daily.
 *   Clearing or defanging it would silently search for something else. Logged locally, not reported.
 * - Analysts' knowledge text (`data-raw-text="true"`: descriptions, report bodies, notes and aliases
 *   of the knowledge they write, a report pasted to extract from) is stored raw and rendered inert by
 *   design (issue 29 §2): threat reports quote payloads. Kept as typed, logged locally, not reported.
 * - Password fields are left alone: a password may legitimately contain `<script` or `eval(`, and its
 *   first 100 characters must never be logged or sent anywhere.
 */
import { defang } from './defang';
import { isTextField, setFieldValue, type TextField } from './dom-value';
import type { ReportSecurityEvent } from './event-reporter';
import { findInjectionPatterns } from './injection-patterns';
import { createLogger } from './logger';
import { watchSecuritySensitiveForms } from './secure-forms';

export const INDICATOR_INPUT_SELECTOR = '[data-indicator-input="true"]';
export const QUERY_INPUT_ATTRIBUTE = 'data-query-input';
const QUERY_INPUT_SELECTOR = `[${QUERY_INPUT_ATTRIBUTE}="true"]`;
export const RAW_TEXT_ATTRIBUTE = 'data-raw-text';
const RAW_TEXT_SELECTOR = `[${RAW_TEXT_ATTRIBUTE}="true"]`;
export const INJECTION_PREVIEW_CHARS = 100;

const GUARDED_INPUT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel']);
const log = createLogger('input-guard');

function isGuarded(field: TextField): boolean {
  return field instanceof HTMLTextAreaElement || GUARDED_INPUT_TYPES.has(field.type);
}

function describeField(field: TextField): Record<string, string> {
  return { field: field.name || field.id || field.tagName.toLowerCase(), path: window.location.pathname };
}

export interface InputGuardOptions {
  report: ReportSecurityEvent;
  root?: Document;
}

export function installInputGuard({ report, root = document }: InputGuardOptions): () => void {
  let applying = false;
  // Indicator and search fields keep their hostile text, so log each distinct finding once, not every
  // keystroke.
  const lastFinding = new WeakMap<TextField, string>();
  const logOnce = (field: TextField, patterns: string[], message: string) => {
    const finding = patterns.join(',');
    if (lastFinding.get(field) === finding) return;
    lastFinding.set(field, finding);
    log.warn(message, { patterns, ...describeField(field) });
  };

  const inspect = (event: Event) => {
    const field = event.target;
    if (applying || !isTextField(field) || !isGuarded(field)) return;
    const patterns = findInjectionPatterns(field.value);
    if (patterns.length === 0) return;
    const preview = field.value.slice(0, INJECTION_PREVIEW_CHARS);
    applying = true;
    try {
      if (field.closest(QUERY_INPUT_SELECTOR)) {
        logOnce(
          field,
          patterns,
          'Search text holds active content; kept as typed (searched, never rendered)',
        );
        return;
      }
      if (field.closest(RAW_TEXT_SELECTOR)) {
        logOnce(
          field,
          patterns,
          'Knowledge text holds active content; kept as typed (stored raw, rendered inert)',
        );
        return;
      }
      if (field.closest(INDICATOR_INPUT_SELECTOR)) {
        const defanged = defang(field.value);
        if (defanged !== field.value) setFieldValue(field, defanged);
        logOnce(field, patterns, 'Indicator input holds active content; kept defanged');
        return;
      }
      setFieldValue(field, '');
      const details = { event_type: 'injection_attempt', patterns, preview, ...describeField(field) };
      log.critical('injection_attempt: input cleared', details);
      report('injection_attempt', { patterns, preview, ...describeField(field) });
    } finally {
      applying = false;
    }
  };

  root.addEventListener('input', inspect, true);
  root.addEventListener('change', inspect, true);
  const stopWatchingForms = watchSecuritySensitiveForms(root);
  return () => {
    root.removeEventListener('input', inspect, true);
    root.removeEventListener('change', inspect, true);
    stopWatchingForms();
  };
}
