import { describe, expect, it } from 'vitest';
import { capabilities } from './home';

/** The home page claims only what the platform does today (its TAXII server has worked since issue 12). */
describe('home page capabilities', () => {
  it('announces nothing as coming that already works', () => {
    for (const { title, text } of capabilities) {
      expect(`${title} ${text}`).not.toMatch(/\(coming\)|not available yet|being built/i);
    }
  });

  it('says the TAXII 2.1 server serves collections', () => {
    const taxii = capabilities.find((c) => c.title.includes('TAXII'));
    expect(taxii?.title).toBe('TAXII 2.1 and STIX exchange');
    expect(taxii?.text).toMatch(/A TAXII 2\.1 server hands your partners/);
  });
});
