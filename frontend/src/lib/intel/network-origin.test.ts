import { describe, expect, it } from 'vitest';
import { asLabel, countryLabel, eventOrigin } from './network-origin';

describe('network origin labels', () => {
  it('names the AS and the country', () => {
    expect(asLabel({ asn: 13335, asName: 'Cloudflare, Inc.' })).toBe('AS13335 Cloudflare, Inc.');
    expect(asLabel({ asn: 64500, asName: null })).toBe('AS64500');
    expect(asLabel({ asn: null, asName: 'x' })).toBe('');
    expect(countryLabel('AU')).toBe('Australia (AU)');
    expect(countryLabel('XK')).toMatch(/\(XK\)$|^XK$/);
    expect(countryLabel(null)).toBe('');
  });

  it('reads a sighting event’s side, ignoring fields of the wrong shape', () => {
    const event = { dest_asn: 13335, dest_as_name: 'Cloudflare, Inc.', dest_country: 'US', src_asn: '1' };
    expect(eventOrigin(event, 'dest')).toEqual({ asn: 13335, asName: 'Cloudflare, Inc.', country: 'US' });
    expect(eventOrigin(event, 'src')).toBeUndefined();
    expect(eventOrigin(null, 'dest')).toBeUndefined();
  });
});
