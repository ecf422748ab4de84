import { describe, expect, it } from 'vitest';
import { curlExample, taxiiDiscoveryUrl } from './taxii-example';

describe('TAXII example', () => {
  it('points at the discovery endpoint of the function, whatever the trailing slashes', () => {
    expect(taxiiDiscoveryUrl('https://cti.example.org/')).toBe(
      'https://cti.example.org/functions/v1/taxii/taxii2/',
    );
  });
  it('uses the key id as the Basic user name and never a secret', () => {
    const text = curlExample('https://cti.example.org', 'abc');
    expect(text).toContain("-u 'abc:<secret>'");
    expect(text).toContain("-H 'Accept: application/taxii+json;version=2.1'");
  });
});
