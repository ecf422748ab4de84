import { describe, expect, it } from 'vitest';
import { attackIds, nameCandidates } from './text-candidates';

describe('attackIds', () => {
  it('finds techniques, sub-techniques, groups and software once, upper-case', () => {
    expect(attackIds('Used t1059.001 and T1059, like G0007 (S0154); not T12 or XT1234x')).toEqual([
      'T1059.001',
      'T1059',
      'G0007',
      'S0154',
    ]);
  });
});

describe('nameCandidates', () => {
  it('gives runs of up to four words, lower-case, keeping inner hyphens', () => {
    const found = nameCandidates('Fancy Bear (APT-C-23) used Cobalt Strike.');
    expect(found).toContain('fancy bear');
    expect(found).toContain('apt-c-23');
    expect(found).toContain('cobalt strike');
    expect(found).toContain('fancy bear apt-c-23 used');
    expect(found).not.toContain('fancy bear apt-c-23 used cobalt');
  });
  it('drops runs shorter than three characters', () => {
    expect(nameCandidates('ab, c')).toEqual(['ab c']);
  });
});
