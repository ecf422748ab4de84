/** Query keys of the dashboard feature, general to specific. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  figures: () => [...dashboardKeys.all, 'figures'] as const,
  alertTrend: (days: number) => [...dashboardKeys.all, 'alert-trend', days] as const,
  topMalware: (limit: number) => [...dashboardKeys.all, 'top-malware', limit] as const,
  latestKev: (limit: number) => [...dashboardKeys.all, 'latest-kev', limit] as const,
  exposures: () => [...dashboardKeys.all, 'exposures'] as const,
};
