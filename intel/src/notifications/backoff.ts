/**
 * When a failed delivery is tried again: exponential back-off with full jitter, capped, and a
 * maximum number of attempts after which the delivery is dead (a dead letter an admin can retry).
 * The Standard Webhooks spec recommends exponential back-off with random jitter spanning days
 * ("Deliverability and reliability"); these figures span about 1.5 days over 8 attempts.
 */
export const MAX_ATTEMPTS = 8;
const BASE_MS = 30_000;
const CAP_MS = 12 * 60 * 60 * 1000;

/**
 * The delay before attempt `attempts + 1`, after `attempts` failed ones (1-based): half of it fixed,
 * half random, so retries of many deliveries spread out and never come back sooner than half the step.
 */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const step = Math.min(CAP_MS, BASE_MS * 2 ** Math.max(0, attempts - 1) * 2);
  return Math.round(step / 2 + random() * (step / 2));
}

/** A Retry-After header (seconds or an HTTP date) as a delay, when the receiver gave one (capped). */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, CAP_MS) : undefined;
}
