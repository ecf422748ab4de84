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
