import { describe, expect, it, vi } from 'vitest';
import { InputRefused } from '@/lib/search-text';
import { pagedTableState, tableQueryState } from './query-state';

describe('tableQueryState', () => {
  it('says a failure in plain words and retries the query', () => {
    const refetch = vi.fn();
    const state = tableQueryState(
      { status: 'error', error: new Error('JWT expired'), refetch },
      'The alerts',
    );
    expect(state.status).toBe('error');
    expect(state.errorMessage).toBe('The alerts could not be loaded: JWT expired');
    state.onRetry!();
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('says refused input as it is, with no retry that would fail the same way', () => {
    const refusal = new InputRefused('Search is limited to 200 characters; this one has 600.');
    const state = tableQueryState({ status: 'error', error: refusal, refetch: vi.fn() }, 'The alerts');
    expect(state.errorMessage).toBe(refusal.message);
    expect(state.onRetry).toBeUndefined();
  });

  it('has no message while the query is fine', () => {
    expect(
      tableQueryState({ status: 'success', error: null, refetch: vi.fn() }, 'The alerts').errorMessage,
    ).toBe(undefined);
  });
});

describe('pagedTableState', () => {
  it('asks the query for its next page', () => {
    const fetchNextPage = vi.fn();
    const state = pagedTableState(
      {
        status: 'success',
        error: null,
        refetch: vi.fn(),
        hasNextPage: true,
        isFetchingNextPage: false,
        fetchNextPage,
      },
      'The indicators',
    );
    expect(state).toMatchObject({ hasMore: true, loadingMore: false });
    state.onLoadMore!();
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });
});
