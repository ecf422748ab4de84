/** Assigns a case (`assign_case`; null: nobody). The server refuses someone who cannot read it. */
import { supabase } from '@/lib/supabase';
import { refusal, useCaseMutation } from './case-mutation';

export async function assignCase({ caseId, assignee }: { caseId: string; assignee: string | null }) {
  const { error } = await supabase().rpc('assign_case', { _case_id: caseId, _assignee: assignee as string });
  refusal(error);
}

export const useAssignCase = () => useCaseMutation(assignCase);
