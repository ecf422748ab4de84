/** One alert by id, for a drawer opened from a link (it may not be in the loaded pages). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { alertKeys } from './keys';

const COLUMNS =
  'id, title, description, severity, status, category, source, created_at, updated_at, resolved_at, assigned_to, dismissal_reason, false_positive, indicator_id, cve_id, metadata';

export async function getAlert(id: string) {
  const { data, error } = await supabase()
    .from('enhanced_security_alerts')
    .select(COLUMNS)
    .eq('id', id)
    .maybeSingle();
  if (error) throw new Error(error.message);
  return data;
}

export function getAlertQueryOptions(id: string) {
  return queryOptions({ queryKey: alertKeys.detail(id), queryFn: () => getAlert(id) });
}

export function useAlert(id: string | undefined) {
  return useQuery({ ...getAlertQueryOptions(id ?? ''), enabled: id !== undefined });
}
