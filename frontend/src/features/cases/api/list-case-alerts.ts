/** A case's alerts with their title, severity and status (each alert read under its own RLS). */
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { caseKeys } from './keys';

export interface CaseAlert {
  alert_id: string;
  added_at: string;
  alert: {
    title: string;
    severity: string;
    status: string;
    category: string;
    rule_key: string | null;
  } | null;
}

export async function listCaseAlerts(caseId: string, signal?: AbortSignal): Promise<CaseAlert[]> {
  let request = supabase()
    .from('case_alerts')
    .select('alert_id, added_at, alert:enhanced_security_alerts(title, severity, status, category, rule_key)')
    .eq('case_id', caseId)
    .order('added_at', { ascending: true });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw new Error(error.message);
  return data as unknown as CaseAlert[];
}

export const useCaseAlerts = (caseId: string) =>
  useQuery({
    queryKey: caseKeys.part(caseId, 'alerts'),
    queryFn: ({ signal }) => listCaseAlerts(caseId, signal),
  });
