import type { Draft } from '../model/drafts.js';
import type { FormatAdapter } from './format.js';
import { itemDrafts } from './rss/item-drafts.js';
import { readFeed, type FeedHeader } from './rss/read-feed.js';

/**
 * RSS 2.0, RSS 1.0 and Atom 1.0 feeds (vendor blogs, CISA advisories): each item a report with its
 * link, the indicators, CVEs and ATT&CK techniques its text mentions (rss/item-drafts.ts).
 */
export const rssFormat: FormatAdapter = {
  name: 'rss',
  description:
    'RSS 2.0 / Atom 1.0 feeds: each item a report, with the indicators, CVEs and ATT&CK ids it mentions',
  defaults: {
    name: 'RSS feed',
    kind: 'rss',
    reliability: 'C',
    tlp: 'clear',
    confidence: 50,
  },
  // Any markup nothing else claims: an HTML page or another XML document is then refused by
  // readFeed in words ("an HTML page, not an RSS or Atom feed") rather than "not a format we read".
  detect: ({ head }) => head.trimStart().startsWith('<'),
  async *parse(input): AsyncGenerator<Draft> {
    const header: Partial<FeedHeader> = {};
    for await (const item of readFeed(input, header))
      yield* itemDrafts(item, { title: header.title, link: header.link });
  },
};
