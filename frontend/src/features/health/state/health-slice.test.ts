import { describe, expect, it } from 'vitest';
import { makeStore } from '@/app/store/store';
import { healthChecked, selectHealthBanner, selectServiceHealth } from './health-slice';

const at = '2025-06-01T12:00:00.000Z';

describe('health slice', () => {
  it('starts without a banner and without a last check', () => {
    const state = makeStore().getState();
    expect(selectHealthBanner(state)).toBeNull();
    expect(selectServiceHealth(state).database).toEqual({ status: 'healthy', lastCheck: null });
  });

  it('records each status with the time of the check', () => {
    const store = makeStore();
    store.dispatch(healthChecked({ results: { database: 'degraded', realtime: 'healthy' }, checkedAt: at }));
    const health = selectServiceHealth(store.getState());
    expect(health.database).toEqual({ status: 'degraded', lastCheck: at });
    expect(health.realtime).toEqual({ status: 'healthy', lastCheck: at });
    expect(health.auth.lastCheck).toBeNull();
  });

  it('moves between healthy, degraded and down, with the matching banner', () => {
    const store = makeStore();
    store.dispatch(healthChecked({ results: { realtime: 'degraded' }, checkedAt: at }));
    expect(selectHealthBanner(store.getState())).toEqual({ kind: 'degraded', services: ['realtime'] });

    store.dispatch(healthChecked({ results: { storage: 'down' }, checkedAt: at }));
    expect(selectHealthBanner(store.getState())).toEqual({ kind: 'down', services: ['realtime', 'storage'] });

    store.dispatch(healthChecked({ results: { realtime: 'healthy', storage: 'healthy' }, checkedAt: at }));
    expect(selectHealthBanner(store.getState())).toBeNull();
  });
});
