import { describe, expect, it } from 'vitest';
import { suggestedExclusion } from './exclusion-kind';

describe('suggestedExclusion', () => {
  it('excludes a range as a network, without a type', () => {
    expect(suggestedExclusion('ipv4-cidr', '10.1.0.0/16')).toEqual({ kind: 'cidr', value: '10.1.0.0/16' });
    expect(suggestedExclusion('ipv6-cidr', '2001:db8::/32')).toEqual({
      kind: 'cidr',
      value: '2001:db8::/32',
    });
  });

  it('excludes anything else as the exact value of its type', () => {
    expect(suggestedExclusion('ipv4', '198.51.100.7')).toEqual({
      kind: 'value',
      value: '198.51.100.7',
      indicatorType: 'ipv4',
    });
    expect(suggestedExclusion('domain', 'example.com').indicatorType).toBe('domain');
  });
});
