/** What each STIX type is called on screen, and the ids analysts know objects by. */
export const OBJECT_KIND_NAMES: Record<string, string> = {
  'threat-actor': 'Threat actor',
  'intrusion-set': 'Intrusion set',
  malware: 'Malware',
  tool: 'Tool',
  'attack-pattern': 'Technique',
  campaign: 'Campaign',
  'course-of-action': 'Mitigation',
  report: 'Report',
};

export function kindName(type: string | null | undefined): string {
  return OBJECT_KIND_NAMES[type ?? ''] ?? type ?? 'Object';
}

/** ATT&CK's own ids (G0007, S0154, C0001, T1059.001, M1049, TA0001); MISP galaxy uuids are not shown. */
const ATTACK_ID = /^(G|S|C|M|DS|TA|T)\d{4}(\.\d{3})?$/;

export function attackId(externalIds: readonly string[] | null | undefined): string | undefined {
  return externalIds?.find((id) => ATTACK_ID.test(id));
}

/**
 * ATT&CK's texts are Markdown that cites its sources inline, "(Citation: Name 2020)", and links to its
 * own site, "[APT28](https://attack.mitre.org/groups/G0007)": outside that site both are noise, so the
 * citations go and a link keeps its text. The result is still rendered as inert text.
 */
export function plainAttackText(text: string): string {
  return text
    .replace(/\s*\(Citation:[^)]*\)/g, '')
    .replace(/\[([^\]]+)\]\((https?:\/\/attack\.mitre\.org\/[^)\s]*)\)/g, '$1');
}
