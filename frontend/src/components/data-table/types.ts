/** The shape every data page gives the shared table: columns that know how to draw and export a row. */
import type { ReactNode } from 'react';

export interface DataTableColumn<Row> {
  id: string;
  header: string;
  /** A CSS grid track: '8rem', 'minmax(14rem, 3fr)'. */
  width: string;
  cell: (row: Row) => ReactNode;
  /** The cell's value in a CSV export; omit to leave the column out of exports. */
  csv?: (row: Row) => string | number | boolean | null | undefined;
  /** The server can sort by this column; the id is the sort key sent. */
  sortable?: boolean;
  /** Always shown (e.g. the value column); the column chooser does not offer it. */
  required?: boolean;
  align?: 'start' | 'end';
}

export type SortDirection = 'ascending' | 'descending';

export interface DataTableSort {
  columnId: string;
  direction: SortDirection;
}

/** Where the rows are: the table draws each state the same way on every page. */
export type DataTableStatus = 'pending' | 'error' | 'success';
