/**
 * A PAP marking (Permissible Actions Protocol, MISP taxonomy "PAP"): PAP:AMBER in the colour TLP
 * uses for the same word. PAP:AMBER and PAP:RED values never leave the platform.
 */
import { Badge } from '@chakra-ui/react';

export const PAP_LEVELS = ['clear', 'green', 'amber', 'red'] as const;
export type PapLevel = (typeof PAP_LEVELS)[number];

export function papLabel(pap: string): string {
  return `PAP:${pap.toUpperCase()}`;
}

/** What a recipient may do with a value of this PAP, in a few words. */
export const PAP_MEANING: Record<PapLevel, string> = {
  clear: 'no restriction',
  green: 'active actions allowed; may leave the platform',
  amber: 'passive cross-checks only; never leaves the platform',
  red: 'non-detectable actions only; never leaves the platform',
};

export function PapBadge({ pap }: { pap: string }) {
  return (
    <Badge variant="outline" size="sm" color={`tlp.${pap}`} borderColor={`tlp.${pap}`}>
      {papLabel(pap)}
    </Badge>
  );
}
