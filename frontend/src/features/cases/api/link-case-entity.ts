/**
 * Links an alert, indicator, sighting, knowledge object or asset to a case (`link_case_entity`).
 * Something the user cannot read is refused in the words a missing one gets.
 */
import { supabase } from '@/lib/supabase';
import { refusal, useCaseMutation } from './case-mutation';

export const LINK_KINDS = ['alert', 'indicator', 'sighting', 'intel_object', 'asset'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];
export interface CaseEntity {
  caseId: string;
  kind: LinkKind;
  ref: string;
}

export async function linkCaseEntity({ caseId, kind, ref }: CaseEntity) {
  const { error } = await supabase().rpc('link_case_entity', { _case_id: caseId, _kind: kind, _ref: ref });
  refusal(error);
}

export const useLinkCaseEntity = () => useCaseMutation(linkCaseEntity);
