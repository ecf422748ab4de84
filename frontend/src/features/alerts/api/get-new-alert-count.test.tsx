import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALERTS } from '@/config/constants';
import { makeQueryClient } from '@/lib/query-client';
import { getNewAlertCount, useNewAlertCount } from './get-new-alert-count';

type CountAnswer = { count: number | null; error: { code: string; message: string } | null };

const backend = vi.hoisted(() => ({
  answer: vi.fn<() => Promise<{ count: number | null; error: unknown }>>(),
  calls: [] as Array<[string, ...unknown[]]>,
}));

const log = vi.hoisted(() => ({
  debug: vi.fn(),
  info: vi.fn(),
  warn: vi.fn(),
  error: vi.fn(),
  critical: vi.fn(),
}));
vi.mock('@/lib/security/logger', () => ({ createLogger: () => log }));

vi.mock('@/lib/supabase', () => ({
  supabase: () => ({
    from(table: string) {
      backend.calls.push(['from', table]);
      const query = {
        select: (...args: unknown[]) => (backend.calls.push(['select', ...args]), query),
        eq: (...args: unknown[]) => (backend.calls.push(['eq', ...args]), query),
        gte: (...args: unknown[]) => (backend.calls.push(['gte', ...args]), query),
        limit: (...args: unknown[]) => (backend.calls.push(['limit', ...args]), backend.answer()),
      };
      return query;
    },
  }),
}));

function answerWith(answer: CountAnswer) {
  backend.answer.mockResolvedValue(answer);
}

beforeEach(() => {
  backend.calls.length = 0;
  backend.answer.mockReset();
  log.error.mockReset();
});

describe('getNewAlertCount', () => {
  it('asks for an exact count of new alerts created in the last 24 h, fetching no row', async () => {
    answerWith({ count: 12, error: null });
    const now = Date.parse('2025-06-01T12:00:00.000Z');
    await expect(getNewAlertCount(now)).resolves.toBe(12);
    expect(backend.calls).toEqual([
      ['from', 'enhanced_security_alerts'],
      ['select', 'id', { count: 'exact' }],
      ['eq', 'status', 'new'],
      ['gte', 'created_at', new Date(now - ALERTS.windowMs).toISOString()],
      ['limit', 0],
    ]);
    expect(ALERTS.windowMs).toBe(24 * 60 * 60 * 1000);
  });

  it('shows 0 and logs when the backend answers with an error', async () => {
    answerWith({ count: null, error: { code: '42501', message: 'permission denied' } });
    await expect(getNewAlertCount()).resolves.toBe(0);
    expect(log.error).toHaveBeenCalledWith('Alert count failed', {
      code: '42501',
      message: 'permission denied',
    });
  });

  it('shows 0 and logs when the call throws', async () => {
    backend.answer.mockRejectedValue(new Error('Failed to fetch'));
    await expect(getNewAlertCount()).resolves.toBe(0);
    expect(log.error).toHaveBeenCalledWith('Alert count failed', { message: 'Failed to fetch' });
  });
});

describe('useNewAlertCount', () => {
  afterEach(() => vi.useRealTimers());

  function wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={makeQueryClient()}>{children}</QueryClientProvider>;
  }

  it('counts at once and again every 30 s', async () => {
    vi.useFakeTimers();
    answerWith({ count: 3, error: null });
    const { result } = renderHook(() => useNewAlertCount({ enabled: true }), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current).toBe(3);
    expect(backend.answer).toHaveBeenCalledTimes(1);

    answerWith({ count: 5, error: null });
    await act(() => vi.advanceTimersByTimeAsync(ALERTS.refreshMs - 1));
    expect(backend.answer).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(backend.answer).toHaveBeenCalledTimes(2);
    // The query publishes its new data on a zero-delay timer scheduled after the fetch settles.
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current).toBe(5);

    await act(() => vi.advanceTimersByTimeAsync(ALERTS.refreshMs));
    expect(backend.answer).toHaveBeenCalledTimes(3);
  });

  it('asks nothing and shows 0 while signed out', async () => {
    vi.useFakeTimers();
    answerWith({ count: 9, error: null });
    const { result } = renderHook(() => useNewAlertCount({ enabled: false }), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(ALERTS.refreshMs * 2));
    expect(result.current).toBe(0);
    expect(backend.answer).not.toHaveBeenCalled();
  });
});
