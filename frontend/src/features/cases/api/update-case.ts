/**
 * Changes a case's title, description, severity, due date or marking (TLP with its RED audience, PAP)
 * through `update_case`; what is omitted stays. The database checks a new marking as at opening.
 */
import { supabase } from '@/lib/supabase';
import type { CaseSeverity } from '@/features/cases/schemas/case-filters';
import { refusal, useCaseMutation } from './case-mutation';

export interface CaseEdit {
  caseId: string;
  title?: string;
  description?: string;
  severity?: CaseSeverity;
  /** ISO time. */
  dueAt?: string;
  tlp?: string;
  redAudience?: string[];
  pap?: string;
}

export async function updateCase({
  caseId,
  title,
  description,
  severity,
  dueAt,
  tlp,
  redAudience,
  pap,
}: CaseEdit) {
  const { error } = await supabase().rpc('update_case', {
    _case_id: caseId,
    _title: title,
    _description: description,
    _severity: severity,
    _due_at: dueAt,
    _tlp: tlp,
    _red_audience: redAudience,
    _pap: pap,
  });
  refusal(error);
}

export const useUpdateCase = () => useCaseMutation(updateCase);
