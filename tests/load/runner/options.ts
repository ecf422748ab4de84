/** The script's `options` turned into named scenarios, as k6 does for the vus/duration/stages shortcuts. */
import type { ScenarioOptions } from './executors.js';
import type { Stage } from './stages.js';
import type { ThresholdInput } from './thresholds.js';

export interface ScriptOptions {
  scenarios?: Record<string, ScenarioOptions>;
  vus?: number;
  duration?: string;
  iterations?: number;
  stages?: Stage[];
  thresholds?: Record<string, ThresholdInput[]>;
  summaryTrendStats?: string[];
  setupTimeout?: string;
  /** Local addresses VUs send from, round-robin ('127.0.1.1-127.0.1.50'). */
  localIPs?: string;
  teardownTimeout?: string;
}

export function scenariosOf(options: ScriptOptions): Record<string, ScenarioOptions> {
  if (options.scenarios && Object.keys(options.scenarios).length) return options.scenarios;
  if (options.stages?.length)
    return { default: { executor: 'ramping-vus', startVUs: 1, stages: options.stages } };
  if (options.iterations !== undefined)
    return {
      default: { executor: 'shared-iterations', vus: options.vus ?? 1, iterations: options.iterations },
    };
  if (options.duration)
    return { default: { executor: 'constant-vus', vus: options.vus ?? 1, duration: options.duration } };
  return { default: { executor: 'per-vu-iterations', vus: 1, iterations: 1 } };
}
