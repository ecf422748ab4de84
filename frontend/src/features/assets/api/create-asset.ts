/**
 * A new asset, and its first product when one is given. created_by is not sent: the column defaults
 * to the caller and the insert policy checks exactly that.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { AssetInput } from '@/features/assets/utils/asset-fields';
import { addAssetProduct } from './add-asset-product';
import { AssetWriteError } from './explain-asset-error';
import { assetKeys } from './keys';

export async function createAsset(input: AssetInput): Promise<string> {
  const { data, error } = await supabase()
    .from('assets')
    .insert({
      hostname: input.hostname ?? null,
      ip: input.ip ?? null,
      owner: input.owner ?? null,
      ...(input.criticality ? { criticality: input.criticality } : {}),
    })
    .select('id')
    .single();
  if (error) throw new AssetWriteError(error, 'assets');
  if (input.product) await addAssetProduct({ assetId: data.id, product: input.product });
  return data.id;
}

export function useCreateAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAsset,
    // A refusal is final, and a retry after a refused product would insert the asset twice.
    retry: false,
    // Also after a refused product: the asset itself was written.
    onSettled: () => queryClient.invalidateQueries({ queryKey: assetKeys.all }),
  });
}
