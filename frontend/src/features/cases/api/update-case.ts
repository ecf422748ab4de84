/** Changes a case's title, description, severity or due date (`update_case`; what is omitted stays). */
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
}

export async function updateCase({ caseId, title, description, severity, dueAt }: CaseEdit) {
  const { error } = await supabase().rpc('update_case', {
    _case_id: caseId,
    _title: title,
    _description: description,
    _severity: severity,
    _due_at: dueAt,
  });
  refusal(error);
}

export const useUpdateCase = () => useCaseMutation(updateCase);
