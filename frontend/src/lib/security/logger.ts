/**
 * The app's only logging path (SPEC §5, §9). Every entry is redacted (secrets, SQL statements, script tags)
 * before it is kept in memory or in the local store; debug entries are kept only while the 24 h debug flag
 * is on. The logger never writes to the console itself: the console is redirected here (console-redirect.ts).
 */
import { LOGS } from '@/config/constants';
import type { LogContext, LogEntry, LogLevel } from './log-entry';
import { clearStoredLogs, isDebugModeEnabled, storeLogEntry } from './log-store';
import { LOGGER_SENSITIVE_FIELDS, redactText, redactValue, type RedactionTracker } from './redact';

export type { LogContext, LogEntry, LogLevel, StoredLogEntry } from './log-entry';
export {
  disableDebugMode,
  enableDebugMode,
  isDebugModeEnabled,
  pruneStoredLogs,
  storedLogEntries,
  trackedErrorEntries,
} from './log-store';

export interface Logger {
  debug(message: string, context?: LogContext): void;
  info(message: string, context?: LogContext): void;
  warn(message: string, context?: LogContext): void;
  error(message: string, context?: LogContext): void;
  critical(message: string, context?: LogContext): void;
}

type LogListener = (entry: LogEntry) => void;

const recent: LogEntry[] = [];
const listeners = new Set<LogListener>();

function environment(): string {
  return import.meta.env.MODE;
}

function write(component: string, level: LogLevel, message: string, context?: LogContext): void {
  if (level === 'debug' && !isDebugModeEnabled()) return;
  const tracker: RedactionTracker = { changed: false };
  const text = redactText(String(message));
  const entry: LogEntry = {
    level,
    message: text.text,
    timestamp: new Date().toISOString(),
    component,
    environment: environment(),
    sanitized: false,
  };
  if (context !== undefined)
    entry.context = redactValue(context, LOGGER_SENSITIVE_FIELDS, tracker) as LogContext;
  entry.sanitized = text.changed || tracker.changed;
  recent.push(entry);
  if (recent.length > LOGS.maxEntries) recent.shift();
  storeLogEntry(entry);
  for (const listener of listeners) {
    try {
      listener(entry);
    } catch {
      // A failing listener must not break the caller that logged.
    }
  }
}

/** A logger whose entries name the component they come from (e.g. 'auth', 'health'). */
export function createLogger(component: string): Logger {
  return {
    debug: (m, c) => write(component, 'debug', m, c),
    info: (m, c) => write(component, 'info', m, c),
    warn: (m, c) => write(component, 'warn', m, c),
    error: (m, c) => write(component, 'error', m, c),
    critical: (m, c) => write(component, 'critical', m, c),
  };
}

/** Entries of this page load, newest last, at most LOGS.maxEntries (tests and admin diagnostics). */
export function recentLogEntries(): readonly LogEntry[] {
  return recent;
}

/** Called with every entry after redaction (e.g. to echo to the real console in development). */
export function subscribeToLogs(listener: LogListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets this page load's entries and the local store (sign-out, tests). */
export function clearLogs(): void {
  recent.length = 0;
  clearStoredLogs();
}
