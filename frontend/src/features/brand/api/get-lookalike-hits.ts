/**
 * Lookalikes found in intelligence: the `lookalike-domain` alerts, newest first, for one watched
 * domain or all of them. Their evidence names the watch, the lookalike and the indicator.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { lookalikeEvidence } from '@/features/brand/utils/lookalike-evidence';
import { brandKeys } from './keys';

export const LOOKALIKE_RULE = 'lookalike-domain';
export const HITS_SHOWN = 200;

export async function getLookalikeHits(watch: string | null, signal?: AbortSignal) {
  let query = supabase()
    .from('enhanced_security_alerts')
    .select('id, title, severity, status, created_at, metadata')
    .eq('rule_key', LOOKALIKE_RULE);
  // The evidence names the watch as it was typed, which is what the watch list holds.
  if (watch !== null) query = query.eq('metadata->evidence->>watch', watch);
  let request = query.order('created_at', { ascending: false }).limit(HITS_SHOWN);
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw new Error(error.message);
  return data.map(({ metadata, ...alert }) => ({ ...alert, evidence: lookalikeEvidence(metadata) }));
}

export type LookalikeHit = Awaited<ReturnType<typeof getLookalikeHits>>[number];

export function getLookalikeHitsQueryOptions(watch: string | null) {
  return queryOptions({
    queryKey: brandKeys.hits(watch),
    queryFn: ({ signal }) => getLookalikeHits(watch, signal),
  });
}

export function useLookalikeHits(watch: string | null) {
  return useQuery(getLookalikeHitsQueryOptions(watch));
}
