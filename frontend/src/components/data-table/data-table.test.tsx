import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { makeStore } from '@/app/store/store';
import { DataTable, type DataTableProps } from './data-table';
import type { DataTableColumn } from './types';

vi.stubGlobal(
  'ResizeObserver',
  class {
    observe() {}
    unobserve() {}
    disconnect() {}
  },
);

// jsdom lays nothing out: give every element a viewport-sized box so the virtualiser has room.
vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);

interface Row {
  id: number;
  value: string;
}
const columns: DataTableColumn<Row>[] = [
  { id: 'value', header: 'Value', width: '1fr', cell: (row) => row.value, sortable: true, required: true },
  { id: 'id', header: 'Id', width: '4rem', cell: (row) => row.id, align: 'end' },
];
const makeRows = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => ({ id: from + i, value: `v${from + i}` }));

function Harness(props: Partial<DataTableProps<Row>>) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  return (
    <DataTable<Row>
      label="Test rows"
      columns={columns}
      rows={makeRows(5)}
      rowKey={(row) => String(row.id)}
      status="success"
      emptyMessage="Nothing matches."
      selected={selected}
      onSelectedChange={setSelected}
      {...props}
    />
  );
}

function renderTable(props: Partial<DataTableProps<Row>> = {}) {
  return render(
    <AppProvider store={makeStore()}>
      <Harness {...props} />
    </AppProvider>,
  );
}

describe('DataTable', () => {
  it('draws only the rows in view out of a long list', () => {
    renderTable({ rows: makeRows(100_000) });
    const grid = screen.getByRole('grid', { name: 'Test rows' });
    const rows = within(grid).getAllByRole('row');
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(60);
    expect(within(grid).getByText('v0')).toBeInTheDocument();
    expect(within(grid).queryByText('v99999')).toBeNull();
  });

  it('moves the active row with the keyboard, selects with Space and opens with Enter', async () => {
    const user = userEvent.setup();
    const onActivate = vi.fn();
    renderTable({ onActivate });
    const grid = screen.getByRole('grid');
    grid.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = document.getElementById(grid.getAttribute('aria-activedescendant')!);
    expect(active).toHaveTextContent('v1');
    await user.keyboard(' ');
    expect(active).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(onActivate).toHaveBeenCalledWith({ id: 1, value: 'v1' });
    await user.keyboard('{End}');
    expect(document.getElementById(grid.getAttribute('aria-activedescendant')!)).toHaveTextContent('v4');
    await user.keyboard('{Control>}a{/Control}');
    expect(within(grid).getAllByRole('row', { selected: true })).toHaveLength(5);
    await user.keyboard('{Escape}');
    expect(within(grid).queryAllByRole('row', { selected: true })).toHaveLength(0);
  });

  it('asks for the next page near the end, once per page', () => {
    const onLoadMore = vi.fn();
    const { rerender } = renderTable({ rows: makeRows(20), hasMore: true, onLoadMore });
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    rerender(
      <AppProvider store={makeStore()}>
        <Harness rows={makeRows(20)} hasMore loadingMore onLoadMore={onLoadMore} />
      </AppProvider>,
    );
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('says the sort state and asks the server for another', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    renderTable({ sort: { columnId: 'value', direction: 'descending' }, onSortChange });
    const header = screen.getByRole('columnheader', { name: /Value/ });
    expect(header).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(header).getByRole('button'));
    expect(onSortChange).toHaveBeenCalledWith({ columnId: 'value', direction: 'ascending' });
  });

  it('hides optional columns but never a required one', () => {
    renderTable({ hiddenColumns: ['id', 'value'] });
    expect(screen.getByRole('columnheader', { name: /Value/ })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Id' })).toBeNull();
  });

  it('shows loading, an error with Retry, and an empty result in words', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const { unmount } = renderTable({ status: 'pending', rows: [] });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.getByRole('grid')).toHaveAttribute('aria-busy', 'true');
    unmount();
    const second = renderTable({
      status: 'error',
      rows: [],
      errorMessage: 'The server did not answer.',
      onRetry,
    });
    expect(screen.getByRole('alert')).toHaveTextContent('The server did not answer.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
    second.unmount();
    renderTable({ rows: [] });
    expect(screen.getByRole('status')).toHaveTextContent('Nothing matches.');
  });
});
