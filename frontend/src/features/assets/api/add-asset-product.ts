/** One more product on an asset; a KEV entry for it raises its alert at once (a database trigger). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { ProductInput } from '@/features/assets/utils/asset-fields';
import { AssetWriteError } from './explain-asset-error';
import { assetKeys } from './keys';

export async function addAssetProduct({ assetId, product }: { assetId: string; product: ProductInput }) {
  const { error } = await supabase()
    .from('asset_products')
    .insert({
      asset_id: assetId,
      vendor: product.vendor,
      product: product.product,
      version: product.version ?? null,
      cpe: product.cpe ?? null,
    });
  if (error) throw new AssetWriteError(error, 'asset_products');
}

export function useAddAssetProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAssetProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetKeys.all }),
  });
}
