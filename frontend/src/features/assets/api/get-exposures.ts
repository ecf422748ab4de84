/** Every asset product on a KEV entry (`list_exposures`), newest due date first; RLS applies. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { assetKeys } from './keys';
import { readAllPages } from '@/lib/read-all-pages';

type Returned = Database['public']['Functions']['list_exposures']['Returns'][number];
/** The generator marks every column of a set-returning function non-null; these can be null. */
type Nullable = 'hostname' | 'ip' | 'owner' | 'version' | 'kev_name' | 'kev_due_date' | 'kev_ransomware_use';
type Unknown = 'epss_score' | 'epss_percentile' | 'cvss_base_score';
export type ExposureRow = Omit<Returned, Nullable | Unknown> & {
  [K in Nullable]: string | null;
} & { [K in Unknown]: number | null };

export const MAX_EXPOSURE_ROWS = 20_000;

export async function getExposures() {
  const { rows, complete } = await readAllPages(
    (from, to) => supabase().rpc('list_exposures', {}).range(from, to),
    MAX_EXPOSURE_ROWS,
  );
  return { exposures: rows as ExposureRow[], complete };
}

export function getExposuresQueryOptions() {
  return queryOptions({ queryKey: assetKeys.exposures(), queryFn: getExposures });
}

export function useExposures() {
  return useQuery(getExposuresQueryOptions());
}
