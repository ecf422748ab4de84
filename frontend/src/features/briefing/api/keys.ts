/** Query keys of the briefing feature, general to specific. */
export const briefingKeys = {
  all: ['briefing'] as const,
  alerts: (days: number) => [...briefingKeys.all, 'alerts', days] as const,
  threats: (days: number, limit: number) => [...briefingKeys.all, 'threats', days, limit] as const,
  kev: (days: number) => [...briefingKeys.all, 'kev', days] as const,
};
