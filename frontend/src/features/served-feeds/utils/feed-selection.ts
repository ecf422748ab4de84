/** A served feed's selection in words, its URL, and the choices the form offers. */
import type { Database } from '@db/types';

type Enums = Database['public']['Enums'];

export const FEED_FORMATS = [
  { value: 'zeek-intel', label: 'Zeek Intel framework' },
  { value: 'suricata', label: 'Suricata rules' },
  { value: 'rpz', label: 'DNS response-policy zone (RPZ)' },
  { value: 'text', label: 'Plain list, one value a line' },
  { value: 'nftables', label: 'nftables sets' },
  { value: 'iptables', label: 'ipset (iptables)' },
  { value: 'csv', label: 'CSV' },
] as const;

/**
 * TLP levels and indicator types, in the order of the database's enums (@db/types holds them for
 * the type checker only; the bundle cannot import it). Text and CSV feeds carry every type.
 */
export const FEED_TLP_LEVELS = [
  'clear',
  'green',
  'amber',
  'amber+strict',
  'red',
] as const satisfies readonly Enums['tlp_level'][];

export const FEED_TYPES = [
  'ipv4',
  'ipv6',
  'domain',
  'url',
  'email',
  'md5',
  'sha1',
  'sha256',
  'sha512',
  'ipv4-cidr',
  'ipv6-cidr',
  'asn',
  'ja3',
  'ja3s',
  'ja4',
  'user-agent',
  'filename',
  'mutex',
  'registry-key',
  'email-subject',
] as const satisfies readonly Enums['indicator_type'][];

export interface FeedSelection {
  minScore: number;
  maxTlp: string;
  /** Empty: every type the format carries. */
  types: string[];
  /** Empty: any source. */
  sources: string[];
}

/** The control-export defaults: TLP:AMBER ceiling, any score, every type and source. */
export const DEFAULT_SELECTION: FeedSelection = { minScore: 0, maxTlp: 'amber', types: [], sources: [] };

export function selectionText(feed: {
  types: string[] | null;
  sources: string[] | null;
  max_tlp: string;
  min_score: number;
}): string {
  return [
    feed.types?.length ? feed.types.join(', ') : 'all types',
    feed.sources?.length ? `from ${feed.sources.join(', ')}` : 'any source',
    `TLP up to ${feed.max_tlp.toUpperCase()}`,
    feed.min_score > 0 ? `score ${feed.min_score}+` : 'any score',
  ].join(' · ');
}

export const feedUrl = (backendUrl: string, id: string): string =>
  `${backendUrl.replace(/\/+$/, '')}/functions/v1/feeds/${id}`;

/** The sensor-side poll: curl with the token from a file and the ETag kept between runs. */
export const curlPoll = (url: string): string =>
  `curl -sf -H @/etc/cti/feed.header --etag-compare feed.etag --etag-save feed.etag -o feed.out '${url}'`;
