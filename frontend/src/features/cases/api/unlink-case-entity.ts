/** Removes a link (or an alert) from a case (`unlink_case_entity`). */
import { supabase } from '@/lib/supabase';
import type { CaseEntity } from './link-case-entity';
import { refusal, useCaseMutation } from './case-mutation';

export async function unlinkCaseEntity({ caseId, kind, ref }: CaseEntity) {
  const { error } = await supabase().rpc('unlink_case_entity', { _case_id: caseId, _kind: kind, _ref: ref });
  refusal(error);
}

export const useUnlinkCaseEntity = () => useCaseMutation(unlinkCaseEntity);
