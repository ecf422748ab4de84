/** Takes a product off an asset; alerts it raised stay in the Hub. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { AssetWriteError } from './explain-asset-error';
import { assetKeys } from './keys';

export async function removeAssetProduct(productId: number) {
  const { error } = await supabase().from('asset_products').delete().eq('id', productId);
  if (error) throw new AssetWriteError(error, 'asset_products');
}

export function useRemoveAssetProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAssetProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetKeys.all }),
  });
}
