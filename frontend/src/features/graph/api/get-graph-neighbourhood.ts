/**
 * One call of `graph_neighbourhood`: a root's neighbourhood, or one group of it opened (`expand`),
 * with the type and date filters. The answer is checked before the graph trusts it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Json } from '@db/types';
import { supabase } from '@/lib/supabase';
import { graphAnswerSchema, type GraphAnswer } from '@/features/graph/utils/graph-data';

export type GraphRootKind = 'object' | 'indicator';
export interface GraphRoot {
  kind: GraphRootKind;
  /** A STIX id (an indicator's numeric id works too). */
  id: string;
}
export interface GraphFilters {
  /** Node types kept (object types, 'indicator', 'sighting'); empty keeps all. */
  types: string[];
  since?: string;
  until?: string;
}
export interface GraphRequest {
  root: GraphRoot;
  filters: GraphFilters;
  expand?: Record<string, unknown>;
  limit?: number;
}

/** Nodes per opened page. */
export const GRAPH_PAGE_SIZE = 100;

export async function getGraphNeighbourhood(request: GraphRequest): Promise<GraphAnswer> {
  const { root, filters, expand, limit } = request;
  const { data, error } = await supabase().rpc('graph_neighbourhood', {
    _kind: root.kind,
    _id: root.id,
    _expand: (expand ?? null) as Json,
    _types: filters.types.length > 0 ? filters.types : undefined,
    _since: filters.since ? new Date(`${filters.since}T00:00:00Z`).toISOString() : undefined,
    _until: filters.until ? new Date(`${filters.until}T23:59:59.999Z`).toISOString() : undefined,
    _limit: limit ?? GRAPH_PAGE_SIZE,
  });
  if (error) throw new Error(error.message);
  const parsed = graphAnswerSchema.safeParse(data);
  if (!parsed.success) throw new Error('The graph answer was not in the expected shape.');
  return parsed.data;
}

export const graphKeys = {
  all: ['graph'] as const,
  request: (request: GraphRequest) => [...graphKeys.all, request] as const,
};

export function graphQueryOptions(request: GraphRequest) {
  return queryOptions({
    queryKey: graphKeys.request(request),
    queryFn: () => getGraphNeighbourhood(request),
  });
}

export function useGraphNeighbourhood(request: GraphRequest) {
  return useQuery(graphQueryOptions(request));
}
