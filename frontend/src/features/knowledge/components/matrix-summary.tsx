/**
 * One sentence over the matrix saying what the colours show (announced when it changes), and how to
 * start when nothing is selected.
 */
import { Text } from '@chakra-ui/react';
import type { CellView, ColourMode, TacticView } from '@/features/knowledge/utils/matrix-view';
import type { SelectedObject } from './matrix-legend';

interface MatrixSummaryProps {
  columns: readonly TacticView[];
  selected: readonly SelectedObject[];
  mode: ColourMode;
  updating: boolean;
}

/** Each technique once, though it sits under several tactics. */
function distinct(columns: readonly TacticView[], keep: (cell: CellView) => boolean): number {
  const ids = new Set<string>();
  for (const column of columns) for (const cell of column.cells) if (keep(cell)) ids.add(cell.stixId);
  return ids.size;
}

export function summarise(
  columns: readonly TacticView[],
  selected: readonly SelectedObject[],
  mode: ColourMode,
) {
  if (mode === 'sightings') {
    const sighted = distinct(columns, (cell) => cell.heat > 0);
    return sighted
      ? `${sighted} techniques shown are used by malware or tools whose indicators our sensors saw.`
      : 'Our sensors have not seen indicators of software with known techniques.';
  }
  if (selected.length === 0)
    return 'Select actors, malware, tools or campaigns in the list (or open one and choose “Show on the matrix”) to colour the techniques they use.';
  const byAny = distinct(columns, (cell) => cell.marks.some(Boolean));
  if (selected.length === 1) return `${selected[0]!.name} uses ${byAny} of the techniques shown.`;
  const byAll = distinct(columns, (cell) => cell.marks.every(Boolean));
  return `${byAny} techniques shown are used by at least one of the ${selected.length} selected, ${byAll} by all of them.`;
}

export function MatrixSummary({ columns, selected, mode, updating }: MatrixSummaryProps) {
  return (
    <Text fontSize="sm" color="fg.muted" aria-live="polite">
      {updating ? 'Updating the matrix…' : summarise(columns, selected, mode)}
    </Text>
  );
}
