/**
 * The settings table's layout. From xl (1280 px) up: a table whose small columns have fixed widths and
 * whose Setting column takes the rest, every cell wrapping (Table.ScrollArea sets nowrap, which ran the
 * descriptions under the other columns and pushed Edit off a 1400 px screen). Narrower, beside the
 * 16 rem sidebar the Setting column would be a sliver: each setting is a card, one line per cell, with
 * the column's name beside it (the header row is hidden).
 */
import type { SystemStyleObject } from '@chakra-ui/react';

export interface SettingsColumn {
  id: 'setting' | 'type' | 'allowed' | 'value' | 'changed' | 'actions';
  header: string;
  /** The column's width as a table; the Setting column takes what is left. */
  width: string;
  /** On a phone the cell shows its column's name beside it. */
  labelled: boolean;
}

export const SETTINGS_COLUMNS: readonly SettingsColumn[] = [
  { id: 'setting', header: 'Setting', width: 'auto', labelled: false },
  { id: 'type', header: 'Type', width: '5.5rem', labelled: true },
  { id: 'allowed', header: 'Allowed', width: '8rem', labelled: true },
  // Room for the inline editor's 8 rem input; its Save and Cancel buttons wrap under it.
  { id: 'value', header: 'Value', width: '10rem', labelled: true },
  { id: 'changed', header: 'Last change', width: '9rem', labelled: true },
  // Edit and History side by side.
  { id: 'actions', header: 'Actions', width: '9rem', labelled: false },
];

/** Where the cards become a table. */
export const SETTINGS_TABLE_FROM = 'xl';
const FROM = SETTINGS_TABLE_FROM;

export const settingsTableStyles: SystemStyleObject = {
  whiteSpace: 'normal',
  tableLayout: { [FROM]: 'fixed' },
  display: { base: 'block', [FROM]: 'table' },
  '& tbody': { display: { base: 'block', [FROM]: 'table-row-group' } },
  '& thead': { display: { base: 'none', [FROM]: 'table-header-group' } },
  '& tr': { display: { base: 'block', [FROM]: 'table-row' } },
  '& tr[data-setting]': { py: { base: '2', [FROM]: '0' }, borderBottomWidth: { base: '1px', [FROM]: '0' } },
  '& td': {
    display: { base: 'grid', [FROM]: 'table-cell' },
    gridTemplateColumns: '6.5rem minmax(0, 1fr)',
    columnGap: '2',
    alignItems: 'baseline',
    borderBottomWidth: { base: '0', [FROM]: '1px' },
    py: { base: '0.5', [FROM]: '2' },
    verticalAlign: 'top',
  },
  '& td:not([data-label])': { gridTemplateColumns: 'minmax(0, 1fr)' },
  '& td[data-label]::before': {
    content: 'attr(data-label)',
    display: { [FROM]: 'none' },
    color: 'fg.muted',
    fontSize: 'xs',
  },
  '& .setting-key': { overflowWrap: 'anywhere' },
};
