/** Query keys of the vulnerabilities feature, general to specific. */
import type { KevResultFilters, KevSort } from '@/features/vulnerabilities/schemas/kev-filters';

export const vulnerabilityKeys = {
  all: ['vulnerabilities'] as const,
  kevLists: () => [...vulnerabilityKeys.all, 'kev'] as const,
  kevList: (filters: KevResultFilters, sort: KevSort) =>
    [...vulnerabilityKeys.kevLists(), filters, sort] as const,
  detail: (cveId: string) => [...vulnerabilityKeys.all, 'detail', cveId] as const,
};
