import { describe, expect, it } from 'vitest';
import { eveTime, isoFromMicros, isoMicros, zeekTime } from './time.js';

const BASE = isoMicros('2024-05-01T12:00:00Z');

describe('EVE timestamps', () => {
  it('converts Suricata offsets (no colon) to UTC and keeps microseconds', () => {
    expect(eveTime('2021-06-06T15:59:46.457984+0200')).toEqual({
      ok: true,
      time: '2021-06-06T13:59:46.457984Z',
    });
    expect(eveTime('2017-01-30T16:12:26.985026+0100')).toEqual({
      ok: true,
      time: '2017-01-30T15:12:26.985026Z',
    });
    expect(eveTime('2024-03-10T01:30:00.5-05:30')).toEqual({ ok: true, time: '2024-03-10T07:00:00.500000Z' });
    expect(eveTime('2024-12-31T23:59:59.999999Z')).toEqual({ ok: true, time: '2024-12-31T23:59:59.999999Z' });
  });

  it('reads a time without an offset as UTC, and crosses day and year boundaries', () => {
    expect(eveTime('2009-11-24T21:27:09.534255')).toEqual({ ok: true, time: '2009-11-24T21:27:09.534255Z' });
    expect(eveTime('2025-01-01T00:30:00.000001+0100')).toEqual({
      ok: true,
      time: '2024-12-31T23:30:00.000001Z',
    });
  });

  it('gives the same answer from the per-second cache as from a cold parse', () => {
    const a = eveTime('2021-06-06T15:59:46.000001+0200');
    const b = eveTime('2021-06-06T15:59:46.999999+0200');
    expect([a, b]).toEqual([
      { ok: true, time: '2021-06-06T13:59:46.000001Z' },
      { ok: true, time: '2021-06-06T13:59:46.999999Z' },
    ]);
  });

  it('rejects missing and impossible timestamps with a reason', () => {
    expect(eveTime(undefined)).toEqual({ ok: false, reason: 'no timestamp' });
    expect(eveTime(1622987986)).toMatchObject({ ok: false, reason: 'unreadable timestamp "1622987986"' });
    for (const bad of ['2021-02-30T10:00:00Z', '2021-06-06T25:00:00Z', 'yesterday', '2021-13-01T00:00:00Z'])
      expect(eveTime(bad).ok).toBe(false);
  });
});

describe('Zeek ts', () => {
  it('keeps the microseconds of TSV epoch text exactly', () => {
    expect(zeekTime('1521911720.865716', undefined)).toEqual({
      ok: true,
      time: '2018-03-24T17:15:20.865716Z',
    });
    expect(zeekTime('1677024003.7', undefined)).toEqual({ ok: true, time: '2023-02-22T00:00:03.700000Z' });
  });

  it('reads JSON numbers and ISO strings (JSON::TS_ISO8601)', () => {
    expect(zeekTime(1521911720.865716, undefined)).toEqual({ ok: true, time: '2018-03-24T17:15:20.865716Z' });
    expect(zeekTime('2018-03-24T17:15:20.865716Z', undefined)).toEqual({
      ok: true,
      time: '2018-03-24T17:15:20.865716Z',
    });
  });

  it('counts values below 1e9 from the base time, and rejects them without one', () => {
    expect(zeekTime(18.836741, BASE)).toEqual({ ok: true, time: '2024-05-01T12:00:18.836741Z' });
    expect(zeekTime('272.255421', BASE)).toEqual({ ok: true, time: '2024-05-01T12:04:32.255421Z' });
    expect(zeekTime(18.8, undefined)).toEqual({
      ok: false,
      reason: 'ts "18.8" counts seconds from the start of the capture; give a base time to date it',
    });
  });

  it('rejects what is not a time', () => {
    for (const bad of [undefined, '', '-', 'abc', -5, Number.NaN, {}])
      expect(zeekTime(bad, BASE).ok).toBe(false);
  });
});

describe('isoFromMicros', () => {
  it('formats six fraction digits and refuses out-of-range values', () => {
    expect(isoFromMicros(0)).toBe('1970-01-01T00:00:00.000000Z');
    expect(isoFromMicros(1_521_911_720_000_001)).toBe('2018-03-24T17:15:20.000001Z');
    expect(isoFromMicros(-1)).toBeUndefined();
    expect(isoFromMicros(1.5)).toBeUndefined();
    expect(isoFromMicros(Date.UTC(2300, 0, 1) * 1000)).toBeUndefined();
  });
});
