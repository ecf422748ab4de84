/**
 * The ATT&CK Enterprise matrix (`attack_matrix`), read twice over: the whole matrix once (tactics,
 * techniques, sub-techniques, platforms; about 900 rows, cached), and for each selection only the rows
 * it uses or that were sighted, to re-colour the matrix on screen (a tenth of the answer). The previous
 * colouring stays while a new selection is fetched, so the matrix never blinks.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { knowledgeKeys } from './keys';

/** One row per tactic and technique. The generated types call every column non-null; these can be null. */
export interface MatrixRow {
  tactic_order: number;
  tactic_id: string | null;
  tactic_name: string | null;
  tactic_shortname: string;
  technique_stix_id: string;
  technique_id: string | null;
  technique_name: string | null;
  parent_stix_id: string | null;
  platforms: string[];
  used_by: string[];
  sightings: number | null;
  sighting_events: number | null;
}

export async function getAttackMatrix(
  objectIds: readonly string[],
  withSightings: boolean,
  usedOnly: boolean,
  signal?: AbortSignal,
): Promise<MatrixRow[]> {
  let query = supabase().rpc('attack_matrix', {
    _object_ids: [...objectIds],
    _domain: 'enterprise-attack',
    _with_sightings: withSightings,
    _used_only: usedOnly,
  });
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data as MatrixRow[];
}

/** The whole matrix, without colours. */
export function getMatrixStructureQueryOptions() {
  return queryOptions({
    queryKey: knowledgeKeys.matrix([], false, false),
    queryFn: ({ signal }) => getAttackMatrix([], false, false, signal),
    // ATT&CK changes twice a year.
    staleTime: 30 * 60_000,
  });
}

export function useMatrixStructure() {
  return useQuery(getMatrixStructureQueryOptions());
}

/** The rows the selection uses (or that were sighted); nothing to ask when neither applies. */
export function getMatrixUsageQueryOptions(objectIds: readonly string[], withSightings: boolean) {
  // The order of the selection does not change the answer: one cache entry per set.
  const ids = [...objectIds].sort();
  return queryOptions({
    queryKey: knowledgeKeys.matrix(ids, withSightings, true),
    queryFn: ({ signal }) =>
      ids.length || withSightings ? getAttackMatrix(ids, withSightings, true, signal) : Promise.resolve([]),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

export function useMatrixUsage(objectIds: readonly string[], withSightings: boolean) {
  return useQuery(getMatrixUsageQueryOptions(objectIds, withSightings));
}
