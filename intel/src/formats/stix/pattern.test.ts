import { describe, expect, it } from 'vitest';
import type { Draft } from '../../model/drafts.js';
import { stixDrafts } from './objects.js';
import { MAX_PATTERN_COMPARISONS, parseSimplePattern } from './pattern.js';

const ip = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
const orPattern = (n: number) =>
  `[${Array.from({ length: n }, (_, i) => `ipv4-addr:value = '${ip(i)}'`).join(' OR ')}]`;
const indicator = (pattern: string) => ({
  type: 'indicator',
  id: 'indicator--6f0a1e50-0000-4000-8000-000000000001',
  pattern_type: 'stix',
  pattern,
  valid_from: '2026-11-01T00:00:00Z',
});
/** What the drafts of one object keep as provenance context, in JSON bytes. */
const contextBytes = (drafts: Draft[]) =>
  drafts.reduce((sum, d) => sum + (d.kind === 'indicator' ? JSON.stringify(d.context).length : 0), 0);

describe('STIX OR patterns (issue 36 item 5)', () => {
  it('reads each comparison with its value and text', () => {
    expect(parseSimplePattern("[ipv4-addr:value = '1.2.3.4' OR domain-name:value = 'x.example']")).toEqual({
      kind: 'values',
      values: [
        { type: 'ipv4', value: '1.2.3.4', comparison: "ipv4-addr:value = '1.2.3.4'" },
        { type: 'domain', value: 'x.example', comparison: "domain-name:value = 'x.example'" },
      ],
    });
  });

  it('keeps the provenance of an OR of N values linear in N: each value keeps its own comparison', () => {
    const small = stixDrafts('$.objects[0]', indicator(orPattern(1000)));
    const large = stixDrafts('$.objects[0]', indicator(orPattern(4000)));
    expect(large).toHaveLength(4000);
    // Four times the values, about four times the bytes (the whole pattern in each row made it 16).
    expect(contextBytes(large) / contextBytes(small)).toBeLessThan(4.5);
    const third = large[2]!;
    expect(third).toMatchObject({
      kind: 'indicator',
      value: ip(2),
      pattern: `[ipv4-addr:value = '${ip(2)}']`,
    });
    expect(third.kind === 'indicator' && third.context).toMatchObject({
      stix: { pattern: `[ipv4-addr:value = '${ip(2)}']` },
      or_pattern: { comparisons: 4000, position: 3 },
    });
  });

  it('keeps a single-value pattern whole', () => {
    const [only] = stixDrafts('$.objects[0]', indicator("[ipv4-addr:value = '192.0.2.1']"));
    expect(only!.kind === 'indicator' && only!.context).toMatchObject({
      stix: { pattern: "[ipv4-addr:value = '192.0.2.1']" },
    });
  });

  it(`refuses a pattern of more than ${MAX_PATTERN_COMPARISONS} comparisons with the reason`, () => {
    const drafts = stixDrafts('$.objects[7]', indicator(orPattern(MAX_PATTERN_COMPARISONS + 1)));
    expect(drafts).toEqual([
      {
        kind: 'reject',
        where: '$.objects[7]',
        reason: `pattern: more than 10,000 comparisons joined by OR (the limit per pattern); split the indicator into smaller ones`,
      },
    ]);
    expect(stixDrafts('$.objects[0]', indicator(orPattern(MAX_PATTERN_COMPARISONS)))).toHaveLength(
      MAX_PATTERN_COMPARISONS,
    );
  });
});
