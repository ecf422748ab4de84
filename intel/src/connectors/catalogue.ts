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
  /** The source's kind when it is not `feed` (an RSS/Atom feed is `rss`). */
  kind?: 'feed' | 'rss';
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
  {
    format: 'cve',
    interval: '1 hour',
    feed: {
      name: 'CVE List deltas',
      url: 'https://raw.githubusercontent.com/CVEProject/cvelistV5/main/cves/deltaLog.json',
      description:
        "The CVE Program's cvelistV5 delta log: the CVE JSON 5 records added or changed since the last sync (descriptions, CVSS, CWEs, references), between KEV updates.",
    },
  },
  {
    format: 'nvd',
    interval: '2 hours',
    feed: {
      name: 'NVD CVE API',
      url: 'https://services.nvd.nist.gov/rest/json/cves/2.0',
      description:
        "The NVD's CVE API 2.0, asked only for the CVEs modified since the last sync: NVD and CNA CVSS scores, CWEs, descriptions, references. An API key (NVD_API_KEY in the worker's environment) raises the rate limit.",
    },
  },
  {
    format: 'rss',
    kind: 'rss',
    interval: '6 hours',
    feed: {
      name: 'CISA cybersecurity advisories',
      url: 'https://www.cisa.gov/cybersecurity-advisories/all.xml',
      description:
        "CISA's advisories (alerts, ICS advisories, analysis reports) as RSS: each item a report with the indicators, CVEs and ATT&CK techniques its text names.",
    },
  },
  {
    format: 'rss',
    kind: 'rss',
    interval: '6 hours',
    feed: {
      name: 'Cisco Talos blog',
      url: 'https://blog.talosintelligence.com/rss/',
      description:
        "Cisco Talos' threat research blog as RSS: each post a report with the indicators it names.",
    },
  },
  {
    format: 'rss',
    kind: 'rss',
    interval: '6 hours',
    feed: {
      name: 'Unit 42 threat research',
      url: 'https://unit42.paloaltonetworks.com/feed/',
      description:
        "Palo Alto Networks Unit 42's threat research as RSS: each post a report with the indicators it names.",
    },
  },
];

/** Creates the catalogue's sources that do not exist yet; never changes an operator's settings. */
export async function ensureCatalogue(db: ClientBase): Promise<void> {
  for (const { format, interval, kind, feed } of FEED_CATALOGUE) {
    const d = adapterFor(format).defaults;
    await db.query(
      `insert into public.sources (name, kind, format, url, description, reliability, default_tlp, default_confidence, sync_interval, enabled)
       values ($1, $9::public.source_kind, $2, $3, $4, $5, $6, $7, $8::interval, false) on conflict (name) do nothing`,
      [
        feed?.name ?? d.name,
        format,
        feed?.url ?? d.url ?? null,
        feed?.description ?? adapterFor(format).description,
        d.reliability,
        d.tlp,
        d.confidence,
        interval,
        kind ?? 'feed',
      ],
    );
  }
}
