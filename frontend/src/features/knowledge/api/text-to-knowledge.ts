/**
 * From a pasted report to a draft: the indicators the ioc-classify function finds (canonicalised as
 * the importers do, @intel/canonical through lib/intel), the known entities among its words and
 * ATT&CK ids (match_known_entities), and the one-transaction create of what the analyst kept
 * (create_knowledge_from_text).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { canonicalIndicator, INDICATOR_TYPES, type IndicatorType } from '@/lib/intel/indicator-input';
import { supabase } from '@/lib/supabase';
import type { Tlp } from '@/features/knowledge/utils/authoring';
import { attackIds, nameCandidates } from '@/features/knowledge/utils/text-candidates';
import { knowledgeKeys } from './keys';

export const MAX_TEXT_CHARS = 100_000;

export interface DraftIndicator {
  type: IndicatorType;
  value: string;
}

export interface DraftEntity {
  stix_id: string;
  type: string;
  name: string | null;
  matched: string | null;
}

export interface Draft {
  indicators: DraftIndicator[];
  /** Values found that are not indicators here (CVE ids) or not canonical. */
  skipped: number;
  entities: DraftEntity[];
}

export async function draftFromText(text: string): Promise<Draft> {
  const client = supabase();
  const [classified, matched] = await Promise.all([
    client.functions.invoke<{ indicators: { type: string; value: string }[] }>('ioc-classify', {
      body: { text },
    }),
    client.rpc('match_known_entities', { _names: nameCandidates(text), _external_ids: attackIds(text) }),
  ]);
  if (classified.error) throw new Error(`The indicators could not be extracted: ${classified.error.message}`);
  if (matched.error) throw new Error(matched.error.message);
  const indicators: DraftIndicator[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const found of classified.data?.indicators ?? []) {
    const read = (INDICATOR_TYPES as readonly string[]).includes(found.type)
      ? canonicalIndicator(found.type as IndicatorType, found.value)
      : null;
    if (!read?.ok) {
      skipped += 1;
      continue;
    }
    const key = `${read.type}:${read.value}`;
    if (seen.has(key)) continue;
    seen.add(key);
    indicators.push({ type: read.type, value: read.value });
  }
  return { indicators, skipped, entities: matched.data };
}

export interface CreateFromText {
  indicators: DraftIndicator[];
  objectIds: string[];
  tlp: Tlp;
  redAudience: string[];
  reportName: string;
  description: string;
}

export async function createFromText(input: CreateFromText) {
  const { data, error } = await supabase().rpc('create_knowledge_from_text', {
    _indicators: input.indicators.map(({ type, value }) => ({ type, value })),
    _object_ids: input.objectIds,
    _tlp: input.tlp,
    _red_audience: input.tlp === 'red' ? input.redAudience : [],
    _report_name: input.reportName.trim() || undefined,
    _description: input.description || undefined,
  });
  if (error) throw new Error(error.message);
  return data as { indicators: number; created: number; links: number; report: string | null };
}

export function useCreateFromText() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createFromText,
    onSuccess: () => void client.invalidateQueries({ queryKey: knowledgeKeys.all }),
  });
}
