/** Lookalikes per permutation family, the largest first, for the chart and the family filter. */
export interface FamilyCount {
  family: string;
  count: number;
}

export function familyCounts(rows: readonly { family: string }[]): FamilyCount[] {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.family, (counts.get(row.family) ?? 0) + 1);
  return [...counts]
    .map(([family, count]) => ({ family, count }))
    .sort((a, b) => b.count - a.count || a.family.localeCompare(b.family));
}

/** The rows of one family (or all) whose ASCII or Unicode name holds the search text. */
export function filterLookalikes<Row extends { domain: string; unicode: string; family: string }>(
  rows: readonly Row[],
  family: string | undefined,
  search: string,
): Row[] {
  const needle = search.trim().toLowerCase();
  return rows.filter(
    (row) =>
      (!family || row.family === family) &&
      (!needle || row.domain.includes(needle) || row.unicode.toLowerCase().includes(needle)),
  );
}
