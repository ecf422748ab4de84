/**
 * The client security layer (SPEC §5, §9; issue 6). Telemetry and hygiene in the browser; the real
 * controls are on the server (reference/security.md §1). Import from here, not from the modules.
 */
export { installSecurityLayer, type SecurityLayerOptions } from './install';
export { sendSecurityEventToServer } from './server-reporter';
export {
  createSecurityEventReporter,
  type ReportSecurityEvent,
  type SecurityEventDetails,
  type SecurityEventType,
  type SendSecurityEvent,
} from './event-reporter';
export {
  clearLogs,
  createLogger,
  disableDebugMode,
  enableDebugMode,
  isDebugModeEnabled,
  recentLogEntries,
  storedLogEntries,
  subscribeToLogs,
  trackedErrorEntries,
  type LogContext,
  type LogEntry,
  type Logger,
  type LogLevel,
  type StoredLogEntry,
} from './logger';
export { sanitizeTextInput } from './sanitize-text-input';
export { sanitizedInputProps } from './sanitized-input-props';
export { INDICATOR_INPUT_SELECTOR } from './input-guard';
export { securitySensitiveFormProps, securitySensitiveInputProps } from './secure-forms';
export { secureStorage } from './secure-storage';
export { defang } from './defang';
export { InertText, inertString, renderInertUrl } from './inert-text';
export { readCspNonce } from './meta-tags';
export { SECURITY_HEADERS, headerCsp, metaCsp } from './security-headers';
export { DROPZONE_SELECTOR } from './blocked-interactions';
