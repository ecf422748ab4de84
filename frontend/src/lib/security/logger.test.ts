import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGS } from '@/config/constants';
import { LOG_STORAGE_KEYS } from './log-store';
import {
  clearLogs,
  createLogger,
  disableDebugMode,
  enableDebugMode,
  pruneStoredLogs,
  recentLogEntries,
  storedLogEntries,
  subscribeToLogs,
  trackedErrorEntries,
} from './logger';

const log = createLogger('test');

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
  localStorage.clear();
  clearLogs();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('logger entries', () => {
  it('have level, message, timestamp, component, environment, sanitized, id and stored_at', () => {
    log.info('Alert list loaded', { count: 3 });
    const [entry] = storedLogEntries();
    expect(entry).toMatchObject({
      level: 'info',
      message: 'Alert list loaded',
      component: 'test',
      environment: 'test',
      sanitized: false,
      context: { count: 3 },
      timestamp: '2026-11-21T10:00:00.000Z',
      stored_at: '2026-11-21T10:00:00.000Z',
    });
    expect(entry?.id).toEqual(expect.any(String));
    expect(recentLogEntries()).toHaveLength(1);
  });

  it('redacts the message and the context before anything is kept', () => {
    log.error('login failed password=hunter2', { password: 'hunter2', apiKey: 'k', status: 401 });
    const serialized = JSON.stringify([storedLogEntries(), trackedErrorEntries(), recentLogEntries()]);
    expect(serialized).not.toContain('hunter2');
    expect(storedLogEntries()[0]).toMatchObject({ sanitized: true, context: { status: 401 } });
  });

  it(`keeps at most ${LOGS.maxEntries} stored entries, newest last`, () => {
    for (let i = 0; i < LOGS.maxEntries + 20; i += 1) log.info(`entry ${i}`);
    const stored = storedLogEntries();
    expect(stored).toHaveLength(LOGS.maxEntries);
    expect(stored.at(-1)?.message).toBe(`entry ${LOGS.maxEntries + 19}`);
    expect(recentLogEntries()).toHaveLength(LOGS.maxEntries);
  });

  it(`tracks error and critical entries only, at most ${LOGS.maxErrorEntries}`, () => {
    log.warn('not tracked');
    for (let i = 0; i < LOGS.maxErrorEntries + 5; i += 1) (i % 2 ? log.error : log.critical)(`failure ${i}`);
    const tracked = trackedErrorEntries();
    expect(tracked).toHaveLength(LOGS.maxErrorEntries);
    expect(tracked.every((e) => e.level === 'error' || e.level === 'critical')).toBe(true);
  });

  it('drops entries older than the retention when pruning and when writing', () => {
    log.error('old');
    vi.advanceTimersByTime(LOGS.retentionMs + 1);
    pruneStoredLogs();
    expect(storedLogEntries()).toEqual([]);
    expect(trackedErrorEntries()).toEqual([]);
    log.info('new');
    expect(storedLogEntries().map((e) => e.message)).toEqual(['new']);
  });
});

describe('debug flag', () => {
  it(`keeps debug entries only while the flag is on, for ${LOGS.debugFlagMs} ms`, () => {
    log.debug('dropped');
    enableDebugMode();
    log.debug('kept');
    vi.advanceTimersByTime(LOGS.debugFlagMs + 1);
    log.debug('dropped again');
    expect(storedLogEntries().map((e) => e.message)).toEqual(['kept']);
    enableDebugMode();
    disableDebugMode();
    log.debug('dropped after disable');
    expect(storedLogEntries()).toHaveLength(1);
  });
});

describe('storage failures', () => {
  it('never throw when the quota is exceeded', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => log.critical('still logged')).not.toThrow();
    expect(recentLogEntries().at(-1)?.message).toBe('still logged');
  });

  it('never throw when storage is disabled', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => log.error('no storage')).not.toThrow();
    expect(storedLogEntries()).toEqual([]);
  });

  it('keeps the newer half when the full list does not fit', () => {
    for (let i = 0; i < 10; i += 1) log.info(`entry ${i}`);
    const realSetItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key, value) {
      if (key === LOG_STORAGE_KEYS.logs && value.length > 1500)
        throw new DOMException('full', 'QuotaExceededError');
      realSetItem.call(this, key, value);
    });
    log.info('entry 10');
    const stored = storedLogEntries();
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.length).toBeLessThan(11);
    expect(stored.at(-1)?.message).toBe('entry 10');
  });
});

describe('listeners', () => {
  it('receive redacted entries and can unsubscribe', () => {
    const seen: string[] = [];
    const stop = subscribeToLogs((e) => seen.push(e.message));
    log.info('token=abc');
    stop();
    log.info('after');
    expect(seen).toEqual(['token=[REDACTED]']);
  });
});
