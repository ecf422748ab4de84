/** Query keys of the cases feature, general to specific. */
import type { CaseListFilters } from '@/features/cases/schemas/case-filters';

export const caseKeys = {
  all: ['cases'] as const,
  list: (filters: CaseListFilters) => [...caseKeys.all, 'list', filters] as const,
  pastSla: () => [...caseKeys.all, 'past-sla'] as const,
  slaTargets: () => [...caseKeys.all, 'sla-targets'] as const,
  choices: () => [...caseKeys.all, 'choices'] as const,
  people: () => [...caseKeys.all, 'people'] as const,
  detail: (id: string) => [...caseKeys.all, 'detail', id] as const,
  part: (id: string, part: string) => [...caseKeys.detail(id), part] as const,
};
