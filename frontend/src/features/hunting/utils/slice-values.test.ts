import { describe, expect, it } from 'vitest';
import { mergeSliceAnswers, type HuntRow } from './hunt-result';
import { HUNT_LIMITS } from './hunt-limits';
import type { HuntValue } from './parse-hunt-text';
import { savedHuntText } from './saved-hunt-text';
import { parseHuntText } from './parse-hunt-text';
import { sliceBodyBytes, sliceValues } from './slice-values';

const domains = (count: number, length = 20): HuntValue[] =>
  Array.from({ length: count }, (_, i) => ({
    type: 'domain',
    value: `${String(i).padStart(length - 4, 'x')}.com`,
  }));

describe('sliceValues', () => {
  it('cuts by count', () => {
    const slices = sliceValues(domains(25), { maxCount: 10, maxBytes: 1_000_000 });
    expect(slices.map((slice) => [slice.start, slice.values.length])).toEqual([
      [0, 10],
      [10, 10],
      [20, 5],
    ]);
  });

  it('cuts by the JSON body size, every slice within the budget', () => {
    const values = domains(1000, 200);
    const slices = sliceValues(values, { maxBytes: 20_000, maxCount: 10_000 });
    expect(slices.length).toBeGreaterThan(1);
    for (const slice of slices) expect(sliceBodyBytes(slice)).toBeLessThanOrEqual(20_000);
    expect(slices.flatMap((slice) => slice.values)).toEqual(values);
    expect(slices.map((slice) => slice.start)).toEqual(
      slices.map((_, i) => slices.slice(0, i).reduce((sum, slice) => sum + slice.values.length, 0)),
    );
  });

  it('keeps 100,000 long URLs under the API body limit by default', () => {
    const values: HuntValue[] = Array.from({ length: HUNT_LIMITS.maxValues }, (_, i) => ({
      type: 'url',
      value: `http://evil.example.com/${'p'.repeat(100)}/${i}?q="€"`,
    }));
    const slices = sliceValues(values);
    for (const slice of slices) {
      expect(slice.values.length).toBeLessThanOrEqual(HUNT_LIMITS.sliceValues);
      expect(sliceBodyBytes(slice)).toBeLessThanOrEqual(HUNT_LIMITS.sliceBytes);
    }
    expect(slices.reduce((sum, slice) => sum + slice.values.length, 0)).toBe(HUNT_LIMITS.maxValues);
  });

  it('makes no slice of nothing', () => {
    expect(sliceValues([])).toEqual([]);
  });
});

describe('mergeSliceAnswers', () => {
  const row = (ordinal: number, id: number, value: string): HuntRow => ({
    ordinal,
    id,
    value,
    type: 'domain',
    confidence: 80,
    tlp: 'amber',
    first_seen: '2026-01-01T00:00:00Z',
    last_seen: '2026-02-01T00:00:00Z',
    revoked: false,
    malware: [],
    sources: [],
    sightings: 0,
    sensors: [],
    score: 70,
    lifecycle_state: 'active',
  });

  it('maps each slice ordinal back to its input, the rest not matched', () => {
    const values = domains(5);
    const result = mergeSliceAnswers(values, [
      { start: 3, rows: [row(2, 11, values[4]!.value)] },
      { start: 0, rows: [row(1, 10, values[0]!.value), row(3, 12, values[2]!.value)] },
    ]);
    expect(result.matched.map((match) => [match.index, match.id])).toEqual([
      [0, 10],
      [2, 12],
      [4, 11],
    ]);
    expect(result.notMatched.map((item) => item.index)).toEqual([1, 3]);
    expect(result.total).toBe(5);
  });
});

describe('savedHuntText', () => {
  it('keeps a paste as written when it fits one request', () => {
    const text = '# note\nhxxp://evil[.]com';
    expect(savedHuntText(text, parseHuntText(text))).toEqual({ ok: true, text, compacted: false });
  });

  it('keeps a large paste as its canonical values, which read back to the same hunt', () => {
    const text = Array.from(
      { length: 20_000 },
      (_, i) => `# seen in the phishing wave, ticket ${i}\nhost${i}[.]example[.]com`,
    ).join('\n');
    const parsed = parseHuntText(text);
    const saved = savedHuntText(text, parsed);
    expect(saved).toMatchObject({ ok: true, compacted: true });
    expect(parseHuntText((saved as { text: string }).text).values).toEqual(parsed.values);
  });

  it('refuses a hunt too large even as values', () => {
    const text = Array.from({ length: 60_000 }, (_, i) => `host-number-${i}.example.com`).join('\n');
    expect(savedHuntText(text, parseHuntText(text))).toMatchObject({ ok: false });
  });
});
