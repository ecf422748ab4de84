/**
 * The case SLA targets per severity (`case_sla_targets`): everyone signed in reads them; administrators
 * with a verified second factor change them (the policy decides, the change is audited). A new target
 * applies to cases opened from then on and to a case whose severity changes.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { CaseSeverity } from '@/features/cases/schemas/case-filters';
import { caseKeys } from './keys';

export interface SlaTarget {
  severity: CaseSeverity;
  respond_within: string;
  resolve_within: string;
  updated_at: string;
}

const SEVERITY_ORDER: readonly CaseSeverity[] = ['critical', 'high', 'medium', 'low'];

export async function listSlaTargets(signal?: AbortSignal): Promise<SlaTarget[]> {
  let query = supabase()
    .from('case_sla_targets')
    .select('severity, respond_within, resolve_within, updated_at');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return [...(data as SlaTarget[])].sort(
    (a, b) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity),
  );
}

export const useSlaTargets = () =>
  useQuery({ queryKey: caseKeys.slaTargets(), queryFn: ({ signal }) => listSlaTargets(signal) });

export interface SlaTargetChange {
  severity: CaseSeverity;
  respondHours: number;
  resolveHours: number;
}

export async function updateSlaTarget({ severity, respondHours, resolveHours }: SlaTargetChange) {
  const { data, error } = await supabase()
    .from('case_sla_targets')
    .update({ respond_within: `${respondHours} hours`, resolve_within: `${resolveHours} hours` })
    .eq('severity', severity)
    .select('severity');
  if (error) {
    throw new Error(
      error.code === '23514'
        ? 'The time to resolve cannot be shorter than the time to respond.'
        : error.message,
    );
  }
  if (data.length === 0)
    throw new Error('Only administrators with a verified second factor change the SLA targets.');
}

export function useUpdateSlaTarget() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateSlaTarget,
    onSuccess: () => void client.invalidateQueries({ queryKey: caseKeys.slaTargets() }),
  });
}
