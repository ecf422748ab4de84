/**
 * The gateway allows each signed-in user a number of requests per window (`requests_per_window`
 * in `[stack]` of supabase/config.toml: 100 per 10 s by default) and answers 429 past it. A VU is one user, so it
 * keeps under that budget the way the app does, or a run would measure refusals instead of the
 * platform. A token bucket per VU: bursts of BURST, then RATE requests a second on average, which
 * stays below 100 per 10 s. USER_RATE=0 turns pacing off (a target whose limit is off or raised).
 */
import { pause } from './pause.ts';

const RATE = Number(__ENV.USER_RATE ?? 8);
const BURST = 10;
/** Per VU (the Node runner shares module state between VUs; k6 does not, which is harmless). */
const buckets = new Map<number, { tokens: number; at: number }>();

/** Waits, if needed, until this VU may send one more request within its user's budget. */
export async function withinUserBudget(): Promise<void> {
  if (!(RATE > 0)) return;
  const now = Date.now();
  const bucket = buckets.get(__VU) ?? { tokens: BURST, at: now };
  bucket.tokens = Math.min(BURST, bucket.tokens + ((now - bucket.at) / 1000) * RATE);
  bucket.at = now;
  if (bucket.tokens < 1) {
    const wait = (1 - bucket.tokens) / RATE;
    bucket.tokens = 1;
    bucket.at = now + wait * 1000;
    buckets.set(__VU, bucket);
    await pause(wait);
  }
  bucket.tokens -= 1;
  buckets.set(__VU, bucket);
}
