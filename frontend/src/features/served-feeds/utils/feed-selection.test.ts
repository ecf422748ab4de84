import { describe, expect, it } from 'vitest';
import { curlPoll, FEED_TYPES, feedUrl, selectionText } from './feed-selection';

describe('served feed selection', () => {
  it('says the selection in words, defaults included', () => {
    expect(selectionText({ types: null, sources: null, max_tlp: 'amber', min_score: 0 })).toBe(
      'all types · any source · TLP up to AMBER · any score',
    );
    expect(
      selectionText({
        types: ['domain', 'url'],
        sources: ['ThreatFox'],
        max_tlp: 'amber+strict',
        min_score: 60,
      }),
    ).toBe('domain, url · from ThreatFox · TLP up to AMBER+STRICT · score 60+');
  });

  it('builds the URL and a poll that keeps the token off the command line', () => {
    const url = feedUrl('http://127.0.0.1:54321/', '0f3c2a1b-4d5e-4f60-8a7b-9c0d1e2f3a4b');
    expect(url).toBe('http://127.0.0.1:54321/functions/v1/feeds/0f3c2a1b-4d5e-4f60-8a7b-9c0d1e2f3a4b');
    expect(curlPoll(url)).toContain(
      '-H @/etc/cti/feed.header --etag-compare feed.etag --etag-save feed.etag',
    );
    expect(curlPoll(url)).not.toMatch(/ctf_|Bearer/);
  });

  it('offers every indicator type the database knows', () => {
    expect(FEED_TYPES).toContain('domain');
    expect(FEED_TYPES).toContain('email-subject');
  });
});
