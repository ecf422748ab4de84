/**
 * One sentence over the matrix saying what the colours show (announced when it changes), and how to
 * start when nothing is selected. The counts take in collapsed sub-techniques, as the actor's profile
 * does, so both say the same number.
 */
import { Text } from '@chakra-ui/react';
import type { ColourMode } from '@/features/knowledge/utils/matrix-view';
import type { SelectedObject } from './matrix-legend';

export interface UsedCounts {
  byAny: number;
  byAll: number;
}

interface MatrixSummaryProps {
  counts: UsedCounts;
  selected: readonly SelectedObject[];
  mode: ColourMode;
  updating: boolean;
}

export function summarise(
  { byAny, byAll }: UsedCounts,
  selected: readonly SelectedObject[],
  mode: ColourMode,
) {
  if (mode === 'sightings') {
    const sighted = byAny;
    return sighted
      ? `${sighted} techniques shown are used by malware or tools whose indicators our sensors saw.`
      : 'Our sensors have not seen indicators of software with known techniques.';
  }
  if (selected.length === 0)
    return 'Select actors, malware, tools or campaigns in the list (or open one and choose “Show on the matrix”) to colour the techniques they use.';
  if (selected.length === 1)
    return `${selected[0]!.name} uses ${byAny} of the techniques shown, sub-techniques included.`;
  return `${byAny} techniques shown (sub-techniques included) are used by at least one of the ${selected.length} selected, ${byAll} by all of them.`;
}

export function MatrixSummary({ counts, selected, mode, updating }: MatrixSummaryProps) {
  return (
    <Text fontSize="sm" color="fg.muted" aria-live="polite">
      {updating ? 'Updating the matrix…' : summarise(counts, selected, mode)}
    </Text>
  );
}
