import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resultFilters, indicatorFiltersSchema } from '@/features/indicators/schemas/indicator-filters';
import { EXPORT_PAGE_ROWS, readFilteredIndicators } from './read-filtered-indicators';
import { searchIndicators, type IndicatorCursor, type IndicatorRow } from './search-indicators';
import type * as SearchModule from './search-indicators';

vi.mock('./search-indicators', async (importOriginal) => ({
  ...(await importOriginal<typeof SearchModule>()),
  searchIndicators: vi.fn(),
}));

const TOTAL = 1234;
const indicator = (id: number) =>
  ({ id, sort_key: `k${String(id).padStart(5, '0')}`, value: `10.0.${id >> 8}.${id & 255}` }) as IndicatorRow;
const ALL = Array.from({ length: TOTAL }, (_, i) => indicator(i + 1));

/** A server that answers keyset pages of ALL after the cursor, like search_indicators. */
function serveKeysetPages() {
  vi.mocked(searchIndicators).mockImplementation(
    async (_f, _s, after: IndicatorCursor | null, _signal, limit) => {
      const start = after ? ALL.findIndex((row) => row.id === after.id) + 1 : 0;
      return ALL.slice(start, start + (limit ?? 200));
    },
  );
}

const filters = resultFilters(indicatorFiltersSchema.parse({ type: 'ipv4' }));

describe('readFilteredIndicators', () => {
  beforeEach(() => {
    vi.mocked(searchIndicators).mockReset();
    serveKeysetPages();
  });

  it('reads every page the filters match, not only the loaded ones', async () => {
    const progress: number[] = [];
    const { rows, complete } = await readFilteredIndicators(filters, 'last_seen', {
      onProgress: (done) => progress.push(done),
    });
    expect(complete).toBe(true);
    expect(rows.map((row) => row.id)).toEqual(ALL.map((row) => row.id));
    expect(progress).toEqual([500, 1000, 1234]);
    const calls = vi.mocked(searchIndicators).mock.calls;
    expect(calls).toHaveLength(3);
    expect(
      calls.every(
        ([f, sort, , , limit]) => f === filters && sort === 'last_seen' && limit === EXPORT_PAGE_ROWS,
      ),
    ).toBe(true);
    expect(calls[1]![2]).toEqual({ key: ALL[499]!.sort_key, id: 500 });
  });

  it('stops at the ceiling and says the file is not complete', async () => {
    const { rows, complete } = await readFilteredIndicators(filters, 'last_seen', { maxRows: 700 });
    expect(complete).toBe(false);
    expect(rows).toHaveLength(700);
    expect(rows.at(-1)!.id).toBe(700);
  });

  it('passes a failed page on as an error', async () => {
    vi.mocked(searchIndicators).mockRejectedValueOnce(
      new Error('canceling statement due to statement timeout'),
    );
    await expect(readFilteredIndicators(filters, 'last_seen')).rejects.toThrow('statement timeout');
  });
});
