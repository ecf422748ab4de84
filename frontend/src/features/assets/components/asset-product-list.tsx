/** The products an asset lists, each removable at once (the dialog's own Save is for the fields). */
import { Button, Flex, List, Text } from '@chakra-ui/react';
import { toast } from '@/components/ui/toast';
import { InertText, inertString } from '@/lib/security/inert-text';
import type { AssetProductRecord } from '@/features/assets/api/get-assets';
import { useRemoveAssetProduct } from '@/features/assets/api/remove-asset-product';
import { productText } from '@/features/assets/utils/asset-text';

export function AssetProductList({ products }: { products: readonly AssetProductRecord[] }) {
  const remove = useRemoveAssetProduct();
  const take = async (item: AssetProductRecord) => {
    try {
      await remove.mutateAsync(item.id);
      toast({ title: 'Product removed', description: inertString(productText(item), { defang: false }) });
    } catch (error) {
      toast({
        title: 'The product was not removed',
        description: (error as Error).message,
        variant: 'destructive',
      });
    }
  };
  if (products.length === 0)
    return (
      <Text fontSize="sm" color="fg.muted">
        It lists no product yet, so it cannot be matched to KEV entries.
      </Text>
    );
  return (
    <List.Root listStyleType="none" gap="1" aria-label="Products of this asset" fontSize="sm">
      {products.map((item) => {
        const text = productText(item);
        return (
          <List.Item key={item.id}>
            <Flex gap="2" align="center" width="full">
              <Text as="span" flex="1" minWidth="0">
                <InertText value={text} defangLinks={false} />
              </Text>
              <Button
                size="xs"
                variant="ghost"
                loading={remove.isPending && remove.variables === item.id}
                aria-label={`Remove ${inertString(text, { defang: false })}`}
                onClick={() => void take(item)}
              >
                Remove
              </Button>
            </Flex>
          </List.Item>
        );
      })}
    </List.Root>
  );
}
