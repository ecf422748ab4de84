/**
 * What a group's TLP ceiling means for its members, in words for the dialog and the list. A group
 * cleared for RED reads RED only where a source or a row names it in its audience.
 */
import { tlpLabel } from '@/components/intel/tlp-badge';

export const GROUP_TLP_LEVELS = ['clear', 'green', 'amber', 'amber+strict', 'red'] as const;
export type GroupTlp = (typeof GROUP_TLP_LEVELS)[number];

export function clearanceText(maxTlp: string): string {
  if (maxTlp === 'red') {
    return 'Reads everything up to TLP:AMBER+STRICT, and TLP:RED where a source or a record names this group in its audience.';
  }
  const upTo = GROUP_TLP_LEVELS.slice(0, GROUP_TLP_LEVELS.indexOf(maxTlp as GroupTlp) + 1);
  if (upTo.length === 0) return 'Unknown TLP level.';
  return `Reads ${upTo
    .map(tlpLabel)
    .join(', ')
    .replace(/, ([^,]*)$/, ' and $1')} only.`;
}
