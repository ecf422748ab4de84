import { describe, expect, it } from 'vitest';
import { slaState } from './sla';

const base = {
  created_at: '2026-11-01T00:00:00Z',
  respond_by: '2026-11-01T04:00:00Z',
  due_at: '2026-11-04T00:00:00Z',
  resolved_at: null,
  held_since: null,
};
const at = (iso: string) => Date.parse(iso);

describe('slaState', () => {
  it('is on track early, due soon in the last fifth, past once due', () => {
    expect(slaState({ ...base, status: 'in_progress' }, at('2026-11-01T05:00:00Z'))).toBe('on_track');
    expect(slaState({ ...base, status: 'in_progress' }, at('2026-11-03T12:00:00Z'))).toBe('at_risk');
    expect(slaState({ ...base, status: 'on_hold' }, at('2026-11-04T00:00:01Z'))).toBe('breached');
  });
  it('a case still new after its response target is past its SLA', () => {
    expect(slaState({ ...base, status: 'new' }, at('2026-11-01T04:00:01Z'))).toBe('breached');
    expect(slaState({ ...base, status: 'in_progress' }, at('2026-11-01T04:00:01Z'))).toBe('on_track');
  });
  it('a case on hold is paused, unless it was already past due when it went on hold', () => {
    const held = { ...base, status: 'on_hold' as const, held_since: '2026-11-02T00:00:00Z' };
    expect(slaState(held, at('2026-11-09T00:00:00Z'))).toBe('paused');
    expect(slaState({ ...held, held_since: '2026-11-04T00:00:01Z' }, at('2026-11-05T00:00:00Z'))).toBe(
      'breached',
    );
  });
  it('a resolved case met or missed its due date', () => {
    expect(slaState({ ...base, status: 'resolved', resolved_at: '2026-11-02T00:00:00Z' })).toBe('met');
    expect(slaState({ ...base, status: 'closed', resolved_at: '2026-11-05T00:00:00Z' })).toBe('missed');
  });
});
