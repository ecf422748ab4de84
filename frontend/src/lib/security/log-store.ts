/**
 * The logger's local store in localStorage (SPEC §9): at most 100 entries kept 7 days, an error-tracking
 * list (error + critical) of at most 50 kept 7 days, and a debug flag that lasts 24 h. Storage can be full
 * or disabled (private mode, policies); every function here then degrades to "not stored", never throws.
 */
import { LOGS } from '@/config/constants';
import type { LogEntry, StoredLogEntry } from './log-entry';

export const LOG_STORAGE_KEYS = {
  logs: 'kg_logs',
  errors: 'kg_error_tracking',
  debugUntil: 'kg_debug_until',
} as const;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function readList(key: string): StoredLogEntry[] {
  try {
    const raw = storage()?.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as StoredLogEntry[]) : [];
  } catch {
    return [];
  }
}

/** Writes the list; when the quota is hit, retries with the newer half before giving up silently. */
function writeList(key: string, list: readonly StoredLogEntry[]): void {
  const store = storage();
  if (!store) return;
  let kept = list;
  while (kept.length > 0) {
    try {
      store.setItem(key, JSON.stringify(kept));
      return;
    } catch {
      kept = kept.slice(Math.ceil(kept.length / 2));
    }
  }
  try {
    store.removeItem(key);
  } catch {
    // Storage is unusable; the in-memory entries remain.
  }
}

function fresh(list: readonly StoredLogEntry[], retentionMs: number, now: number): StoredLogEntry[] {
  return list.filter((entry) => now - Date.parse(entry.stored_at) <= retentionMs);
}

let sequence = 0;

/** Stores an entry (and tracks it as an error when it is one); returns the stored form. */
export function storeLogEntry(entry: LogEntry, now = Date.now()): StoredLogEntry {
  sequence += 1;
  const stored: StoredLogEntry = {
    ...entry,
    id: `${now.toString(36)}-${sequence.toString(36)}`,
    stored_at: new Date(now).toISOString(),
  };
  const logs = [...fresh(readList(LOG_STORAGE_KEYS.logs), LOGS.retentionMs, now), stored];
  writeList(LOG_STORAGE_KEYS.logs, logs.slice(-LOGS.maxEntries));
  if (entry.level === 'error' || entry.level === 'critical') {
    const errors = [...fresh(readList(LOG_STORAGE_KEYS.errors), LOGS.errorRetentionMs, now), stored];
    writeList(LOG_STORAGE_KEYS.errors, errors.slice(-LOGS.maxErrorEntries));
  }
  return stored;
}

/** Drops entries older than their retention (run by the security cleanup every 60 s). */
export function pruneStoredLogs(now = Date.now()): void {
  const logs = readList(LOG_STORAGE_KEYS.logs);
  const keptLogs = fresh(logs, LOGS.retentionMs, now);
  if (keptLogs.length !== logs.length) writeList(LOG_STORAGE_KEYS.logs, keptLogs);
  const errors = readList(LOG_STORAGE_KEYS.errors);
  const keptErrors = fresh(errors, LOGS.errorRetentionMs, now);
  if (keptErrors.length !== errors.length) writeList(LOG_STORAGE_KEYS.errors, keptErrors);
}

export function storedLogEntries(): StoredLogEntry[] {
  return readList(LOG_STORAGE_KEYS.logs);
}

export function trackedErrorEntries(): StoredLogEntry[] {
  return readList(LOG_STORAGE_KEYS.errors);
}

export function clearStoredLogs(): void {
  try {
    const store = storage();
    store?.removeItem(LOG_STORAGE_KEYS.logs);
    store?.removeItem(LOG_STORAGE_KEYS.errors);
  } catch {
    // Nothing to clear when storage is unusable.
  }
}

/** Debug entries are kept only while this flag is on; it switches itself off after 24 h. */
export function enableDebugMode(now = Date.now()): void {
  try {
    storage()?.setItem(LOG_STORAGE_KEYS.debugUntil, String(now + LOGS.debugFlagMs));
  } catch {
    // Without storage debug mode cannot be switched on; debug entries stay dropped.
  }
}

export function disableDebugMode(): void {
  try {
    storage()?.removeItem(LOG_STORAGE_KEYS.debugUntil);
  } catch {
    // Already effectively off.
  }
}

export function isDebugModeEnabled(now = Date.now()): boolean {
  try {
    const until = Number(storage()?.getItem(LOG_STORAGE_KEYS.debugUntil));
    return Number.isFinite(until) && until > now;
  } catch {
    return false;
  }
}
