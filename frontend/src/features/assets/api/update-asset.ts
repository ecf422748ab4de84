/** An asset's host name, address, owner and criticality as the dialog now shows them, and a product to add. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { AssetInput } from '@/features/assets/utils/asset-fields';
import { addAssetProduct } from './add-asset-product';
import { AssetWriteError } from './explain-asset-error';
import { assetKeys } from './keys';

export async function updateAsset({ id, input }: { id: string; input: AssetInput }) {
  const { error } = await supabase()
    .from('assets')
    .update({
      hostname: input.hostname ?? null,
      ip: input.ip ?? null,
      owner: input.owner ?? null,
      ...(input.criticality ? { criticality: input.criticality } : {}),
    })
    .eq('id', id);
  if (error) throw new AssetWriteError(error, 'assets');
  if (input.product) await addAssetProduct({ assetId: id, product: input.product });
}

export function useUpdateAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAsset,
    // A refusal is final; a retry would add the product again.
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: assetKeys.all }),
  });
}
