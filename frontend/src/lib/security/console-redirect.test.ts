import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { redirectConsole } from './console-redirect';
import { clearLogs, createLogger, enableDebugMode, recentLogEntries } from './logger';

function fakeConsole() {
  return {
    log: vi.fn(),
    info: vi.fn(),
    warn: vi.fn(),
    error: vi.fn(),
    debug: vi.fn(),
  };
}

beforeEach(() => {
  localStorage.clear();
  clearLogs();
});

afterEach(() => vi.restoreAllMocks());

describe('console redirect', () => {
  it('sends every console method to the logger with the matching level', () => {
    const target = fakeConsole();
    enableDebugMode();
    const restore = redirectConsole({ target: target as unknown as Console, echo: false });
    target.log('a');
    target.info('b');
    target.warn('c');
    target.error('d');
    target.debug('e');
    restore();
    expect(recentLogEntries().map((e) => [e.level, e.message, e.component])).toEqual([
      ['info', 'a', 'console'],
      ['info', 'b', 'console'],
      ['warn', 'c', 'console'],
      ['error', 'd', 'console'],
      ['debug', 'e', 'console'],
    ]);
  });

  it('redacts the spec fields in objects, in the log and in the echoed output', () => {
    const target = fakeConsole();
    const original = target.error;
    const restore = redirectConsole({ target: target as unknown as Console, echo: true });
    target.error('sign-in failed', {
      email: 'ann@example.org',
      user_id: 'u-1',
      sessionId: 's-1',
      jwt: 'eyJ',
      credentials: { password: 'pw', apiKey: 'k' },
      authHeader: 'Bearer x',
      status: 400,
    });
    restore();
    const stored = JSON.stringify(recentLogEntries());
    for (const secret of ['ann@example.org', 'u-1', 's-1', '"eyJ"', '"pw"', 'Bearer x']) {
      expect(stored).not.toContain(secret);
    }
    expect(recentLogEntries()[0]?.context).toMatchObject({ args: [{ status: 400, email: '[REDACTED]' }] });
    const echoed = JSON.stringify(original.mock.calls);
    expect(echoed).not.toContain('ann@example.org');
    expect(echoed).toContain('sign-in failed');
  });

  it('prints nothing to the real console when echo is off (production)', () => {
    const target = fakeConsole();
    const original = target.warn;
    const restore = redirectConsole({ target: target as unknown as Console, echo: false });
    target.warn('quiet');
    restore();
    expect(original).not.toHaveBeenCalled();
    expect(recentLogEntries()[0]?.message).toBe('quiet');
  });

  it('restores the original methods', () => {
    const target = fakeConsole();
    const original = target.info;
    const restore = redirectConsole({ target: target as unknown as Console });
    expect(target.info).not.toBe(original);
    restore();
    expect(target.info).toBe(original);
  });

  it('does not loop when logging itself writes to the console', () => {
    const target = fakeConsole();
    const logger = createLogger('loop');
    const reentrant = { ...logger, info: (m: string) => (target.info(m), logger.info(m)) };
    const restore = redirectConsole({ target: target as unknown as Console, logger: reentrant, echo: false });
    target.info('once');
    restore();
    expect(recentLogEntries().map((e) => e.message)).toEqual(['once']);
  });
});
