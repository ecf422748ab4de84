import { describe, expect, it } from 'vitest';
import { clampPosition, moveInGrid, PAGE_ROWS } from './grid-navigation';

// Three columns of 3, 1 and 25 cells; an empty column between the last two.
const LENGTHS = [3, 1, 0, 25];

describe('grid navigation', () => {
  it('moves one cell with the arrows and stops at the edges', () => {
    expect(moveInGrid({ col: 0, row: 0 }, 'ArrowDown', LENGTHS)).toEqual({ col: 0, row: 1 });
    expect(moveInGrid({ col: 0, row: 2 }, 'ArrowDown', LENGTHS)).toBeNull();
    expect(moveInGrid({ col: 0, row: 0 }, 'ArrowUp', LENGTHS)).toBeNull();
    expect(moveInGrid({ col: 0, row: 0 }, 'ArrowLeft', LENGTHS)).toBeNull();
    expect(moveInGrid({ col: 3, row: 4 }, 'ArrowRight', LENGTHS)).toBeNull();
  });

  it('lands on the last cell of a shorter column and skips empty ones', () => {
    expect(moveInGrid({ col: 0, row: 2 }, 'ArrowRight', LENGTHS)).toEqual({ col: 1, row: 0 });
    expect(moveInGrid({ col: 1, row: 0 }, 'ArrowRight', LENGTHS)).toEqual({ col: 3, row: 0 });
    expect(moveInGrid({ col: 3, row: 20 }, 'ArrowLeft', LENGTHS)).toEqual({ col: 1, row: 0 });
  });

  it('goes along the row with Home and End, to the corners with Ctrl', () => {
    expect(moveInGrid({ col: 3, row: 0 }, 'Home', LENGTHS)).toEqual({ col: 0, row: 0 });
    expect(moveInGrid({ col: 3, row: 2 }, 'Home', LENGTHS)).toEqual({ col: 0, row: 2 });
    expect(moveInGrid({ col: 3, row: 5 }, 'Home', LENGTHS)).toBeNull();
    expect(moveInGrid({ col: 0, row: 1 }, 'End', LENGTHS)).toEqual({ col: 3, row: 1 });
    expect(moveInGrid({ col: 1, row: 0 }, 'End', LENGTHS, true)).toEqual({ col: 3, row: 24 });
    expect(moveInGrid({ col: 3, row: 9 }, 'Home', LENGTHS, true)).toEqual({ col: 0, row: 0 });
  });

  it('jumps a page of rows within the column', () => {
    expect(moveInGrid({ col: 3, row: 0 }, 'PageDown', LENGTHS)).toEqual({ col: 3, row: PAGE_ROWS });
    expect(moveInGrid({ col: 3, row: 20 }, 'PageDown', LENGTHS)).toEqual({ col: 3, row: 24 });
    expect(moveInGrid({ col: 3, row: 3 }, 'PageUp', LENGTHS)).toEqual({ col: 3, row: 0 });
  });

  it('ignores other keys', () => {
    expect(moveInGrid({ col: 0, row: 0 }, 'Enter', LENGTHS)).toBeNull();
    expect(moveInGrid({ col: 0, row: 0 }, 'a', LENGTHS)).toBeNull();
  });

  it('keeps the position inside columns that shrank', () => {
    expect(clampPosition({ col: 3, row: 24 }, [3, 1, 0, 5])).toEqual({ col: 3, row: 4 });
    expect(clampPosition({ col: 2, row: 2 }, LENGTHS)).toEqual({ col: 1, row: 0 });
    expect(clampPosition({ col: 0, row: 0 }, [0, 0])).toBeNull();
  });
});
