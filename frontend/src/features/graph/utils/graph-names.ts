/** What each node type is called in the graph's filters and list. */
export const GRAPH_TYPE_NAMES: Record<string, string> = {
  'intrusion-set': 'Intrusion set',
  'threat-actor': 'Threat actor',
  campaign: 'Campaign',
  malware: 'Malware',
  tool: 'Tool',
  'attack-pattern': 'Technique',
  'course-of-action': 'Mitigation',
  report: 'Report',
  indicator: 'Indicator',
  sighting: 'Sighting',
};

export const graphTypeName = (type: string) => GRAPH_TYPE_NAMES[type] ?? type;

/** Plural names for a group of objects of one type ("12 techniques", not "12 attack-pattern"). */
const GRAPH_TYPE_PLURALS: Record<string, string> = {
  'intrusion-set': 'intrusion sets',
  'threat-actor': 'threat actors',
  campaign: 'campaigns',
  malware: 'malware',
  tool: 'tools',
  'attack-pattern': 'techniques',
  'course-of-action': 'mitigations',
  report: 'reports',
  vulnerability: 'vulnerabilities',
  identity: 'identities',
  location: 'locations',
};

/**
 * The server names a group of objects by its STIX type; the graph says it in words. Other groups
 * (indicators by type, sightings) already read well and keep their label.
 */
export function groupLabel(node: {
  kind: string;
  type: string;
  label: string;
  count?: number;
  group?: Record<string, unknown>;
}): string {
  if (node.kind !== 'group' || node.group?.group !== 'object' || node.count === undefined) return node.label;
  return `${node.count.toLocaleString('en')} ${GRAPH_TYPE_PLURALS[node.type] ?? node.type}`;
}
