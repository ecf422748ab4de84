/**
 * Sends security events to the server (log_security_violation: allow-listed types, details a JSON object of
 * at most 4 KB, 30 reports a minute per user). The transport is injected so tests never touch the network.
 * Reporting is telemetry: it is rate-limited on the client, oversized details are cut to fit, and its own
 * failures (signed out, offline, 429) are swallowed and logged at most once per window.
 */
import { createLogger } from './logger';

/** The client-reportable types of private.security_event_types (migration 20261121100200). */
export type SecurityEventType =
  | 'injection_attempt'
  | 'excessive_requests'
  | 'unusual_navigation'
  | 'bot_detected'
  | 'devtools_opened'
  | 'csp_violation'
  | 'suspicious_activity'
  | 'session_expired'
  | 'admin_validation_error'
  | 'admin_validation_exception'
  | 'auth_refresh_error'
  | 'signout_error';

export type SecurityEventDetails = Record<string, unknown>;
export type SendSecurityEvent = (
  type: SecurityEventType,
  details: SecurityEventDetails,
) => Promise<void> | void;
export type ReportSecurityEvent = (type: SecurityEventType, details?: SecurityEventDetails) => void;

/** Client-side budget, below the server's 30 a minute so other reports still get through. */
export const REPORTER_LIMITS = { maxPerWindow: 20, windowMs: 60_000 } as const;

/** The server measures `details::text` of jsonb, which adds a space after every ':' and ','. */
export const MAX_DETAILS_BYTES = 4096;

function jsonbTextBytes(json: string): number {
  const separators = json.match(/[:,]/g)?.length ?? 0;
  return new TextEncoder().encode(json).length + separators;
}

/** Details as sent: unchanged when they fit, else a truncated preview that does. */
export function fitDetails(details: SecurityEventDetails): SecurityEventDetails {
  let json: string;
  try {
    json = JSON.stringify(details) ?? '{}';
  } catch {
    return { unserializable: true };
  }
  if (jsonbTextBytes(json) <= MAX_DETAILS_BYTES) return details;
  let length = Math.min(json.length, MAX_DETAILS_BYTES);
  for (;;) {
    const candidate = { truncated: true, preview: json.slice(0, length) };
    if (jsonbTextBytes(JSON.stringify(candidate)) <= MAX_DETAILS_BYTES) return candidate;
    length = Math.floor(length * 0.8);
  }
}

const log = createLogger('security-reporter');

export function createSecurityEventReporter(
  send: SendSecurityEvent,
  limits: { maxPerWindow: number; windowMs: number } = REPORTER_LIMITS,
): ReportSecurityEvent {
  let sent: number[] = [];
  let lastFailureNotice = -Infinity;
  let lastDropNotice = -Infinity;

  const failed = (type: SecurityEventType, error: unknown) => {
    const now = Date.now();
    if (now - lastFailureNotice < limits.windowMs) return;
    lastFailureNotice = now;
    log.warn('A security event could not be sent to the server', {
      type,
      reason: error instanceof Error ? error.message : String(error),
    });
  };

  return (type, details = {}) => {
    const now = Date.now();
    sent = sent.filter((at) => now - at < limits.windowMs);
    if (sent.length >= limits.maxPerWindow) {
      if (now - lastDropNotice >= limits.windowMs) {
        lastDropNotice = now;
        log.warn('Security event reports are being rate-limited', { type });
      }
      return;
    }
    sent.push(now);
    try {
      const pending = send(type, fitDetails(details));
      if (pending) pending.catch((error: unknown) => failed(type, error));
    } catch (error) {
      failed(type, error);
    }
  };
}
