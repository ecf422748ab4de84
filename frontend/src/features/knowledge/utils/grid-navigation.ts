/**
 * Arrow-key movement in a grid of columns of different lengths (the matrix: each tactic has its own
 * number of techniques), as the WAI-ARIA grid pattern describes it: arrows move one cell, Home and End
 * go along the row, Ctrl+Home and Ctrl+End to the grid's first and last cell, Page keys jump rows.
 * Moving sideways into a shorter column lands on its last cell.
 */
export interface GridPosition {
  col: number;
  row: number;
}

export const PAGE_ROWS = 10;

function nearestColumn(lengths: readonly number[], from: number, step: 1 | -1): number | null {
  for (let col = from + step; col >= 0 && col < lengths.length; col += step)
    if (lengths[col]! > 0) return col;
  return null;
}

/** Where a key moves the active cell; null when the key is not a movement (or leads nowhere new). */
export function moveInGrid(
  position: GridPosition,
  key: string,
  lengths: readonly number[],
  ctrlKey = false,
): GridPosition | null {
  const { col, row } = position;
  const length = lengths[col] ?? 0;
  const first = nearestColumn(lengths, -1, 1);
  const last = nearestColumn(lengths, lengths.length, -1);
  if (first === null || last === null) return null;
  let next: GridPosition | null;
  switch (key) {
    case 'ArrowDown':
      next = row + 1 < length ? { col, row: row + 1 } : null;
      break;
    case 'ArrowUp':
      next = row > 0 ? { col, row: row - 1 } : null;
      break;
    case 'ArrowRight':
    case 'ArrowLeft': {
      const target = nearestColumn(lengths, col, key === 'ArrowRight' ? 1 : -1);
      next = target === null ? null : { col: target, row: Math.min(row, lengths[target]! - 1) };
      break;
    }
    case 'Home':
      next = ctrlKey ? { col: first, row: 0 } : { col: lengths.findIndex((n) => n > row), row };
      break;
    case 'End': {
      if (ctrlKey) next = { col: last, row: lengths[last]! - 1 };
      else {
        const target = lengths.findLastIndex((n) => n > row);
        next = { col: target, row };
      }
      break;
    }
    case 'PageDown':
      next = { col, row: Math.min(row + PAGE_ROWS, length - 1) };
      break;
    case 'PageUp':
      next = { col, row: Math.max(row - PAGE_ROWS, 0) };
      break;
    default:
      return null;
  }
  if (!next || next.col < 0 || (next.col === col && next.row === row)) return null;
  return next;
}

/** The position kept inside the grid when columns shrink (a filter, a collapse). */
export function clampPosition(position: GridPosition, lengths: readonly number[]): GridPosition | null {
  if (lengths.every((n) => n === 0)) return null;
  let col = Math.min(position.col, lengths.length - 1);
  if ((lengths[col] ?? 0) === 0) col = nearestColumn(lengths, col, -1) ?? nearestColumn(lengths, col, 1)!;
  return { col, row: Math.min(position.row, lengths[col]! - 1) };
}
