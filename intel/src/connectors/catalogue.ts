import type { ClientBase } from 'pg';
import type { FormatName } from '../formats/format.js';
import { adapterFor } from '../formats/registry.js';

/**
 * The public feeds a fresh installation knows how to poll, with how often. Their URLs are the
 * formats' official ones; an operator changes `sources.url` (a mirror, an internal copy). They
 * start disabled: an on-prem installation reaches out to the internet only once an administrator
 * enables a feed (or syncs one by name).
 */
export const FEED_CATALOGUE: {
  format: FormatName;
  interval: string;
  /** Instead of the format's default source (a format that several feeds publish in). */
  feed?: { name: string; url: string; description: string };
}[] = [
  { format: 'kev', interval: '1 day' },
  { format: 'epss', interval: '1 day' },
  { format: 'attack', interval: '7 days' },
  { format: 'threatfox', interval: '1 hour' },
  { format: 'feodo', interval: '1 hour' },
  { format: 'urlhaus', interval: '1 hour' },
  {
    format: 'misp',
    interval: '1 day',
    feed: {
      name: 'CIRCL OSINT feed',
      url: 'https://www.circl.lu/doc/misp/feed-osint/',
      description:
        "CIRCL's public MISP feed of OSINT events (manifest.json and one file per event); only new or changed events are fetched.",
    },
  },
];

/** Creates the catalogue's sources that do not exist yet; never changes an operator's settings. */
export async function ensureCatalogue(db: ClientBase): Promise<void> {
  for (const { format, interval, feed } of FEED_CATALOGUE) {
    const d = adapterFor(format).defaults;
    await db.query(
      `insert into public.sources (name, kind, format, url, description, reliability, default_tlp, default_confidence, sync_interval, enabled)
       values ($1, 'feed', $2, $3, $4, $5, $6, $7, $8::interval, false) on conflict (name) do nothing`,
      [
        feed?.name ?? d.name,
        format,
        feed?.url ?? d.url ?? null,
        feed?.description ?? adapterFor(format).description,
        d.reliability,
        d.tlp,
        d.confidence,
        interval,
      ],
    );
  }
}
