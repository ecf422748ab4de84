/** Service health (SPEC §3): each service's status and when it was last checked. */
import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { serviceNames, type ServiceName, type ServiceStatus } from '@/features/health/utils/service-status';

export interface ServiceHealth {
  status: ServiceStatus;
  /** ISO time of the last check; null until the first one finishes. */
  lastCheck: string | null;
}

export type HealthState = Record<ServiceName, ServiceHealth>;

export type HealthBanner = { kind: 'down' | 'degraded'; services: ServiceName[] } | null;

function initialHealthState(): HealthState {
  const unknown: ServiceHealth = { status: 'healthy', lastCheck: null };
  return {
    database: { ...unknown },
    realtime: { ...unknown },
    auth: { ...unknown },
    storage: { ...unknown },
  };
}

export const healthSlice = createSlice({
  name: 'health',
  initialState: initialHealthState,
  reducers: {
    healthChecked(
      state,
      action: PayloadAction<{ results: Partial<Record<ServiceName, ServiceStatus>>; checkedAt: string }>,
    ) {
      for (const service of serviceNames) {
        const status = action.payload.results[service];
        if (status) state[service] = { status, lastCheck: action.payload.checkedAt };
      }
    },
  },
  selectors: {
    selectServiceHealth: (state) => state,
  },
});

export const { healthChecked } = healthSlice.actions;
export const { selectServiceHealth } = healthSlice.selectors;

/** Any service down makes it the "down" banner, else any degraded the "degraded" one; both list every affected service. */
export function healthBannerOf(health: HealthState): HealthBanner {
  const affected = serviceNames.filter((service) => health[service].status !== 'healthy');
  if (affected.length === 0) return null;
  const anyDown = affected.some((service) => health[service].status === 'down');
  return { kind: anyDown ? 'down' : 'degraded', services: affected };
}

export const selectHealthBanner = createSelector([selectServiceHealth], healthBannerOf);
