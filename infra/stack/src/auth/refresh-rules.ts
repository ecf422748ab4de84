/**
 * The decisions of GoTrue's refresh-token grant, kept free of I/O so they can be tested with
 * plain dates: whether a session is still valid, and what to do with a presented refresh token
 * (rotate it, hand back the already-issued child, or treat it as stolen).
 */
import { randomInt } from 'node:crypto';

const TOKEN_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const REFRESH_TOKEN_LENGTH = 12;

/** GoTrue's v1 ("legacy") refresh token: 12 random lower-case letters and digits. */
export function generateRefreshToken(): string {
  let token = '';
  for (let i = 0; i < REFRESH_TOKEN_LENGTH; i++) token += TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)];
  return token;
}

export function isWellFormedRefreshToken(token: string): boolean {
  return /^[a-z0-9]{12}$/.test(token);
}

export interface SessionTimes {
  createdAt: Date;
  refreshedAt: Date | null;
  notAfter: Date | null;
}

export interface SessionLimits {
  /** Seconds; 0 means unlimited. */
  timebox: number;
  inactivityTimeout: number;
}

export type SessionValidity = 'valid' | 'past_not_after' | 'past_timebox' | 'timed_out';

/** When the session was last used: its refresh time, else its newest token, else its creation. */
export function lastRefreshedAt(session: SessionTimes, tokenUpdatedAt: Date | null): Date {
  if (session.refreshedAt) return session.refreshedAt;
  if (tokenUpdatedAt && tokenUpdatedAt > session.createdAt) return tokenUpdatedAt;
  return session.createdAt;
}

export function sessionValidity(
  session: SessionTimes,
  tokenUpdatedAt: Date | null,
  limits: SessionLimits,
  now: Date,
): SessionValidity {
  if (session.notAfter && now > session.notAfter) return 'past_not_after';
  if (limits.timebox > 0 && now.getTime() > session.createdAt.getTime() + limits.timebox * 1000)
    return 'past_timebox';
  const lastUsed = lastRefreshedAt(session, tokenUpdatedAt).getTime();
  if (limits.inactivityTimeout > 0 && now.getTime() > lastUsed + limits.inactivityTimeout * 1000)
    return 'timed_out';
  return 'valid';
}

export interface PresentedToken {
  token: string;
  revoked: boolean;
  /** For a revoked token, when it was revoked (GoTrue measures the reuse interval from here). */
  updatedAt: Date;
}

export interface ActiveToken {
  token: string;
  parent: string | null;
}

export type RefreshDecision =
  { kind: 'rotate' } | { kind: 'return_active'; token: string } | { kind: 'already_used' };

/**
 * A live token is rotated. A revoked one is accepted only within the reuse interval after its
 * revocation (a client that lost the response, or two tabs racing): if it is the parent of the
 * session's active token that child is returned again rather than forking a new one. Later reuse
 * is treated as theft.
 */
export function decideRefresh(
  presented: PresentedToken,
  active: ActiveToken | undefined,
  reuseIntervalSeconds: number,
  now: Date,
): RefreshDecision {
  if (!presented.revoked) return { kind: 'rotate' };
  const withinInterval = now.getTime() <= presented.updatedAt.getTime() + reuseIntervalSeconds * 1000;
  if (!withinInterval) return { kind: 'already_used' };
  if (active && active.parent === presented.token) return { kind: 'return_active', token: active.token };
  return { kind: 'rotate' };
}
