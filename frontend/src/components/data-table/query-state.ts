/**
 * A TanStack query's state as DataTable props, so every table says a failure the same way ("The
 * alerts could not be loaded: …", with a retry) and pages an infinite query the same way.
 */
import { isInputRefused } from '@/lib/input-refused';
import type { DataTableProps } from './data-table';
import type { DataTableStatus } from './types';

interface ListQuery {
  status: DataTableStatus;
  error: Error | null;
  refetch: () => unknown;
}

interface PagedQuery extends ListQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

type QueryProps = Pick<DataTableProps<unknown>, 'status' | 'errorMessage' | 'onRetry'>;
type PagedProps = QueryProps & Pick<DataTableProps<unknown>, 'hasMore' | 'loadingMore' | 'onLoadMore'>;

/**
 * `what` names the rows as a sentence starts: "The alerts", "Your sessions". Refused input (a search
 * too long) is the user's to change, so it is said as it is, without a retry that would fail again.
 */
export function tableQueryState(query: ListQuery, what: string): QueryProps {
  if (isInputRefused(query.error)) return { status: query.status, errorMessage: query.error.message };
  return {
    status: query.status,
    errorMessage: query.error ? `${what} could not be loaded: ${query.error.message}` : undefined,
    onRetry: () => void query.refetch(),
  };
}

/** The same for a keyset-paged query: more rows are asked for as the table nears its end. */
export function pagedTableState(query: PagedQuery, what: string): PagedProps {
  return {
    ...tableQueryState(query, what),
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    onLoadMore: () => void query.fetchNextPage(),
  };
}
