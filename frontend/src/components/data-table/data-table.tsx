/**
 * The shared data table: rows drawn only where the eye is (virtualised, fixed row height), more rows
 * asked for near the end (keyset pages from the server), sorting by the server, one tab stop with grid
 * keyboard navigation, a selection, and an accessible loading / error / empty state.
 */
import { Box, chakra } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useRef, useState } from 'react';
import { DataTableHeader } from './data-table-header';
import { TableState } from './table-state';
import type { DataTableColumn, DataTableSort, DataTableStatus } from './types';
import { gridKeyDownHandler } from './use-grid-keyboard';

export const ROW_HEIGHT_PX = 36;
/** Ask for the next page this many rows before the end, so scrolling rarely meets the loader. */
const PREFETCH_ROWS = 40;
const CHECKBOX_TRACK = '2.5rem';

export interface DataTableProps<Row> {
  /** The table's accessible name. */
  label: string;
  columns: readonly DataTableColumn<Row>[];
  hiddenColumns?: readonly string[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  status: DataTableStatus;
  errorMessage?: string;
  onRetry?: () => void;
  emptyMessage: string;
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
  sort?: DataTableSort;
  onSortChange?: (sort: DataTableSort) => void;
  selected?: ReadonlySet<string>;
  onSelectedChange?: (selected: Set<string>) => void;
  /** Enter or a click on a row. */
  onActivate?: (row: Row) => void;
  /** Height of the scrolling area (CSS). */
  height?: string;
}

export function DataTable<Row>(props: DataTableProps<Row>) {
  const { columns, hiddenColumns = [], rows, rowKey, status, hasMore = false, loadingMore = false } = props;
  const { selected, onSelectedChange, onActivate, onLoadMore } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const gridId = useId();
  const [activeIndex, setActiveIndex] = useState(-1);
  const visible = columns.filter((column) => column.required || !hiddenColumns.includes(column.id));
  const selectable = Boolean(selected && onSelectedChange);
  const template = [...(selectable ? [CHECKBOX_TRACK] : []), ...visible.map((column) => column.width)].join(
    ' ',
  );

  // The build has no React Compiler, so nothing memoises the virtualiser's functions away.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length + (hasMore ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: 12,
    // jsdom and the first paint have no layout yet: assume a typical viewport until measured.
    initialRect: { width: 1200, height: 600 },
  });
  const items = virtualizer.getVirtualItems();
  const lastVisible = items.at(-1)?.index ?? 0;

  // One request per page: the effect can run again before the parent says it is loading.
  const requestedAt = useRef(-1);
  useEffect(() => {
    if (!hasMore || loadingMore || !onLoadMore || requestedAt.current === rows.length) return;
    if (lastVisible >= rows.length - PREFETCH_ROWS) {
      requestedAt.current = rows.length;
      onLoadMore();
    }
  }, [hasMore, loadingMore, onLoadMore, lastVisible, rows.length]);

  // A new result (filter change) starts at the top with no active row.
  const firstKey = rows[0] ? rowKey(rows[0]) : '';
  useEffect(() => {
    setActiveIndex(-1);
    scrollRef.current?.scrollTo?.({ top: 0 });
  }, [firstKey]);

  const toggle = (index: number) => {
    if (!selected || !onSelectedChange) return;
    const key = rowKey(rows[index]!);
    const next = new Set(selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    onSelectedChange(next);
  };
  const setActive = (index: number) => {
    setActiveIndex(index);
    virtualizer.scrollToIndex(index, { align: 'auto' });
  };
  const rowId = (index: number) => `${gridId}-row-${index}`;
  const pageSize = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 600) / ROW_HEIGHT_PX) - 1);

  const state = (
    <TableState
      status={status}
      empty={rows.length === 0}
      emptyMessage={props.emptyMessage}
      errorMessage={props.errorMessage}
      onRetry={props.onRetry}
    />
  );
  const showRows = status === 'success' && rows.length > 0;

  return (
    <Box borderWidth="1px" borderRadius="md" overflow="hidden">
      <Box
        ref={scrollRef}
        role="grid"
        aria-label={props.label}
        aria-rowcount={hasMore ? -1 : rows.length + 1}
        aria-colcount={visible.length + (selectable ? 1 : 0)}
        aria-multiselectable={selectable || undefined}
        aria-busy={status === 'pending' || loadingMore}
        aria-activedescendant={showRows && activeIndex >= 0 ? rowId(activeIndex) : undefined}
        tabIndex={0}
        height={props.height ?? '70vh'}
        overflow="auto"
        position="relative"
        fontSize="sm"
        _focusVisible={{
          outline: '2px solid',
          outlineColor: 'colorPalette.focusRing',
          outlineOffset: '-2px',
        }}
        onKeyDown={gridKeyDownHandler({
          rowCount: showRows ? rows.length : 0,
          activeIndex,
          pageSize,
          onActiveIndexChange: setActive,
          onToggleSelected: selectable ? toggle : undefined,
          onSelectAll: selectable ? () => onSelectedChange!(new Set(rows.map(rowKey))) : undefined,
          onClearSelection: selectable ? () => onSelectedChange!(new Set()) : undefined,
          onActivate: onActivate ? (index) => onActivate(rows[index]!) : undefined,
        })}
      >
        <DataTableHeader
          columns={visible}
          template={template}
          selectable={selectable}
          allSelected={selectable && rows.length > 0 && rows.every((row) => selected!.has(rowKey(row)))}
          onSelectAll={(all) => onSelectedChange?.(all ? new Set(rows.map(rowKey)) : new Set())}
          sort={props.sort}
          onSortChange={props.onSortChange}
        />
        {showRows ? (
          <Box role="rowgroup" position="relative" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const row = rows[item.index];
              const style = {
                height: ROW_HEIGHT_PX,
                transform: `translateY(${item.start}px)`,
                gridTemplateColumns: template,
              };
              if (!row) {
                return (
                  <GridRow key="loader" role="row" aria-rowindex={item.index + 2} style={style}>
                    <chakra.div role="gridcell" gridColumn="1 / -1" px="3" color="fg.muted">
                      Loading more…
                    </chakra.div>
                  </GridRow>
                );
              }
              const key = rowKey(row);
              const isSelected = selected?.has(key) ?? false;
              return (
                <GridRow
                  key={key}
                  id={rowId(item.index)}
                  role="row"
                  aria-rowindex={item.index + 2}
                  aria-selected={selectable ? isSelected : undefined}
                  data-active={item.index === activeIndex || undefined}
                  style={style}
                  onClick={() => {
                    setActiveIndex(item.index);
                    onActivate?.(row);
                  }}
                >
                  {selectable && (
                    <chakra.div role="gridcell" display="flex" justifyContent="center">
                      <input
                        type="checkbox"
                        tabIndex={-1}
                        aria-label="Select row"
                        checked={isSelected}
                        onClick={(event) => event.stopPropagation()}
                        onChange={() => toggle(item.index)}
                      />
                    </chakra.div>
                  )}
                  {visible.map((column) => (
                    <chakra.div
                      key={column.id}
                      role="gridcell"
                      px="3"
                      overflow="hidden"
                      textOverflow="ellipsis"
                      whiteSpace="nowrap"
                      textAlign={column.align ?? 'start'}
                    >
                      {column.cell(row)}
                    </chakra.div>
                  ))}
                </GridRow>
              );
            })}
          </Box>
        ) : (
          // A grid holds rows only: the state sits in one full-width cell.
          <Box role="rowgroup">
            <Box role="row">
              <Box role="gridcell" aria-colspan={visible.length + (selectable ? 1 : 0)}>
                {state}
              </Box>
            </Box>
          </Box>
        )}
      </Box>
    </Box>
  );
}

const GridRow = chakra('div', {
  base: {
    position: 'absolute',
    top: 0,
    left: 0,
    width: 'full',
    display: 'grid',
    alignItems: 'center',
    borderBottomWidth: '1px',
    cursor: 'pointer',
    _hover: { bg: 'bg.muted' },
    '&[aria-selected=true]': { bg: 'blue.subtle' },
    '&[data-active]': { outline: '2px solid', outlineColor: 'blue.focusRing', outlineOffset: '-2px' },
  },
});
