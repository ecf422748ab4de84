/** The shapes of log entries, shared by the logger and its local store. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'critical';

export type LogContext = Record<string, unknown>;

export interface LogEntry {
  level: LogLevel;
  message: string;
  timestamp: string;
  component: string;
  environment: string;
  /** True when redaction changed the message or the context. */
  sanitized: boolean;
  context?: LogContext;
}

/** An entry as kept in localStorage. */
export interface StoredLogEntry extends LogEntry {
  id: string;
  stored_at: string;
}
