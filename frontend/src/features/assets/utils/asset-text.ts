/** How an asset and its products read in cells, titles and exports (raw: callers render it inert). */
interface Named {
  hostname: string | null;
  ip: string | null;
}
interface ProductLike {
  vendor: string;
  product: string;
  version: string | null;
}

export const assetName = (asset: Named): string => asset.hostname ?? asset.ip ?? '';

export const productText = (product: ProductLike): string =>
  [product.vendor, product.product, product.version].filter((part) => part).join(' ');

export const productsText = (asset: { asset_products: readonly ProductLike[] }): string =>
  asset.asset_products.map(productText).join('; ');
