import { describe, expect, it } from 'vitest';
import { actionLabel, canMove, NEXT_STATUSES } from './transitions';

describe('triage transitions', () => {
  it('moves forward, and closes an open alert at any step', () => {
    expect(canMove('new', 'acknowledged')).toBe(true);
    expect(canMove('acknowledged', 'investigating')).toBe(true);
    expect(canMove('new', 'dismissed')).toBe(true);
    expect(canMove('investigating', 'resolved')).toBe(true);
  });

  it('never goes back to new, and reopens a closed alert as investigating', () => {
    for (const from of Object.keys(NEXT_STATUSES) as (keyof typeof NEXT_STATUSES)[]) {
      expect(canMove(from, 'new')).toBe(false);
    }
    expect(canMove('investigating', 'acknowledged')).toBe(false);
    expect(canMove('resolved', 'investigating')).toBe(true);
    expect(actionLabel('dismissed', 'investigating')).toBe('Reopen');
    expect(actionLabel('acknowledged', 'investigating')).toBe('Investigate');
  });
});
