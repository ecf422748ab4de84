/** The actions, actors and target types present in the audit trail, for its filters (`admin_audit_facets`). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { adminDashboardKeys } from './keys';

export async function getAuditFacets(signal?: AbortSignal) {
  let query = supabase().rpc('admin_audit_facets');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  const values = (facet: string) => data.filter((row) => row.facet === facet).map((row) => row.value);
  return { actions: values('action'), actors: values('actor'), targetTypes: values('target_type') };
}

export function getAuditFacetsQueryOptions() {
  return queryOptions({
    queryKey: adminDashboardKeys.auditFacets(),
    queryFn: ({ signal }) => getAuditFacets(signal),
  });
}

export function useAuditFacets() {
  return useQuery(getAuditFacetsQueryOptions());
}
