import { describe, expect, it } from 'vitest';
import { openEntity } from './search-view';

describe('the entity a Unified Intelligence link opens', () => {
  it('opens an id of the right shape for its kind', () => {
    expect(openEntity({ kind: 'indicator', id: '42' })).toEqual({ indicatorId: 42 });
    expect(openEntity({ kind: 'cve', id: 'CVE-2021-44228' })).toEqual({ cveId: 'CVE-2021-44228' });
    const stixId = 'intrusion-set--bef4c620-0787-42a8-a96d-b7eb6e85917c';
    expect(openEntity({ kind: 'intrusion-set', id: stixId })).toEqual({ stixId });
  });

  it('opens nothing for junk, instead of sending it to a numeric or keyed lookup', () => {
    expect(openEntity({ kind: 'indicator', id: 'abc' })).toEqual({});
    expect(openEntity({ kind: 'indicator', id: '1e3' })).toEqual({});
    expect(openEntity({ kind: 'cve', id: "'OR1=1" })).toEqual({});
    expect(openEntity({ kind: 'malware', id: '<script>' })).toEqual({});
    expect(openEntity({ kind: 'malware' })).toEqual({});
  });
});
