import { describe, expect, it } from 'vitest';
import { alertIndicator } from './alert-indicator';

describe('alertIndicator', () => {
  it('reads the type and value the matching engine recorded', () => {
    expect(
      alertIndicator({
        indicator_id: 7,
        metadata: { evidence: { type: 'ipv4', value: '198.51.100.7', sensor: 'x' } },
      }),
    ).toEqual({ type: 'ipv4', value: '198.51.100.7' });
  });

  it('says nothing without an indicator or readable evidence', () => {
    expect(
      alertIndicator({ indicator_id: null, metadata: { evidence: { type: 'ipv4', value: '1.2.3.4' } } }),
    ).toBeNull();
    expect(alertIndicator({ indicator_id: 7, metadata: {} })).toBeNull();
    expect(
      alertIndicator({ indicator_id: 7, metadata: { evidence: { type: 'nonsense', value: 'x' } } }),
    ).toBeNull();
    expect(
      alertIndicator({ indicator_id: 7, metadata: { evidence: { type: 'domain', value: 3 } } }),
    ).toBeNull();
  });
});
