import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { makeStore } from '@/app/store/store';
import { HEALTH } from '@/config/constants';
import { checkAllServices } from '@/features/health/api/check-service-health';
import { selectServiceHealth } from '@/features/health/state/health-slice';
import { useServiceHealthMonitor } from './use-service-health-monitor';

const rpc = vi.hoisted(() => vi.fn(() => Promise.resolve({ data: [{ stored: true }], error: null })));
vi.mock('@/lib/supabase', () => ({ supabase: () => ({ rpc }) }));
vi.mock('@/features/health/api/check-service-health', () => ({ checkAllServices: vi.fn() }));

const check = vi.mocked(checkAllServices);

beforeEach(() => {
  vi.useFakeTimers();
  check.mockReset();
  rpc.mockClear();
});
afterEach(() => vi.useRealTimers());

function setup() {
  const store = makeStore();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProvider store={store}>{children}</AppProvider>
  );
  const hook = renderHook(() => useServiceHealthMonitor(), { wrapper });
  return { store, ...hook };
}

describe('useServiceHealthMonitor', () => {
  it('checks at once and every 60 s, recording status and time', async () => {
    check.mockResolvedValue({
      database: 'healthy',
      realtime: 'healthy',
      auth: 'healthy',
      storage: 'healthy',
    });
    const { store } = setup();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(check).toHaveBeenCalledTimes(1);
    const firstCheck = selectServiceHealth(store.getState()).database.lastCheck;
    expect(firstCheck).not.toBeNull();

    check.mockResolvedValue({ database: 'down', realtime: 'degraded', auth: 'healthy', storage: 'healthy' });
    await act(() => vi.advanceTimersByTimeAsync(HEALTH.checkIntervalMs - 1));
    expect(check).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(check).toHaveBeenCalledTimes(2);
    const health = selectServiceHealth(store.getState());
    expect(health.database.status).toBe('down');
    expect(health.realtime.status).toBe('degraded');
    expect(Date.parse(health.database.lastCheck!)).toBeGreaterThan(Date.parse(firstCheck!));
  });

  it('stops checking when unmounted', async () => {
    check.mockResolvedValue({
      database: 'healthy',
      realtime: 'healthy',
      auth: 'healthy',
      storage: 'healthy',
    });
    const { unmount } = setup();
    await act(() => vi.advanceTimersByTimeAsync(0));
    unmount();
    await vi.advanceTimersByTimeAsync(HEALTH.checkIntervalMs * 3);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('reports the result for the health history only when it changes', async () => {
    const healthy = {
      database: 'healthy',
      realtime: 'healthy',
      auth: 'healthy',
      storage: 'healthy',
    } as const;
    check.mockResolvedValue(healthy);
    setup();
    await act(() => vi.advanceTimersByTimeAsync(0));
    await act(() => vi.advanceTimersByTimeAsync(HEALTH.checkIntervalMs));
    expect(rpc).toHaveBeenCalledTimes(1);
    expect(rpc).toHaveBeenCalledWith('report_service_health', {
      _database: 'healthy',
      _realtime: 'healthy',
      _auth: 'healthy',
      _storage: 'healthy',
    });
    check.mockResolvedValue({ ...healthy, storage: 'down' });
    await act(() => vi.advanceTimersByTimeAsync(HEALTH.checkIntervalMs));
    expect(rpc).toHaveBeenCalledTimes(2);
    expect(rpc).toHaveBeenLastCalledWith(
      'report_service_health',
      expect.objectContaining({ _storage: 'down' }),
    );
  });
});
