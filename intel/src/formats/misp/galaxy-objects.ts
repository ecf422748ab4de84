import type { StixObject } from '../../model/drafts.js';
import { isObject, nonEmpty as str } from '../lib/fields.js';

/**
 * MISP galaxy clusters as STIX objects, shared by galaxy files and the galaxies attached to
 * events. Groups become `intrusion-set` (what ATT&CK calls groups, so both sit side by side in one
 * list), families `malware`, sectors `identity`; the cluster's uuid keeps the id stable across
 * imports and its meta travels in x_misp_* properties so nothing is lost. Clusters carry no dates:
 * they are stored without created/modified, and a re-import changes a row only when its content did.
 */
const MALWARE_GALAXIES = new Set([
  'malpedia',
  'ransomware',
  'tool',
  'mitre-malware',
  'mitre-tool',
  'android',
  'backdoor',
  'banker',
  'botnet',
  'rat',
  'stealer',
  'exploit-kits',
]);
const ACTOR_GALAXIES = new Set([
  'threat-actor',
  'mitre-intrusion-set',
  'microsoft-activity-group',
  'mitre-enterprise-attack-intrusion-set',
]);

export function stixTypeForGalaxy(galaxyType: string): string | undefined {
  if (MALWARE_GALAXIES.has(galaxyType)) return 'malware';
  if (ACTOR_GALAXIES.has(galaxyType)) return 'intrusion-set';
  if (galaxyType === 'mitre-attack-pattern') return 'attack-pattern';
  if (galaxyType === 'sector') return 'identity';
  return undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A cluster as a STIX object; undefined (with the reason) when it has no value or uuid. */
export function clusterObject(
  galaxyType: string,
  stixType: string,
  cluster: Record<string, unknown>,
): StixObject | string {
  const name = str(cluster.value);
  const uuid = str(cluster.uuid)?.toLowerCase();
  if (!name) return 'the cluster has no value (name)';
  if (!uuid || !UUID.test(uuid)) return 'the cluster has no valid uuid';
  const meta = isObject(cluster.meta) ? cluster.meta : {};
  const synonyms = Array.isArray(meta.synonyms)
    ? meta.synonyms.filter((s): s is string => typeof s === 'string')
    : [];
  const refs = Array.isArray(meta.refs) ? meta.refs.filter((r): r is string => typeof r === 'string') : [];
  return {
    type: stixType,
    spec_version: '2.1',
    id: `${stixType}--${uuid}`,
    name,
    ...(str(cluster.description) ? { description: str(cluster.description) } : {}),
    ...(stixType === 'malware' ? { is_family: true } : {}),
    ...(stixType === 'identity' ? { identity_class: 'class', sectors: [name.toLowerCase()] } : {}),
    ...(synonyms.length ? { aliases: synonyms } : {}),
    external_references: [
      { source_name: `misp-galaxy:${galaxyType}`, external_id: uuid },
      ...refs.map((url) => ({ source_name: 'reference', url })),
    ],
    x_misp_meta: meta,
    ...(Array.isArray(cluster.related) ? { x_misp_related: cluster.related } : {}),
  };
}
