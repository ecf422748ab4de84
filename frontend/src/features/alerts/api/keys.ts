/** Query keys of the alerts feature, general to specific. */
import type { AlertResultFilters } from '@/features/alerts/schemas/alert-filters';

export const alertKeys = {
  all: ['alerts'] as const,
  newCount: () => [...alertKeys.all, 'new-count'] as const,
  lists: () => [...alertKeys.all, 'list'] as const,
  list: (filters: AlertResultFilters, userId: string | null) =>
    [...alertKeys.lists(), filters, userId] as const,
  detail: (id: string) => [...alertKeys.all, 'detail', id] as const,
  notes: (id: string) => [...alertKeys.all, 'notes', id] as const,
  history: (id: string) => [...alertKeys.all, 'history', id] as const,
  assignees: () => [...alertKeys.all, 'assignees'] as const,
};
