/**
 * An enrichment answer's normalised summary (intel/src/enrichment/services) as lines for the drawer:
 * known fields in words, verdicts first (jsonb keeps no key order, so the order is ours); lists
 * joined; times in the app's format; empty fields left out. Values stay data: the drawer renders
 * them as inert text.
 */
import { formatDateTime } from '@/lib/format/format';

// In the order shown: verdicts first, then what they rest on, then context.
const LABELS: Record<string, string> = {
  found: 'Found',
  classification: 'Classification',
  confidence: 'Abuse confidence',
  malicious: 'Malicious engines',
  suspicious: 'Suspicious engines',
  harmless: 'Harmless engines',
  undetected: 'Undetected',
  reputation: 'Reputation',
  reports: 'Reports',
  reporters: 'Reporters',
  last_reported: 'Last reported',
  whitelisted: 'Whitelisted',
  noise: 'Internet scanner',
  riot: 'Common business service',
  kind: 'Object',
  name: 'Name',
  handle: 'Handle',
  range: 'Range',
  registrar: 'Registrar',
  registrant: 'Registrant',
  registered: 'Registered',
  expires: 'Expires',
  status: 'Status',
  records: 'Records',
  resolutions: 'Resolutions',
  more: 'More',
  first_seen: 'First seen',
  last_seen: 'Last seen',
  ports: 'Open ports',
  tags: 'Tags',
  vulns: 'Vulnerabilities',
  vuln_count: 'Vulnerability count',
  hostnames: 'Host names',
  cpes: 'CPEs',
  scans: 'Scans',
  newest: 'Newest scan',
  newest_url: 'Newest URL',
  servers: 'Servers',
  countries: 'Countries',
  isp: 'ISP',
  usage: 'Usage',
  country: 'Country',
  analysed: 'Analysed',
};

export type SummaryLine = [label: string, text: string];

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.length ? value.map(String).join(', ') : null;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value))
    return formatDateTime(value) ?? value;
  return String(value);
}

export function summaryLines(summary: unknown): SummaryLine[] {
  if (!summary || typeof summary !== 'object' || Array.isArray(summary)) return [];
  const entries = Object.entries(summary as Record<string, unknown>);
  if (entries.length === 1 && entries[0]![0] === 'found' && entries[0]![1] === false)
    return [['Found', 'nothing known about this value']];
  const order = Object.keys(LABELS);
  const rank = (key: string) => (order.indexOf(key) + 1 || order.length + 1) - 1;
  return entries
    .filter(([key]) => key !== 'more' || (summary as Record<string, unknown>).more !== 0)
    .sort(([a], [b]) => rank(a) - rank(b))
    .flatMap(([key, value]) => {
      const shown = text(value);
      return shown === null ? [] : [[LABELS[key] ?? key.replace(/_/g, ' '), shown] as SummaryLine];
    });
}

/** The score adjustment in words: "+15 to the score", "−5 to the score", or nothing. */
export function scoreDeltaText(delta: number): string | null {
  if (!delta) return null;
  return `${delta > 0 ? '+' : '−'}${Math.abs(delta)} confidence points to the score`;
}

const PAP_ORDER = ['clear', 'green', 'amber', 'red'];

/** An indicator's PAP from its reports' (each already the stricter of its own and its source's): the least restrictive; CLEAR without reports. */
export function indicatorPap(reportPaps: readonly string[]): string {
  if (reportPaps.length === 0) return 'clear';
  return PAP_ORDER[Math.min(...reportPaps.map((p) => Math.max(0, PAP_ORDER.indexOf(p))))]!;
}
