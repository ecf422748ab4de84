/** Deleting an asset asks first, and says what stays: the alerts raised for it. */
import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { toast } from '@/components/ui/toast';
import { InertText, inertString } from '@/lib/security/inert-text';
import type { AssetRecord } from '@/features/assets/api/get-assets';
import { useDeleteAsset } from '@/features/assets/api/delete-asset';
import { assetName } from '@/features/assets/utils/asset-text';

export function DeleteAssetDialog({ asset, onClose }: { asset: AssetRecord | null; onClose: () => void }) {
  const remove = useDeleteAsset();
  const close = () => {
    remove.reset();
    onClose();
  };
  const confirm = async () => {
    if (!asset) return;
    try {
      await remove.mutateAsync(asset.id);
      toast({
        title: 'Asset deleted',
        description: `${inertString(assetName(asset), { defang: false })} left the inventory.`,
      });
      close();
    } catch {
      // Shown in the dialog from remove.error.
    }
  };
  const products = asset?.asset_products.length ?? 0;
  return (
    <Dialog.Root
      open={asset !== null}
      onOpenChange={(details) => !details.open && close()}
      role="alertdialog"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                Delete <InertText value={asset ? assetName(asset) : ''} defangLinks={false} />?
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                {products === 0
                  ? 'It leaves the inventory and the exposure list.'
                  : `It leaves the inventory and the exposure list, with its ${products === 1 ? 'product' : `${products} products`}.`}{' '}
                Alerts raised for it are kept: they name the host.
              </Text>
              {remove.error && (
                <Text role="alert" color="fg.error" mt="3">
                  {remove.error.message}
                </Text>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={close}>
                Cancel
              </Button>
              <Button colorPalette="red" loading={remove.isPending} onClick={() => void confirm()}>
                Delete asset
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
