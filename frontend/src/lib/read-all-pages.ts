/**
 * The backend answers at most 1,000 rows a request (max_rows): a list the page needs whole (the
 * inventory, its exposures) is read in ranges until a short page, up to a ceiling that keeps a
 * runaway table from hanging the page; `complete` says whether the ceiling was reached.
 */
export const PAGE_ROWS = 1000;

export async function readAllPages<Row>(
  readPage: (
    from: number,
    to: number,
  ) => PromiseLike<{ data: Row[] | null; error: { message: string } | null }>,
  maxRows: number,
): Promise<{ rows: Row[]; complete: boolean }> {
  const rows: Row[] = [];
  while (rows.length < maxRows) {
    const { data, error } = await readPage(rows.length, rows.length + PAGE_ROWS - 1);
    if (error) throw new Error(error.message);
    rows.push(...(data ?? []));
    if ((data?.length ?? 0) < PAGE_ROWS) return { rows, complete: true };
  }
  return { rows, complete: false };
}

/**
 * The same for a keyset-paged reader (the next page is asked for after the last row's key): pages
 * until a short one or the ceiling, reporting the rows read so far after each page.
 */
export async function readKeysetPages<Row, Cursor>(
  readPage: (after: Cursor | null) => Promise<Row[]>,
  next: (lastRow: Row) => Cursor,
  options: {
    pageRows: number;
    maxRows: number;
    onProgress?: (rowsRead: number) => void;
    signal?: AbortSignal;
  },
): Promise<{ rows: Row[]; complete: boolean }> {
  const rows: Row[] = [];
  let after: Cursor | null = null;
  while (rows.length < options.maxRows) {
    options.signal?.throwIfAborted();
    const page = await readPage(after);
    rows.push(...page.slice(0, options.maxRows - rows.length));
    options.onProgress?.(rows.length);
    if (page.length < options.pageRows) return { rows, complete: true };
    after = next(page.at(-1)!);
  }
  return { rows, complete: false };
}
