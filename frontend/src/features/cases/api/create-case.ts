/** Opens a case (`create_case`), with alerts if given; answers the new case's id. */
import { supabase } from '@/lib/supabase';
import type { CaseKind, CaseSeverity } from '@/features/cases/schemas/case-filters';
import { refusal, useCaseMutation } from './case-mutation';

export interface NewCase {
  title: string;
  kind: CaseKind;
  alertIds: string[];
  /** Omitted: the highest of the alerts' severities (medium without alerts). */
  severity?: CaseSeverity;
  description: string;
  tlp: string;
  redAudience: string[];
  pap: string;
}

export async function createCase(input: NewCase): Promise<string> {
  const { data, error } = await supabase().rpc('create_case', {
    _title: input.title,
    _kind: input.kind,
    _alert_ids: input.alertIds,
    _severity: input.severity,
    _description: input.description,
    _tlp: input.tlp,
    _red_audience: input.redAudience,
    _pap: input.pap,
  });
  refusal(error);
  return data as string;
}

export const useCreateCase = () => useCaseMutation(createCase);
