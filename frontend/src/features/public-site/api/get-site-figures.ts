/** RPC `public_site_figures()`: the home page's live counts (aggregates only, callable anonymously). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callPublicRpc } from './public-rpc';
import { publicSiteKeys } from './keys';

export interface SiteFigures {
  kev_entries: number;
  sources_enabled: number;
  indicators_rounded: number;
  attack_techniques: number;
  last_import_at: string | null;
}

export async function getSiteFigures(): Promise<SiteFigures | null> {
  const rows = await callPublicRpc<SiteFigures[]>('public_site_figures');
  return rows[0] ?? null;
}

export function getSiteFiguresQueryOptions() {
  return queryOptions({ queryKey: publicSiteKeys.figures(), queryFn: getSiteFigures });
}

export function useSiteFigures() {
  return useQuery(getSiteFiguresQueryOptions());
}
