/**
 * The app's only logging path (SPEC §5, §9). This first version fixes the API the features use;
 * the security layer (issue 6) adds redaction, the local store (100 entries / 7 days), error tracking
 * (50 / 7 days), the 24 h debug flag and the console redirect behind the same functions.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'critical';

export type LogContext = Record<string, unknown>;

export interface Logger {
  debug(message: string, context?: LogContext): void;
  info(message: string, context?: LogContext): void;
  warn(message: string, context?: LogContext): void;
  error(message: string, context?: LogContext): void;
  critical(message: string, context?: LogContext): void;
}

export interface LogEntry {
  level: LogLevel;
  message: string;
  timestamp: string;
  component: string;
  environment: string;
  context?: LogContext;
}

const entries: LogEntry[] = [];

function write(component: string, level: LogLevel, message: string, context?: LogContext): void {
  entries.push({
    level,
    message,
    component,
    context,
    timestamp: new Date().toISOString(),
    environment: import.meta.env.MODE,
  });
  if (entries.length > 100) entries.shift();
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

/** Entries kept in this session, newest last (for tests and the admin's diagnostics). */
export function recentLogEntries(): readonly LogEntry[] {
  return entries;
}
