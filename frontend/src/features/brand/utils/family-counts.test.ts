import { describe, expect, it } from 'vitest';
import { lookalikeEvidence } from './lookalike-evidence';
import { familyCounts, filterLookalikes } from './family-counts';

const rows = [
  { domain: 'paypa1.com', unicode: 'paypa1.com', family: 'homoglyph' },
  { domain: 'xn--pypal-4ve.com', unicode: 'pаypal.com', family: 'homoglyph' },
  { domain: 'paypal.net', unicode: 'paypal.net', family: 'tld-swap' },
  { domain: 'paypall.com', unicode: 'paypall.com', family: 'addition' },
];

describe('lookalike family counts', () => {
  it('counts each family, the largest first, ties by name', () => {
    expect(familyCounts(rows)).toEqual([
      { family: 'homoglyph', count: 2 },
      { family: 'addition', count: 1 },
      { family: 'tld-swap', count: 1 },
    ]);
    expect(familyCounts([])).toEqual([]);
  });

  it('filters by family and by a search in either form', () => {
    expect(filterLookalikes(rows, 'homoglyph', '').map((r) => r.domain)).toEqual([
      'paypa1.com',
      'xn--pypal-4ve.com',
    ]);
    expect(filterLookalikes(rows, undefined, 'PАYPAL').map((r) => r.domain)).toEqual(['xn--pypal-4ve.com']);
    expect(filterLookalikes(rows, undefined, '.net').map((r) => r.family)).toEqual(['tld-swap']);
  });
});

describe('lookalike alert evidence', () => {
  it('reads the engine’s evidence and tolerates missing or odd fields', () => {
    expect(
      lookalikeEvidence({
        evidence: { watch: 'paypal.com', lookalike: 'paypa1.com', confidence: '80', tlp: 'amber' },
      }),
    ).toMatchObject({
      watch: 'paypal.com',
      lookalike: 'paypa1.com',
      confidence: null,
      tlp: 'amber',
      family: '',
    });
    expect(lookalikeEvidence(null).lookalike).toBe('');
    expect(lookalikeEvidence({ evidence: 'nope' }).watch).toBe('');
  });
});
