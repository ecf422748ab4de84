/**
 * The ATT&CK matrix as an ARIA grid: tactics are columns (with headers), each column lists its
 * techniques, an expanded technique its sub-techniques beneath it. One cell is in the tab order (roving
 * tabindex); arrows move between cells, Enter opens the technique, Space or +/- shows its
 * sub-techniques. Cells are plain table cells drawn from precomputed views, rows are memoised, clicks
 * and keys are handled once on the body, and the active cell is the body's own state: moving the
 * focus re-renders two rows, and a re-colour only changes attributes.
 */
import { Box } from '@chakra-ui/react';
import { memo, useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { CellView, TacticView } from '@/features/knowledge/utils/matrix-view';
import { clampPosition, moveInGrid, type GridPosition } from '@/features/knowledge/utils/grid-navigation';
import { COLUMN_REM, matrixTableStyles, VIA_SUBS_NOTE } from './matrix-styles';

/** Space shows or hides a technique's sub-techniques; + only shows, - only hides. */
const TOGGLE_KEYS: Record<string, 'toggle' | 'open' | 'close'> = { ' ': 'toggle', '+': 'open', '-': 'close' };

interface MatrixGridProps {
  label: string;
  tactics: readonly TacticView[];
  /** What the count in a column header counts ("used", "sighted"); empty: no count. */
  usedLabel: string;
  onOpen: (stixId: string) => void;
  onToggle: (toggleKey: string) => void;
}

/** Memoised: a page re-rendering around it (a drawer opening) leaves the thousand cells alone. */
export const MatrixGrid = memo(function MatrixGrid({
  label,
  tactics,
  usedLabel,
  onOpen,
  onToggle,
}: MatrixGridProps) {
  const rowCount = Math.max(0, ...tactics.map((tactic) => tactic.cells.length));
  return (
    <Box
      as="table"
      role="grid"
      aria-label={label}
      aria-rowcount={rowCount + 1}
      aria-colcount={tactics.length}
      css={matrixTableStyles}
      style={{ width: `${tactics.length * COLUMN_REM}rem` }}
    >
      <thead>
        <tr aria-rowindex={1}>
          {tactics.map((tactic) => (
            <th key={tactic.id} scope="col" role="columnheader">
              {tactic.name}
              <small>
                {tactic.id} · {tactic.techniques} techniques
                {usedLabel && tactic.used ? ` · ${tactic.used} ${usedLabel}` : ''}
              </small>
            </th>
          ))}
        </tr>
      </thead>
      <MatrixBody tactics={tactics} onOpen={onOpen} onToggle={onToggle} />
    </Box>
  );
});

type MatrixBodyProps = Pick<MatrixGridProps, 'tactics' | 'onOpen' | 'onToggle'>;

function MatrixBody({ tactics, onOpen, onToggle }: MatrixBodyProps) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [active, setActive] = useState<GridPosition>({ col: 0, row: 0 });
  const focusAfterMove = useRef(false);
  const lengths = useMemo(() => tactics.map((tactic) => tactic.cells.length), [tactics]);
  const position = clampPosition(active, lengths);

  // Row-major for the table: row r holds the r-th cell of every column.
  const rows = useMemo(() => {
    const count = Math.max(0, ...lengths);
    return Array.from({ length: count }, (_, row) => tactics.map((tactic) => tactic.cells[row]));
  }, [tactics, lengths]);

  useEffect(() => {
    if (!focusAfterMove.current || !position) return;
    focusAfterMove.current = false;
    bodyRef.current
      ?.querySelector<HTMLElement>(`td[data-col="${position.col}"][data-row="${position.row}"]`)
      ?.focus();
  }, [position]);

  const onClick = (event: MouseEvent) => {
    const td = (event.target as HTMLElement).closest<HTMLElement>('td[data-col]');
    const col = Number(td?.dataset.col);
    const row = Number(td?.dataset.row);
    const view = td ? tactics[col]?.cells[row] : undefined;
    if (!view) return;
    setActive({ col, row });
    if ((event.target as HTMLElement).closest('.cti-toggle') && view.toggleKey) onToggle(view.toggleKey);
    else onOpen(view.stixId);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!position) return;
    const next = moveInGrid(position, event.key, lengths, event.ctrlKey || event.metaKey);
    if (next) {
      event.preventDefault();
      focusAfterMove.current = true;
      setActive(next);
      return;
    }
    const view = tactics[position.col]?.cells[position.row];
    if (!view) return;
    const toggle = TOGGLE_KEYS[event.key];
    if (event.key === 'Enter') {
      event.preventDefault();
      onOpen(view.stixId);
    } else if (
      view.toggleKey &&
      toggle &&
      (toggle === 'toggle' || (toggle === 'open') !== Boolean(view.expanded))
    ) {
      event.preventDefault();
      onToggle(view.toggleKey);
    }
  };

  return (
    <tbody ref={bodyRef} onClick={onClick} onKeyDown={onKeyDown}>
      {rows.map((cells, row) => (
        <MatrixRow
          key={row}
          row={row}
          cells={cells}
          activeCol={position && position.row === row ? position.col : -1}
        />
      ))}
    </tbody>
  );
}

interface MatrixRowProps {
  row: number;
  cells: readonly (CellView | undefined)[];
  /** The column of the cell in the tab order when it is in this row, else -1. */
  activeCol: number;
}

const MatrixRow = memo(function MatrixRow({ row, cells, activeCol }: MatrixRowProps) {
  return (
    <tr aria-rowindex={row + 2}>
      {cells.map((view, col) =>
        view ? (
          <td
            key={view.key}
            role="gridcell"
            data-col={col}
            data-row={row}
            data-heat={view.heat || undefined}
            data-sub={view.isSub || undefined}
            data-via-subs={view.viaSubs || undefined}
            tabIndex={col === activeCol ? 0 : -1}
            aria-label={view.label}
            aria-expanded={view.toggleKey ? Boolean(view.expanded) : undefined}
            title={`${view.id} ${view.name}${view.viaSubs ? `: ${VIA_SUBS_NOTE}` : ''}`}
          >
            <span className="cti-id">{view.id}</span>
            <span className="cti-name">{view.name}</span>
            {view.count && <span className="cti-count">{view.count}</span>}
            {(view.marks.length > 0 || view.subsNote) && (
              <span className="cti-foot">
                {view.marks.map((on, index) => (
                  <span key={index} className="cti-mark" data-mark={index} data-on={on || undefined} />
                ))}
                {view.subsNote && (
                  <span className="cti-toggle">
                    {view.expanded ? '▾' : '▸'} {view.subsNote}
                  </span>
                )}
              </span>
            )}
          </td>
        ) : (
          <td key={`empty-${col}`} role="gridcell" />
        ),
      )}
    </tr>
  );
});
