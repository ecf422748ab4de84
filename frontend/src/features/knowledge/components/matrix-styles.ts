/**
 * The matrix's look, as one style object on the table: a thousand cells are plain elements styled by
 * their data attributes (heat level, sub-technique, marks), so a re-colour changes attributes only and
 * no cell carries a style engine component of its own.
 */
import type { SystemStyleObject } from '@chakra-ui/react';

/** Every tactic column has this width (rem): the table is laid out fixed, so a long name cannot widen one. */
export const COLUMN_REM = 8.5;

/** What a dashed outline says, in the legend and a cell's tooltip. */
export const VIA_SUBS_NOTE = 'coloured through a sub-technique';

/** The selected objects' marks, in legend order (MAX_SELECTED of them). */
export const MARK_PALETTES = ['blue', 'purple', 'teal', 'pink', 'cyan', 'green', 'yellow', 'red'] as const;

/** Heat 1-4: light tints with dark text in the light theme, deep tints with light text in the dark. */
const HEAT: Record<number, [light: string, dark: string]> = {
  1: ['orange.100', 'orange.950'],
  2: ['orange.200', 'orange.900'],
  3: ['orange.300', 'orange.800'],
  4: ['orange.400', 'orange.700'],
};

const heatRules = Object.fromEntries(
  Object.entries(HEAT).map(([level, [light, dark]]) => [
    `& [data-heat="${level}"]`,
    { bg: light, _dark: { bg: dark } },
  ]),
);

const markRules: SystemStyleObject = {};
MARK_PALETTES.forEach((palette, index) => {
  markRules[`& [data-mark="${index}"]`] = {
    borderColor: `${palette}.600`,
    _dark: { borderColor: `${palette}.300` },
  };
  markRules[`& [data-mark="${index}"][data-on]`] = { bg: `${palette}.600`, _dark: { bg: `${palette}.300` } };
});

export const matrixTableStyles: SystemStyleObject = {
  tableLayout: 'fixed',
  borderCollapse: 'separate',
  borderSpacing: '2px',
  fontSize: 'xs',
  lineHeight: '1.25',
  '& th': {
    position: 'sticky',
    top: 0,
    zIndex: 1,
    bg: 'bg',
    textAlign: 'start',
    verticalAlign: 'bottom',
    px: '1.5',
    py: '2',
    fontWeight: 'semibold',
    borderBottomWidth: '2px',
    borderColor: 'border',
  },
  '& th small': { display: 'block', fontWeight: 'normal', color: 'fg.muted' },
  '& td': {
    height: '3.5rem',
    px: '1.5',
    py: '1',
    verticalAlign: 'top',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'sm',
    bg: 'bg.subtle',
    cursor: 'pointer',
    position: 'relative',
    overflow: 'hidden',
  },
  '& td:empty': { borderWidth: 0, bg: 'transparent', cursor: 'default' },
  // Sub-techniques sit under their parent, marked by a thick start border and an indent.
  '& td[data-sub]': { ps: '3', borderStartWidth: '4px', borderStartColor: 'border.emphasized' },
  // A parent coloured by what its sub-techniques owe: a dashed outline (the legend says so).
  '& td[data-via-subs]': { borderStyle: 'dashed', borderWidth: '2px', borderColor: 'fg' },
  '& td:hover': { borderColor: 'fg.muted' },
  '& td:focus-visible': { outline: '2px solid', outlineColor: 'blue.focusRing', outlineOffset: '1px' },
  '& .cti-id': { display: 'block', color: 'fg.muted', fontVariantNumeric: 'tabular-nums' },
  '& td[data-heat] .cti-id': { color: 'inherit' },
  // Long names keep two lines (the full name is in the cell's label and title).
  '& .cti-name': { lineClamp: 2, pe: '4' },
  '& .cti-count': { position: 'absolute', top: '1', insetEnd: '1.5', fontWeight: 'bold' },
  '& .cti-foot': { display: 'flex', gap: '0.5', alignItems: 'center', mt: '0.5' },
  '& .cti-mark': { width: '2', height: '2', borderWidth: '1.5px', borderRadius: 'full' },
  '& .cti-toggle': {
    ms: 'auto',
    px: '1',
    borderRadius: 'sm',
    bg: 'bg.emphasized',
    color: 'fg',
    fontVariantNumeric: 'tabular-nums',
  },
  '& .cti-toggle:hover': { bg: 'border.emphasized' },
  ...heatRules,
  '& td[data-heat]': { color: 'gray.900', _dark: { color: 'gray.50' } },
  ...markRules,
};

/** The legend's swatches use the same tokens as the cells. */
export function heatSwatch(level: number): { bg: string; _dark: { bg: string } } {
  const [light, dark] = HEAT[level] ?? ['bg.subtle', 'bg.subtle'];
  return { bg: light, _dark: { bg: dark } };
}
