/**
 * What analysts author (issue 29 §2), as the database takes it: the object types, the TLP order, the
 * relationship types STIX 2.1 allows between two types (the rules table plus the common types of
 * STIX 2.1 §5.1.1: related-to between any two objects, derived-from and duplicate-of between objects
 * of the same type), and aliases typed as one comma- or line-separated text.
 */
export const AUTHORED_TYPES = [
  'intrusion-set',
  'threat-actor',
  'malware',
  'tool',
  'campaign',
  'report',
] as const;
export type AuthoredType = (typeof AUTHORED_TYPES)[number];

import { TLP_ORDER, type Tlp } from '@/lib/intel/clearance';

export { TLP_ORDER, type Tlp };

export const isAuthoredType = (type: string): type is AuthoredType =>
  (AUTHORED_TYPES as readonly string[]).includes(type);

export interface RelationshipRule {
  source_type: string;
  relationship_type: string;
  target_type: string;
}

/** The relationship types allowed from `source` to `target`, the specific ones first. */
export function allowedRelationshipTypes(
  rules: readonly RelationshipRule[],
  source: string,
  target: string,
): string[] {
  const specific = rules
    .filter((rule) => rule.source_type === source && rule.target_type === target)
    .map((rule) => rule.relationship_type)
    .sort();
  const common = source === target ? ['derived-from', 'duplicate-of', 'related-to'] : ['related-to'];
  return [...new Set([...specific, ...common])];
}

/** "APT28, Fancy Bear\nSofacy" → the distinct names, trimmed, the object's own name left out. */
export function parseAliases(text: string, name: string): string[] {
  const seen = new Set([name.trim().toLowerCase()]);
  const aliases: string[] = [];
  for (const part of text.split(/[,\n]/)) {
    const alias = part.trim();
    if (alias === '' || seen.has(alias.toLowerCase())) continue;
    seen.add(alias.toLowerCase());
    aliases.push(alias);
  }
  return aliases;
}

/** TLP levels at most `ceiling` (a note on an object is at most the object's TLP). */
export const levelsUpTo = (levels: readonly Tlp[], ceiling: string): Tlp[] =>
  levels.filter((level) => TLP_ORDER.indexOf(level) <= TLP_ORDER.indexOf(ceiling as Tlp));
