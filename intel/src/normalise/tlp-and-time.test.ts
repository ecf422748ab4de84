import { describe, expect, it } from 'vitest';
import { leastRestrictive, mostRestrictive, parseTlp, TLP_MARKING_IDS, tlpFromMarkingRef } from './tlp.js';
import { toIsoTimestamp } from './timestamps.js';

describe('TLP', () => {
  it('reads TLP 2.0 and 1.0 names and marking ids', () => {
    expect(
      ['TLP:CLEAR', 'tlp:white', 'green', 'TLP:AMBER+STRICT', 'Tlp : Red', 'tlp:ambre'].map(parseTlp),
    ).toEqual(['clear', 'clear', 'green', 'amber+strict', 'red', undefined]);
    expect(tlpFromMarkingRef(TLP_MARKING_IDS['amber+strict'])).toBe('amber+strict');
    expect(tlpFromMarkingRef('marking-definition--613f2e26-407d-48c7-9eca-b8e91df99dc9')).toBe('clear');
    expect(tlpFromMarkingRef('marking-definition--5e57c739-391a-4eb3-b6be-7d15ca92d5ed')).toBe('red');
    expect(tlpFromMarkingRef('marking-definition--00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });
  it('orders the levels', () => {
    expect(mostRestrictive('green', 'amber+strict')).toBe('amber+strict');
    expect(leastRestrictive('red', 'clear')).toBe('clear');
  });
});

describe('timestamps', () => {
  const value = (raw: string | number) => {
    const result = toIsoTimestamp(raw);
    if (!result.ok) throw new Error(result.reason);
    return result.value;
  };
  it('reads the forms feeds write, as UTC', () => {
    expect(value('2024-04-12T10:00:00+02:00')).toBe('2024-04-12T08:00:00.000Z');
    expect(value('2024-04-12T10:00:00+0200')).toBe('2024-04-12T08:00:00.000Z');
    expect(value('2024-04-12')).toBe('2024-04-12T00:00:00.000Z');
    expect(value('2026-07-24 10:12:13 UTC')).toBe('2026-07-24T10:12:13.000Z');
    expect(value('2026-08-22 10:11:12.123456')).toBe('2026-08-22T10:11:12.123Z');
    expect(value('1590172385')).toBe('2020-05-22T18:33:05.000Z');
    expect(value(1590172385)).toBe('2020-05-22T18:33:05.000Z');
    expect(toIsoTimestamp(undefined)).toEqual({ ok: true, value: undefined });
  });
  it('refuses garbage, the distant past and the future', () => {
    expect(toIsoTimestamp('yesterday')).toEqual({ ok: false, reason: 'not a date: "yesterday"' });
    expect(toIsoTimestamp('1970-01-01')).toEqual({ ok: false, reason: 'date before 1990: "1970-01-01"' });
    expect(toIsoTimestamp('2999-01-01')).toEqual({ ok: false, reason: 'date in the future: "2999-01-01"' });
  });
});
