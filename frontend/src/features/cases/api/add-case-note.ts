/** Appends a note to a case (`add_case_note`; notes are never edited or deleted). */
import { supabase } from '@/lib/supabase';
import { refusal, useCaseMutation } from './case-mutation';

export async function addCaseNote({ caseId, body }: { caseId: string; body: string }) {
  const { error } = await supabase().rpc('add_case_note', { _case_id: caseId, _body: body });
  refusal(error);
}

export const useAddCaseNote = () => useCaseMutation(addCaseNote);
