/** Moves a case along its workflow (`update_case_status`; the database refuses other moves). */
import { supabase } from '@/lib/supabase';
import type { CaseStatus } from '@/features/cases/schemas/case-filters';
import { refusal, useCaseMutation } from './case-mutation';

export interface StatusChange {
  caseId: string;
  status: CaseStatus;
  reason?: string;
}

export async function updateCaseStatus({ caseId, status, reason }: StatusChange): Promise<void> {
  const { error } = await supabase().rpc('update_case_status', {
    _case_id: caseId,
    _status: status,
    _reason: reason,
  });
  refusal(error);
}

export const useUpdateCaseStatus = () => useCaseMutation(updateCaseStatus);
