/** Adds alerts to a case (`add_to_case`); answers how many were not in it yet. */
import { supabase } from '@/lib/supabase';
import { refusal, useCaseMutation } from './case-mutation';

export async function addToCase({
  caseId,
  alertIds,
}: {
  caseId: string;
  alertIds: string[];
}): Promise<number> {
  const { data, error } = await supabase().rpc('add_to_case', { _case_id: caseId, _alert_ids: alertIds });
  refusal(error);
  return data ?? 0;
}

export const useAddToCase = () => useCaseMutation(addToCase);
