/** Adds a task to a case (`add_case_task`). */
import { supabase } from '@/lib/supabase';
import { refusal, useCaseMutation } from './case-mutation';

export async function addCaseTask({
  caseId,
  title,
  assignee,
}: {
  caseId: string;
  title: string;
  assignee?: string;
}) {
  const { error } = await supabase().rpc('add_case_task', {
    _case_id: caseId,
    _title: title,
    _assignee: assignee,
  });
  refusal(error);
}

export const useAddCaseTask = () => useCaseMutation(addCaseTask);
