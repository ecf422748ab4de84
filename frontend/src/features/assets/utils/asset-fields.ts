/**
 * One asset as typed in the dialog, read by the importer's own row reader (intel/src/assets/asset-row.ts,
 * aliased as @intel/asset-row), so the dialog accepts exactly what a CSV row imports: a hostname or an
 * ip, criticality as a word or 1–4, a vendor only with a product, in the importer's words. The
 * database's length checks are added here so the analyst sees them before saving; the database
 * checks everything again.
 */
import {
  ASSET_COLUMNS,
  assetItem,
  type AssetColumn,
  type AssetFields,
  type AssetProduct,
  type Criticality,
} from '@intel/asset-row';

export { ASSET_COLUMNS, type AssetColumn, type Criticality };

export const CRITICALITIES = ['low', 'medium', 'high', 'critical'] as const satisfies readonly Criticality[];

/** The database's length checks (20261126100200_create_assets.sql). */
export const ASSET_FIELD_LIMITS = { owner: 200, vendor: 200, product: 200, version: 100, cpe: 1000 } as const;

export type ProductInput = AssetProduct;

export interface AssetInput {
  /** Canonical: lower-case, punycode, no trailing dot. */
  hostname?: string;
  /** Canonical IPv4 or IPv6 (RFC 5952). */
  ip?: string;
  owner?: string;
  /** Absent: a new asset gets the database's default (medium), an existing one keeps its own. */
  criticality?: Criticality;
  product?: ProductInput;
}

export type AssetCheck = { ok: true; asset: AssetInput } | { ok: false; reason: string };

/** Fields trimmed, empty ones dropped: a blank field and a missing one mean the same. */
function presentFields(raw: Partial<Record<AssetColumn, string | undefined>>): AssetFields {
  const fields: AssetFields = {};
  for (const name of ASSET_COLUMNS) {
    const value = raw[name]?.trim();
    if (value) fields[name] = value;
  }
  return fields;
}

function tooLong(asset: AssetInput): string | undefined {
  const values = { owner: asset.owner, ...asset.product };
  const name = (Object.keys(ASSET_FIELD_LIMITS) as (keyof typeof ASSET_FIELD_LIMITS)[]).find(
    (field) => (values[field]?.length ?? 0) > ASSET_FIELD_LIMITS[field],
  );
  return name && `${name} is longer than ${ASSET_FIELD_LIMITS[name]} characters`;
}

/** The first problem of the fields, or the asset they describe. */
export function checkAssetFields(raw: Partial<Record<AssetColumn, string | undefined>>): AssetCheck {
  const item = assetItem(presentFields(raw), 'the dialog');
  if (item.kind === 'reject') return { ok: false, reason: item.reason };
  const { kind: _kind, where: _where, ...asset } = item;
  const problem = tooLong(asset);
  return problem ? { ok: false, reason: problem } : { ok: true, asset };
}
