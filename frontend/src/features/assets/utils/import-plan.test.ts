import { describe, expect, it } from 'vitest';
import { planAssets, productKey } from './import-plan';

describe('planAssets', () => {
  it('makes one asset of the rows naming one host, later rows winning for the fields they give', () => {
    const plan = planAssets([
      {
        line: 2,
        asset: {
          hostname: 'vpn.example.com',
          owner: 'Ops',
          criticality: 'high',
          product: { vendor: 'Ivanti', product: 'Connect Secure', version: '22.7' },
        },
      },
      { line: 3, asset: { ip: '203.0.113.9' } },
      {
        line: 4,
        asset: {
          hostname: 'vpn.example.com',
          ip: '198.51.100.1',
          criticality: 'critical',
          product: { vendor: 'Ivanti', product: 'Policy Secure' },
        },
      },
      // The same product written another way folds into the first.
      {
        line: 5,
        asset: {
          hostname: 'vpn.example.com',
          product: { vendor: 'IVANTI', product: 'connect-secure', version: '22.7' },
        },
      },
    ]);
    expect(plan).toEqual([
      {
        identity: 'vpn.example.com',
        hostname: 'vpn.example.com',
        ip: '198.51.100.1',
        owner: 'Ops',
        criticality: 'critical',
        products: [
          { vendor: 'Ivanti', product: 'Connect Secure', version: '22.7' },
          { vendor: 'Ivanti', product: 'Policy Secure' },
        ],
        lines: [2, 4, 5],
      },
      { identity: '203.0.113.9', ip: '203.0.113.9', products: [], lines: [3] },
    ]);
  });

  it('keys products by letters and digits, so spelling does not make duplicates', () => {
    expect(productKey({ vendor: 'Palo Alto Networks', product: 'PAN-OS', version: '10.2' })).toBe(
      'paloaltonetworks|panos|10.2',
    );
  });
});
