/**
 * Where the scripts point, from __ENV (`k6 run -e BASE_URL=…`, or the Node runner, which fills
 * these in from the local stack's `stack status`). The local stack's default API port is the default.
 */
export const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:54321').replace(/\/+$/, '');
export const ANON_KEY = __ENV.ANON_KEY || '';
export const SERVICE_ROLE_KEY = __ENV.SERVICE_ROLE_KEY || '';
export const PROFILE = __ENV.PROFILE || 'smoke';
/** Seconds an analyst pauses between pages (short in smoke runs, so they finish in seconds). */
export const THINK_SECONDS = Number(__ENV.THINK || (PROFILE === 'smoke' ? 0.1 : 3));
/** Where handleSummary writes summary.json. */
export const SUMMARY_DIR = __ENV.SUMMARY_DIR || '.';
/** A per-run tag for created users and rows, so reruns never collide. */
export const RUN_ID = __ENV.RUN_ID || `${Date.now().toString(36)}`;

export function requireKeys(): void {
  if (!ANON_KEY || !SERVICE_ROLE_KEY)
    throw new Error('Set ANON_KEY and SERVICE_ROLE_KEY (npm run stack -- status -o json prints them)');
}
