/**
 * Redirects console.log/info/warn/error/debug to the logger (SPEC §5), hiding object fields whose names
 * contain password, token, secret, key, auth, credential, email, user_id, session_id or jwt. In development
 * the redacted arguments are still printed to the real console, so developers keep their output; in
 * production nothing reaches the console.
 */
import { createLogger, type Logger, type LogLevel } from './logger';
import { CONSOLE_SENSITIVE_FIELDS, redactValue } from './redact';

const REDIRECTED = { log: 'info', info: 'info', warn: 'warn', error: 'error', debug: 'debug' } as const;
type ConsoleMethod = keyof typeof REDIRECTED;
type ConsoleFn = (...args: unknown[]) => void;

/** Long console dumps are cut so one call cannot fill the local log store. */
const MAX_MESSAGE_CHARS = 2000;

export interface ConsoleRedirectOptions {
  logger?: Logger;
  /** Print the redacted arguments to the real console too (development). */
  echo?: boolean;
  target?: Console;
}

/** Redacted copies of console arguments (exported for the tests and the guard's own use). */
export function redactConsoleArgs(args: readonly unknown[]): unknown[] {
  return args.map((arg) => redactValue(arg, CONSOLE_SENSITIVE_FIELDS));
}

function describe(arg: unknown): string {
  if (typeof arg === 'string') return arg;
  try {
    return JSON.stringify(arg) ?? String(arg);
  } catch {
    return String(arg);
  }
}

/** Installs the redirect; returns a function that restores the original console methods. */
export function redirectConsole(options: ConsoleRedirectOptions = {}): () => void {
  const target = options.target ?? console;
  const logger = options.logger ?? createLogger('console');
  const echo = options.echo ?? import.meta.env.DEV;
  const originals = new Map<ConsoleMethod, ConsoleFn>();
  let busy = false;

  for (const method of Object.keys(REDIRECTED) as ConsoleMethod[]) {
    const original = target[method] as ConsoleFn;
    originals.set(method, original);
    const level: LogLevel = REDIRECTED[method];
    target[method] = (...args: unknown[]) => {
      // A console call made while logging (e.g. by a log listener) must not loop.
      if (busy) return;
      busy = true;
      try {
        const redacted = redactConsoleArgs(args);
        const message = redacted.map(describe).join(' ').slice(0, MAX_MESSAGE_CHARS);
        const objects = redacted.filter((arg) => typeof arg === 'object' && arg !== null);
        logger[level](message, objects.length > 0 ? { args: objects } : undefined);
        if (echo) original.apply(target, redacted);
      } finally {
        busy = false;
      }
    };
  }

  return () => {
    for (const [method, original] of originals) target[method] = original;
  };
}
