/** Removes an asset and its products; its alerts stay (asset_id is set null, the host is named in them). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { AssetWriteError } from './explain-asset-error';
import { assetKeys } from './keys';

export async function deleteAsset(id: string) {
  const { error } = await supabase().from('assets').delete().eq('id', id);
  if (error) throw new AssetWriteError(error, 'assets');
}

export function useDeleteAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAsset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetKeys.all }),
  });
}
