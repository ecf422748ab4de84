/** Query keys of the telemetry feature, general to specific. */
import type { VolumeWindow } from '@/features/telemetry/schemas/network-filters';

export const telemetryKeys = {
  all: ['telemetry'] as const,
  sensors: () => [...telemetryKeys.all, 'sensors'] as const,
  volume: (window: VolumeWindow, sensor: string | undefined) =>
    [...telemetryKeys.all, 'volume', window, sensor ?? null] as const,
  topSightings: (sensor: string | undefined) =>
    [...telemetryKeys.all, 'top-sightings', sensor ?? null] as const,
  sightings: (sensor: string | undefined) => [...telemetryKeys.all, 'sightings', sensor ?? null] as const,
};
