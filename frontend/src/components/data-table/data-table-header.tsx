/** The sticky header row: a select-all box, column names, and sort buttons that say their state. */
import { chakra } from '@chakra-ui/react';
import { LuArrowDown, LuArrowUp, LuArrowUpDown } from 'react-icons/lu';
import type { DataTableColumn, DataTableSort } from './types';

interface DataTableHeaderProps<Row> {
  columns: readonly DataTableColumn<Row>[];
  template: string;
  selectable: boolean;
  allSelected: boolean;
  onSelectAll: (all: boolean) => void;
  sort?: DataTableSort;
  onSortChange?: (sort: DataTableSort) => void;
}

export function DataTableHeader<Row>(props: DataTableHeaderProps<Row>) {
  const { columns, template, selectable, sort, onSortChange } = props;
  return (
    <chakra.div role="rowgroup" position="sticky" top="0" zIndex="1" bg="bg.subtle" borderBottomWidth="1px">
      <chakra.div
        role="row"
        aria-rowindex={1}
        display="grid"
        alignItems="center"
        minHeight="9"
        style={{ gridTemplateColumns: template }}
      >
        {selectable && (
          <chakra.div role="columnheader" display="flex" justifyContent="center">
            <input
              type="checkbox"
              aria-label="Select all loaded rows"
              checked={props.allSelected}
              onChange={(event) => props.onSelectAll(event.target.checked)}
            />
          </chakra.div>
        )}
        {columns.map((column) => {
          const sorted = sort?.columnId === column.id ? sort.direction : undefined;
          return (
            <chakra.div
              key={column.id}
              role="columnheader"
              aria-sort={column.sortable ? (sorted ?? 'none') : undefined}
              px="3"
              fontWeight="semibold"
              color="fg.muted"
              textAlign={column.align ?? 'start'}
              whiteSpace="nowrap"
            >
              {column.sortable && onSortChange ? (
                <chakra.button
                  type="button"
                  display="inline-flex"
                  alignItems="center"
                  gap="1"
                  onClick={() =>
                    onSortChange({
                      columnId: column.id,
                      direction: sorted === 'descending' ? 'ascending' : 'descending',
                    })
                  }
                >
                  {column.header}
                  {sorted === 'ascending' ? (
                    <LuArrowUp aria-hidden="true" />
                  ) : sorted === 'descending' ? (
                    <LuArrowDown aria-hidden="true" />
                  ) : (
                    <LuArrowUpDown aria-hidden="true" />
                  )}
                </chakra.button>
              ) : (
                column.header
              )}
            </chakra.div>
          );
        })}
      </chakra.div>
    </chakra.div>
  );
}
