/**
 * Digest periods. A daily digest covers the 24 hours before the digest hour (UTC) and is assembled
 * at that hour; a weekly one the 7 days before Monday at that hour. The worker assembles a period a
 * little after it closes (GRACE), so an alert committed by a slow transaction just before the hour
 * is still in it.
 */
export type DigestKind = 'daily' | 'weekly';

export const DEFAULT_DIGEST_HOUR = 7;
export const GRACE_MS = 2 * 60_000;
const DAY_MS = 86_400_000;

export function periodLengthMs(digest: DigestKind): number {
  return digest === 'daily' ? DAY_MS : 7 * DAY_MS;
}

/** The end of the newest period of this kind that closed at or before `at` (a UTC instant). */
export function periodEndAtOrBefore(digest: DigestKind, at: Date, hour: number): Date {
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), hour));
  if (end.getTime() > at.getTime()) end.setUTCDate(end.getUTCDate() - 1);
  if (digest === 'weekly') {
    // getUTCDay: 0 = Sunday, 1 = Monday; step back to the Monday on or before.
    end.setUTCDate(end.getUTCDate() - ((end.getUTCDay() + 6) % 7));
  }
  return end;
}

/** The newest period ready to assemble at `now` (closed at least GRACE_MS ago). */
export function dueDigestPeriod(digest: DigestKind, now: Date, hour: number): { start: Date; end: Date } {
  const end = periodEndAtOrBefore(digest, new Date(now.getTime() - GRACE_MS), hour);
  return { start: new Date(end.getTime() - periodLengthMs(digest)), end };
}

/** A digest hour read from the settings table: an integer 0–23, else the default. */
export function digestHour(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 23 ? n : DEFAULT_DIGEST_HOUR;
}
