import { describe, expect, it } from 'vitest';
import { topIndicators } from './top-indicators';

const indicator = (id: number, value: string) => ({
  id,
  type: 'domain',
  value,
  tlp: 'amber',
  confidence: 80,
});

describe('topIndicators', () => {
  it('sums an indicator over its sensors, ranks by events and leaves out what RLS hid', () => {
    const top = topIndicators(
      [
        { indicator_id: 1, sensor: 'edge', count: 50, indicators: indicator(1, 'evil.com') },
        { indicator_id: 2, sensor: 'edge', count: 40, indicators: indicator(2, 'bad.net') },
        { indicator_id: 1, sensor: 'core', count: 30, indicators: indicator(1, 'evil.com') },
        { indicator_id: 3, sensor: 'edge', count: 999, indicators: null },
        { indicator_id: 4, sensor: 'core', count: 40, indicators: indicator(4, 'a.org') },
      ],
      2,
    );
    expect(top).toEqual([
      { id: 1, type: 'domain', value: 'evil.com', tlp: 'amber', count: 80, sensors: ['edge', 'core'] },
      { id: 4, type: 'domain', value: 'a.org', tlp: 'amber', count: 40, sensors: ['core'] },
    ]);
  });
});
