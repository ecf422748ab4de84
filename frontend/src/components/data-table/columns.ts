/** Column kinds that many tables share, so a count looks and exports the same in every table. */
import { formatInteger } from '@/lib/format/format';
import type { DataTableColumn } from './types';

/** A count, right-aligned with grouped digits; blank when unknown; the bare number in a CSV export. */
export function countColumn<Row>(
  id: string,
  header: string,
  width: string,
  value: (row: Row) => number | null | undefined,
): DataTableColumn<Row> {
  return {
    id,
    header,
    width,
    align: 'end',
    cell: (row) => {
      const count = value(row);
      return count == null ? '' : formatInteger(count);
    },
    csv: value,
  };
}
