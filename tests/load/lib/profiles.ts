/**
 * The named load profiles (smoke, average, stress, spike, soak), one shape for every scenario, chosen
 * with PROFILE. VUS / DURATION override the size of any profile; RATE turns it into a
 * constant-arrival-rate run (RATE iterations per second), used for the saturation measurements;
 * RAMP with VUS starts the VUs gradually.
 */
import type { RampingVUsScenario, Scenario } from 'k6/options';
import { PROFILE } from './env.ts';

/** k6's ramping-vus: up to `target` VUs over `rise`, held for `hold`, then down to 0 over `fall` (if given). */
function rampedVus(target: number, rise: string, hold: string, fall?: string): RampingVUsScenario {
  return {
    executor: 'ramping-vus',
    startVUs: 0,
    stages: [
      { duration: rise, target },
      { duration: hold, target },
      ...(fall ? [{ duration: fall, target: 0 }] : []),
    ],
  };
}

export const PROFILES = {
  /** Does it work at all: one VU for a few seconds (npm test runs this). */
  smoke: { executor: 'constant-vus', vus: 1, duration: '5s', gracefulStop: '5s' },
  /** A normal working day's load. */
  average: rampedVus(20, '1m', '3m', '30s'),
  /** Above normal, to see where it bends. */
  stress: rampedVus(60, '2m', '5m', '1m'),
  /** A sudden surge (an incident: everyone opens the platform at once). */
  spike: rampedVus(100, '10s', '1m', '10s'),
  /** The average load held for hours: leaks and slow drifts. */
  soak: rampedVus(20, '5m', '2h', '5m'),
} as const satisfies Record<string, Scenario>;

export type ProfileName = keyof typeof PROFILES;

export function profileName(): ProfileName {
  if (!(PROFILE in PROFILES))
    throw new Error(`Unknown PROFILE ${PROFILE}; one of ${Object.keys(PROFILES).join(', ')}`);
  return PROFILE as ProfileName;
}

/** The chosen profile as a scenario running `exec`, with the VUS / DURATION / RATE overrides. */
export function profileScenario(exec: string, tags: Record<string, string> = {}): Scenario {
  const rate = Number(__ENV.RATE || 0);
  const vus = Number(__ENV.VUS || 0);
  const duration = __ENV.DURATION;
  if (rate > 0) {
    const allocated = vus || Math.max(2, Math.ceil(rate * 4));
    return {
      executor: 'constant-arrival-rate',
      rate,
      timeUnit: '1s',
      duration: duration || '1m',
      preAllocatedVUs: allocated,
      maxVUs: allocated * 2,
      exec,
      tags,
    };
  }
  if (vus || duration) {
    // RAMP (e.g. 1m) starts the VUs over that time instead of at once: a soak's sessions should not
    // all sign in in the same second, which measures the auth pool, not the platform.
    if (__ENV.RAMP) return { ...rampedVus(vus || 1, __ENV.RAMP, duration || '30s'), exec, tags };
    return { executor: 'constant-vus', vus: vus || 1, duration: duration || '30s', exec, tags };
  }
  return { ...PROFILES[profileName()], exec, tags };
}

/** The most VUs the chosen profile can run at once (for sizing the users created in setup). */
export function maxVus(scenario: Scenario): number {
  if ('maxVUs' in scenario && scenario.maxVUs) return scenario.maxVUs;
  if ('vus' in scenario && scenario.vus) return scenario.vus;
  if ('stages' in scenario && scenario.stages) return Math.max(1, ...scenario.stages.map((s) => s.target));
  return 1;
}
