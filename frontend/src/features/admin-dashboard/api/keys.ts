/** Query keys of the admin dashboard, general to specific. */
export const adminDashboardKeys = {
  all: ['admin-dashboard'] as const,
  events: (type: string | undefined, severity: string | undefined) =>
    [...adminDashboardKeys.all, 'events', type ?? null, severity ?? null] as const,
  eventCounts: (days: number, type: string | undefined, severity: string | undefined) =>
    [...adminDashboardKeys.all, 'event-counts', days, type ?? null, severity ?? null] as const,
  eventTypes: () => [...adminDashboardKeys.all, 'event-types'] as const,
  audit: (action: string | undefined, actor: string | undefined, target: string | undefined) =>
    [...adminDashboardKeys.all, 'audit', action ?? null, actor ?? null, target ?? null] as const,
  auditFacets: () => [...adminDashboardKeys.all, 'audit-facets'] as const,
  performance: () => [...adminDashboardKeys.all, 'performance'] as const,
  importFailures: () => [...adminDashboardKeys.all, 'import-failures'] as const,
  health: (days: number) => [...adminDashboardKeys.all, 'health', days] as const,
};
