/** The knowledge base's import formats (intel/src/formats), as an administrator picks one for a file. */
export const KNOWLEDGE_FORMATS = [
  { value: 'kev', label: 'CISA KEV (JSON)' },
  { value: 'epss', label: 'FIRST EPSS (CSV)' },
  { value: 'cve', label: 'CVE JSON 5 record' },
  { value: 'attack', label: 'MITRE ATT&CK (STIX bundle)' },
  { value: 'stix', label: 'STIX 2.x bundle' },
  { value: 'misp', label: 'MISP event (JSON)' },
  { value: 'misp-galaxy', label: 'MISP galaxy clusters' },
  { value: 'threatfox', label: 'abuse.ch ThreatFox (JSON or CSV)' },
  { value: 'feodo', label: 'abuse.ch Feodo Tracker (JSON or CSV)' },
  { value: 'urlhaus', label: 'abuse.ch URLhaus (CSV)' },
  { value: 'phishing-list', label: 'Phishing block list (polkadot-js, Maltrail)' },
] as const;

/**
 * Sources fed by the workspace importers rather than the knowledge base's: their files are imported
 * where the import knows what to do with them (a page of its own, or the CLI).
 */
export const WORKSPACE_FORMATS: Record<
  string,
  { page?: 'networkMonitoring' | 'externalAssets'; title: string }
> = {
  'suricata-eve': { page: 'networkMonitoring', title: 'Network Monitoring' },
  zeek: { page: 'networkMonitoring', title: 'Network Monitoring' },
  assets: { page: 'externalAssets', title: 'External Assets' },
  'leak-sites': { title: 'the CLI (npm run intel -- import FILE --format leak-sites)' },
};

/** Sources read through a feed map built in the app (intel/src/formats/mapped). */
const MAPPED_FORMATS: Record<string, string> = {
  'csv-map': 'CSV through a feed map',
  'json-map': 'JSON through a feed map',
};

export function formatLabel(format: string): string {
  return KNOWLEDGE_FORMATS.find((entry) => entry.value === format)?.label ?? MAPPED_FORMATS[format] ?? format;
}
