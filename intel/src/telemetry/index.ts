import { suricataEve } from './suricata-eve.js';
import type { TelemetryFormat } from './telemetry-event.js';
import { zeek } from './zeek.js';

export type * from './telemetry-event.js';
export { suricataEve } from './suricata-eve.js';
export { zeek } from './zeek.js';
export { generateDemoEve } from './demo-telemetry.js';

/** Every telemetry parser, in detection order (their first lines cannot be mistaken for each other). */
export const TELEMETRY_FORMATS: readonly TelemetryFormat[] = [suricataEve, zeek];

export function detectTelemetryFormat(sample: {
  fileName: string;
  head: string;
}): TelemetryFormat | undefined {
  return TELEMETRY_FORMATS.find((format) => format.detect(sample));
}
