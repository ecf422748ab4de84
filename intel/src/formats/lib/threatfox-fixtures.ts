/** For the ThreatFox tests only: one IOC as the JSON export has it, and the CSV export of IOCs. */

export const THREATFOX_FILE = 'abusech/threatfox-recent-2026-07-24.json';

export const ioc = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  ioc_value: 'evil.example',
  ioc_type: 'domain',
  threat_type: 'botnet_cc',
  malware: 'win.x',
  malware_alias: null,
  malware_printable: 'X',
  first_seen_utc: '2026-07-01 10:00:00',
  last_seen_utc: null,
  confidence_level: 50,
  is_compromised: false,
  reference: null,
  tags: null,
  anonymous: 0,
  reporter: 'test',
  ...extra,
});

/** The export's columns since `is_compromised` was added (2025), and before. */
export const COLUMNS_2026 = [
  'first_seen_utc',
  'ioc_id',
  'ioc_value',
  'ioc_type',
  'threat_type',
  'fk_malware',
  'malware_alias',
  'malware_printable',
  'last_seen_utc',
  'confidence_level',
  'is_compromised',
  'reference',
  'tags',
  'anonymous',
  'reporter',
];
export const COLUMNS_2024 = COLUMNS_2026.filter((c) => c !== 'is_compromised');

const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;

/** How the CSV export writes a JSON export's value: `None` for null, `True`/`False`, `""` for no last-seen. */
function cell(id: string, ioc: Record<string, unknown>, column: string): string {
  if (column === 'ioc_id') return id;
  if (column === 'last_seen_utc') return typeof ioc.last_seen_utc === 'string' ? ioc.last_seen_utc : '';
  const value = ioc[column === 'fk_malware' ? 'malware' : column];
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return String(value);
}

/** A CSV export as abuse.ch writes it: banner, commented header, `", "` between quoted fields. */
export function csvExport(columns: string[], rows: [string, Record<string, unknown>][]): string {
  const lines = ['#'.repeat(64), '# ThreatFox IOCs: CSV export', '#', `# ${columns.map(quote).join(',')}`];
  for (const [id, row] of rows) lines.push(columns.map((c) => quote(cell(id, row, c))).join(', '));
  return `${lines.join('\n')}\n# Number of entries: ${rows.length}\n`;
}
