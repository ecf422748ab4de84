/** Query keys of the knowledge feature (actors, malware, techniques, campaigns…), general to specific. */
import type { CtiListFilters, CtiSort } from '@/features/knowledge/schemas/cti-filters';

export const knowledgeKeys = {
  all: ['knowledge'] as const,
  object: (stixId: string) => [...knowledgeKeys.all, 'object', stixId] as const,
  relations: (stixId: string) => [...knowledgeKeys.all, 'relations', stixId] as const,
  list: (filters: CtiListFilters, sort: CtiSort) => [...knowledgeKeys.all, 'list', filters, sort] as const,
  facets: () => [...knowledgeKeys.all, 'facets'] as const,
  names: (stixIds: readonly string[]) => [...knowledgeKeys.all, 'names', stixIds] as const,
  indicators: (stixId: string) => [...knowledgeKeys.all, 'indicators', stixId] as const,
  history: (stixId: string) => [...knowledgeKeys.all, 'history', stixId] as const,
  merged: (stixId: string) => [...knowledgeKeys.all, 'merged', stixId] as const,
  matrix: (objectIds: readonly string[], withSightings: boolean, usedOnly: boolean) =>
    [...knowledgeKeys.all, 'matrix', 'enterprise-attack', objectIds, withSightings, usedOnly] as const,
  technique: (stixId: string) => [...knowledgeKeys.all, 'technique', stixId] as const,
  changes: (stixId: string) => [...knowledgeKeys.all, 'changes', stixId] as const,
  notes: (stixId: string) => [...knowledgeKeys.all, 'notes', stixId] as const,
  rules: () => [...knowledgeKeys.all, 'relationship-rules'] as const,
  search: (query: string, types: readonly string[]) =>
    [...knowledgeKeys.all, 'search', query, types] as const,
  mergePreview: (into: string, from: readonly string[]) =>
    [...knowledgeKeys.all, 'merge-preview', into, from] as const,
};
