/** The whole inventory with its products: external assets number in the hundreds or thousands. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { assetKeys } from './keys';
import { readAllPages } from '@/lib/read-all-pages';

export const MAX_INVENTORY_ROWS = 20_000;

const COLUMNS =
  'id, hostname, ip, owner, criticality, created_at, updated_at, asset_products(id, vendor, product, version, cpe)';

function readPage(from: number, to: number) {
  return supabase()
    .from('assets')
    .select(COLUMNS)
    .order('hostname', { ascending: true, nullsFirst: false })
    .order('id')
    .range(from, to);
}

export type AssetRecord = Omit<NonNullable<Awaited<ReturnType<typeof readPage>>['data']>[number], 'ip'> & {
  /** inet, as text. */
  ip: string | null;
};
export type AssetProductRecord = AssetRecord['asset_products'][number];

export async function getAssets() {
  const { rows, complete } = await readAllPages(readPage, MAX_INVENTORY_ROWS);
  return { assets: rows as AssetRecord[], complete };
}

export function getAssetsQueryOptions() {
  return queryOptions({ queryKey: assetKeys.inventory(), queryFn: getAssets });
}

export function useAssets() {
  return useQuery(getAssetsQueryOptions());
}
