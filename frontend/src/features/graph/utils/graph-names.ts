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
