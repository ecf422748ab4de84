/**
 * What the exposure list adds up to. KEV due dates are calendar dates (CISA's, no time zone): one is
 * overdue from the day after it, counted in UTC as every date on the platform is.
 */
export interface ExposureFacts {
  asset_id: string;
  kev_due_date: string | null;
}

/** Today as YYYY-MM-DD in UTC. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function isOverdue(dueDate: string | null | undefined, today: string): boolean {
  return Boolean(dueDate) && dueDate!.slice(0, 10) < today;
}

export interface ExposureSummary {
  assets: number;
  exposedAssets: number;
  kevExposures: number;
  overdue: number;
}

export function exposureSummary(
  assetCount: number,
  exposures: readonly ExposureFacts[],
  today: string,
): ExposureSummary {
  return {
    assets: assetCount,
    exposedAssets: new Set(exposures.map((row) => row.asset_id)).size,
    kevExposures: exposures.length,
    overdue: exposures.filter((row) => isOverdue(row.kev_due_date, today)).length,
  };
}

/** Exposures per asset, for the inventory's column. */
export function exposureCounts(exposures: readonly ExposureFacts[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of exposures) counts.set(row.asset_id, (counts.get(row.asset_id) ?? 0) + 1);
  return counts;
}
