/**
 * TLP 2.0 as FIRST defines it: the five labels in order of restriction, the colours a marking is
 * printed in (the label in its colour on black), and what each one allows.
 */
import type { TlpLevel } from './tlp-badge';

export const TLP_LEVELS: readonly TlpLevel[] = ['clear', 'green', 'amber', 'amber+strict', 'red'];

/** FIRST TLP 2.0 colours (RGB), for the label on a black background. */
export const TLP_PRINT_COLOURS: Record<TlpLevel, string> = {
  clear: '#FFFFFF',
  green: '#33FF00',
  amber: '#FFC000',
  'amber+strict': '#FFC000',
  red: '#FF2B2B',
};

/** FIRST's one-line summaries of what recipients may do. */
export const TLP_DEFINITIONS: Record<TlpLevel, string> = {
  clear: 'Recipients can spread this to the world, there is no limit on disclosure.',
  green: 'Limited disclosure, recipients can spread this within their community.',
  amber:
    'Limited disclosure, recipients can only spread this on a need-to-know basis within their organization and its clients.',
  'amber+strict':
    'Limited disclosure, restricted to the organization: recipients can only spread this on a need-to-know basis within their organization.',
  red: 'For the eyes and ears of individual recipients only, no further disclosure.',
};

/** Whether `level` restricts sharing less than `other` (CLEAR is the least restrictive). */
export function isLessRestrictive(level: TlpLevel, other: TlpLevel): boolean {
  return TLP_LEVELS.indexOf(level) < TLP_LEVELS.indexOf(other);
}
