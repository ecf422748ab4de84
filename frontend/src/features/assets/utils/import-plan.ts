/**
 * Accepted CSV rows as assets to write: rows naming the same host (a spreadsheet lists a host once per
 * product) are one asset, later rows winning for the fields they give, as a reader of the sheet would.
 */
import { assetIdentity, type AssetInput, type Criticality, type ProductInput } from './asset-fields';

export interface PlannedAsset {
  /** `coalesce(lower(hostname), host(ip))`, the database's identity of an asset. */
  identity: string;
  hostname?: string;
  ip?: string;
  owner?: string;
  criticality?: Criticality;
  products: ProductInput[];
  /** The file's lines that describe it, for messages. */
  lines: number[];
}

/** Near enough to private.vendor_key / product_key to fold a file's repeated products; the database decides. */
export function productKey(product: ProductInput): string {
  const key = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');
  return `${key(product.vendor)}|${key(product.product)}|${product.version ?? ''}`;
}

export function planAssets(rows: readonly { line: number; asset: AssetInput }[]): PlannedAsset[] {
  const byIdentity = new Map<string, PlannedAsset>();
  for (const { line, asset } of rows) {
    const identity = assetIdentity(asset);
    let planned = byIdentity.get(identity);
    if (!planned) {
      planned = { identity, products: [], lines: [] };
      byIdentity.set(identity, planned);
    }
    planned.lines.push(line);
    if (asset.hostname) planned.hostname = asset.hostname;
    if (asset.ip) planned.ip = asset.ip;
    if (asset.owner !== undefined) planned.owner = asset.owner;
    if (asset.criticality) planned.criticality = asset.criticality;
    const product = asset.product;
    if (product && !planned.products.some((known) => productKey(known) === productKey(product)))
      planned.products.push(product);
  }
  return [...byIdentity.values()];
}
