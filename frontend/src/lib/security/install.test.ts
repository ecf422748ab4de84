import { fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installSecurityLayer } from './install';
import { clearLogs, recentLogEntries } from './logger';
import { secureStorage } from './secure-storage';

const send = vi.fn();
let uninstall: () => void = () => undefined;

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  sessionStorage.clear();
  clearLogs();
  send.mockReset();
});
afterEach(() => {
  uninstall();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('installSecurityLayer', () => {
  it('wires guard, reporter, console redirect, blocked keys and meta tags, and installs once', () => {
    uninstall = installSecurityLayer({ reportEvent: send, connectSources: [], echoConsole: false });
    expect(installSecurityLayer({ reportEvent: send })).toBe(uninstall);

    document.body.innerHTML = '<input aria-label="q" type="text">';
    const input = document.querySelector('input')!;
    fireEvent.input(input, { target: { value: '<iframe src=x>' } });
    expect(input.value).toBe('');
    expect(send).toHaveBeenCalledWith(
      'injection_attempt',
      expect.objectContaining({ patterns: ['iframe_tag'] }),
    );

    console.warn('from the app', { password: 'pw' });
    expect(recentLogEntries().at(-1)).toMatchObject({
      component: 'console',
      message: expect.stringContaining('from the app'),
    });
    expect(JSON.stringify(recentLogEntries())).not.toContain('"pw"');

    const f12 = new KeyboardEvent('keydown', { key: 'F12', bubbles: true, cancelable: true });
    document.body.dispatchEvent(f12);
    expect(f12.defaultPrevented).toBe(true);

    expect(document.head.querySelector('meta[name="referrer"]')).not.toBeNull();
    expect(secureStorage.set('api_key', 'k')).toBe(false);
  });

  it('undoes everything on uninstall', () => {
    const originalWarn = console.warn;
    const timersBefore = vi.getTimerCount();
    uninstall = installSecurityLayer({ reportEvent: send, connectSources: [], echoConsole: false });
    uninstall();
    uninstall = () => undefined;
    expect(console.warn).toBe(originalWarn);
    expect(vi.getTimerCount()).toBe(timersBefore);
    expect(document.head.querySelectorAll('meta')).toHaveLength(0);
    document.body.innerHTML = '<input type="text">';
    const input = document.querySelector('input')!;
    fireEvent.input(input, { target: { value: '<script>' } });
    expect(input.value).toBe('<script>');
  });
});
