import { describe, expect, it } from 'vitest';
import {
  decideRefresh,
  generateRefreshToken,
  isWellFormedRefreshToken,
  lastRefreshedAt,
  sessionValidity,
} from './refresh-rules.js';

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1) + seconds * 1000);
const NO_LIMITS = { timebox: 0, inactivityTimeout: 0 };

describe('generateRefreshToken', () => {
  it('makes distinct 12-character lower-case alphanumeric tokens', () => {
    const tokens = new Set(Array.from({ length: 200 }, generateRefreshToken));
    expect(tokens.size).toBe(200);
    for (const token of tokens) expect(isWellFormedRefreshToken(token)).toBe(true);
  });

  it('rejects other shapes', () => {
    expect(isWellFormedRefreshToken('short')).toBe(false);
    expect(isWellFormedRefreshToken('ABCDEFGHIJKL')).toBe(false);
    expect(isWellFormedRefreshToken("abc'--abcdef")).toBe(false);
  });
});

describe('sessionValidity', () => {
  const session = { createdAt: at(0), refreshedAt: null, notAfter: null };

  it('is valid without limits', () => {
    expect(sessionValidity(session, null, NO_LIMITS, at(10 ** 7))).toBe('valid');
  });

  it('expires after the timebox, counted from creation', () => {
    const limits = { timebox: 100, inactivityTimeout: 0 };
    expect(sessionValidity({ ...session, refreshedAt: at(99) }, null, limits, at(100))).toBe('valid');
    expect(sessionValidity({ ...session, refreshedAt: at(99) }, null, limits, at(101))).toBe('past_timebox');
  });

  it('times out after inactivity, counted from the last refresh', () => {
    const limits = { timebox: 0, inactivityTimeout: 60 };
    expect(sessionValidity({ ...session, refreshedAt: at(50) }, null, limits, at(110))).toBe('valid');
    expect(sessionValidity({ ...session, refreshedAt: at(50) }, null, limits, at(111))).toBe('timed_out');
  });

  it('falls back to the token time when the session was never refreshed', () => {
    expect(lastRefreshedAt(session, at(30)).getTime()).toBe(at(30).getTime());
    expect(lastRefreshedAt(session, null).getTime()).toBe(at(0).getTime());
  });

  it('honours not_after', () => {
    expect(sessionValidity({ ...session, notAfter: at(5) }, null, NO_LIMITS, at(6))).toBe('past_not_after');
  });
});

describe('decideRefresh', () => {
  const revokedAt = at(1000);
  const parent = { token: 'aaaaaaaaaaaa', revoked: true, updatedAt: revokedAt };
  const child = { token: 'bbbbbbbbbbbb', parent: 'aaaaaaaaaaaa' };

  it('rotates a live token', () => {
    expect(decideRefresh({ ...parent, revoked: false }, undefined, 10, at(5000))).toEqual({ kind: 'rotate' });
  });

  it('returns the active child when its parent is reused within the interval', () => {
    expect(decideRefresh(parent, child, 10, at(1010))).toEqual({
      kind: 'return_active',
      token: 'bbbbbbbbbbbb',
    });
  });

  it('treats reuse after the interval as theft', () => {
    expect(decideRefresh(parent, child, 10, at(1011))).toEqual({ kind: 'already_used' });
  });

  it('forks a new token for an older revoked token within the interval', () => {
    const grandchild = { token: 'cccccccccccc', parent: 'bbbbbbbbbbbb' };
    expect(decideRefresh(parent, grandchild, 10, at(1005))).toEqual({ kind: 'rotate' });
    expect(decideRefresh(parent, grandchild, 10, at(1020))).toEqual({ kind: 'already_used' });
  });

  it('with a zero interval accepts no reuse at all after the revocation instant', () => {
    expect(decideRefresh(parent, child, 0, at(1001))).toEqual({ kind: 'already_used' });
  });
});
