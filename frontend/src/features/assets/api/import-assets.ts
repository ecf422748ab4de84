/**
 * Writes a checked CSV to the inventory as the analyst: existing assets are looked up by host name
 * (or address, without one) first and updated, the others inserted in batches, then every product
 * added. The database's unique keys decide in the end: a batch it refuses is retried row by row, so
 * one bad row costs only itself and is reported with its lines.
 */
import { supabase } from '@/lib/supabase';
import { assetIdentity, type ProductInput } from '@/features/assets/utils/asset-fields';
import { productKey, type PlannedAsset } from '@/features/assets/utils/import-plan';
import { explainAssetError } from './explain-asset-error';
import { readAllPages } from '@/lib/read-all-pages';

const LOOKUP_BATCH = 100;
const INSERT_BATCH = 200;

export interface ImportProgress {
  /** Assets and products written (or found already there). */
  done: number;
  total: number;
  step: string;
}

export interface ImportOutcome {
  created: number;
  updated: number;
  unchanged: number;
  productsAdded: number;
  productsKnown: number;
  failures: { lines: number[]; reason: string }[];
}

interface Existing {
  id: string;
  hostname: string | null;
  ip: string | null;
  owner: string | null;
  criticality: string;
}

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

async function lookUp(plan: readonly PlannedAsset[]): Promise<Map<string, Existing>> {
  const found = new Map<string, Existing>();
  const remember = (rows: unknown[] | null) =>
    (rows as Existing[] | null)?.forEach((row) => found.set(assetIdentity(row), row));
  const columns = 'id, hostname, ip, owner, criticality';
  const names = plan.flatMap((asset) => (asset.hostname ? [asset.hostname] : []));
  for (const batch of chunks(names, LOOKUP_BATCH)) {
    const { data, error } = await supabase().from('assets').select(columns).in('hostname', batch);
    if (error) throw new Error(`The inventory could not be read: ${error.message}`);
    remember(data);
  }
  const addresses = plan.flatMap((asset) => (asset.hostname ? [] : [asset.ip!]));
  for (const batch of chunks(addresses, LOOKUP_BATCH)) {
    const { data, error } = await supabase()
      .from('assets')
      .select(columns)
      .is('hostname', null)
      .in('ip', batch);
    if (error) throw new Error(`The inventory could not be read: ${error.message}`);
    remember(data);
  }
  return found;
}

const assetRow = (asset: PlannedAsset) => ({
  hostname: asset.hostname ?? null,
  ip: asset.ip ?? null,
  owner: asset.owner ?? null,
  ...(asset.criticality ? { criticality: asset.criticality } : {}),
});

/** What differs from the stored asset, among the fields the file gives (blank cells change nothing). */
function changes(asset: PlannedAsset, stored: Existing) {
  const patch: { ip?: string; owner?: string; criticality?: PlannedAsset['criticality'] } = {};
  if (asset.ip && asset.ip !== stored.ip) patch.ip = asset.ip;
  if (asset.owner !== undefined && asset.owner !== stored.owner) patch.owner = asset.owner;
  if (asset.criticality && asset.criticality !== stored.criticality) patch.criticality = asset.criticality;
  return patch;
}

/** Inserts rows in one request, or one by one when the batch is refused; answers the refused ones. */
async function insertEach<T>(
  items: readonly T[],
  insert: (batch: readonly T[]) => Promise<{ code?: string; message: string } | null>,
  onRefused: (item: T, error: { code?: string; message: string }) => void,
) {
  const refused = await insert(items);
  if (!refused) return;
  if (items.length === 1) return onRefused(items[0]!, refused);
  for (const item of items) {
    const error = await insert([item]);
    if (error) onRefused(item, error);
  }
}

export async function importAssets(
  plan: readonly PlannedAsset[],
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportOutcome> {
  const outcome: ImportOutcome = {
    created: 0,
    updated: 0,
    unchanged: 0,
    productsAdded: 0,
    productsKnown: 0,
    failures: [],
  };
  const total = plan.length + plan.reduce((sum, asset) => sum + asset.products.length, 0);
  let done = 0;
  const advance = (count: number, step: string) => onProgress({ done: (done += count), total, step });
  advance(0, 'Looking up existing assets…');

  const existing = await lookUp(plan);
  const ids = new Map<string, string>();
  const fresh = plan.filter((asset) => !existing.has(asset.identity));

  for (const batch of chunks(fresh, INSERT_BATCH)) {
    await insertEach(
      batch,
      async (rows) => {
        const { data, error } = await supabase()
          .from('assets')
          .insert(rows.map(assetRow))
          .select('id, hostname, ip');
        if (error) return error;
        (data as Existing[]).forEach((row) => ids.set(assetIdentity(row), row.id));
        outcome.created += rows.length;
        return null;
      },
      (asset, error) =>
        outcome.failures.push({ lines: asset.lines, reason: explainAssetError(error, 'assets') }),
    );
    advance(batch.length, 'Writing assets…');
  }

  for (const asset of plan.filter((item) => existing.has(item.identity))) {
    const stored = existing.get(asset.identity)!;
    ids.set(asset.identity, stored.id);
    const patch = changes(asset, stored);
    if (Object.keys(patch).length === 0) outcome.unchanged++;
    else {
      const { error } = await supabase().from('assets').update(patch).eq('id', stored.id);
      if (error) outcome.failures.push({ lines: asset.lines, reason: explainAssetError(error, 'assets') });
      else outcome.updated++;
    }
    advance(1, 'Updating assets…');
  }

  const known = await storedProducts([...existing.values()].map((row) => row.id));
  const products = plan.flatMap((asset) => {
    const assetId = ids.get(asset.identity);
    if (assetId) return asset.products.map((product) => ({ assetId, product, lines: asset.lines }));
    // Written, but the database spelled its address differently from the file (an IPv6 form).
    if (asset.products.length && !outcome.failures.some((failure) => failure.lines === asset.lines))
      outcome.failures.push({
        lines: asset.lines,
        reason: 'the asset was added but its products were not: add them in the asset’s dialog',
      });
    return [];
  });
  // Products of assets that could not be written are counted as done: their failure is reported.
  advance(total - done - products.length, 'Adding products…');
  const toAdd = products.filter((item) => {
    const there = known.has(`${item.assetId}|${productKey(item.product)}`);
    if (there) outcome.productsKnown++;
    return !there;
  });
  advance(products.length - toAdd.length, 'Adding products…');
  for (const batch of chunks(toAdd, INSERT_BATCH)) {
    await insertEach(
      batch,
      async (rows) => {
        const { error } = await supabase().from('asset_products').insert(rows.map(productRow));
        if (error) return error;
        outcome.productsAdded += rows.length;
        return null;
      },
      (item, error) => {
        if (error.code === '23505') outcome.productsKnown++;
        else outcome.failures.push({ lines: item.lines, reason: explainAssetError(error, 'asset_products') });
      },
    );
    advance(batch.length, 'Adding products…');
  }
  return outcome;
}

const productRow = ({ assetId, product }: { assetId: string; product: ProductInput }) => ({
  asset_id: assetId,
  vendor: product.vendor,
  product: product.product,
  version: product.version ?? null,
  cpe: product.cpe ?? null,
});

/** `asset id|product key` of what existing assets already list, so a re-import adds only what is new. */
async function storedProducts(assetIds: readonly string[]): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const batch of chunks(assetIds, LOOKUP_BATCH)) {
    const { rows } = await readAllPages(
      (from, to) =>
        supabase()
          .from('asset_products')
          .select('asset_id, vendor, product, version')
          .in('asset_id', batch)
          .order('id')
          .range(from, to),
      Number.POSITIVE_INFINITY,
    );
    for (const row of rows)
      keys.add(`${row.asset_id}|${productKey({ ...row, version: row.version ?? undefined })}`);
  }
  return keys;
}
