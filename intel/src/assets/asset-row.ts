import { canonicalIndicator } from '../normalise/canonical.js';
import { CpeError, parseCpe23 } from './cpe.js';

export type Criticality = 'low' | 'medium' | 'high' | 'critical';

export interface AssetProduct {
  vendor: string;
  product: string;
  version?: string;
  /** The CPE 2.3 string as given (trimmed). */
  cpe?: string;
}

/**
 * One row of an asset inventory. The same hostname on several rows is one asset with several
 * products: rows are yielded as they are and the database groups them.
 */
export interface AssetRow {
  kind: 'asset';
  /** `line 3`. */
  where: string;
  /** A canonical domain name, or a single-label internal name (`fileserver01`), lower-case. */
  hostname?: string;
  /** Canonical IPv4 or IPv6 (RFC 5952). */
  ip?: string;
  owner?: string;
  /** Absent: a new asset gets the database's default (medium), an existing one keeps its own. */
  criticality?: Criticality;
  product?: AssetProduct;
}

export interface AssetReject {
  kind: 'reject';
  where: string;
  reason: string;
}

export type AssetItem = AssetRow | AssetReject;

/** The columns read, each optional in the header except that one of hostname and ip is needed. */
export const ASSET_COLUMNS = [
  'hostname',
  'ip',
  'owner',
  'criticality',
  'vendor',
  'product',
  'version',
  'cpe',
] as const;
export type AssetColumn = (typeof ASSET_COLUMNS)[number];
export type AssetFields = Partial<Record<AssetColumn, string>>;

const CRITICALITY: Record<string, Criticality> = {
  '1': 'low',
  '2': 'medium',
  '3': 'high',
  '4': 'critical',
  low: 'low',
  medium: 'medium',
  high: 'high',
  critical: 'critical',
};

/** A NetBIOS or intranet name: one RFC 1123 label with a letter in it (all digits is a stray number). */
const SINGLE_LABEL = /^(?=.*[a-z])[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** What a spreadsheet would run as a formula (OWASP CSV injection). */
const FORMULA = /^[=+@\t\r-]/;

class RowProblem extends Error {}

function hostname(raw: string): string {
  const domain = canonicalIndicator('domain', raw);
  if (domain.ok) return domain.value;
  const name = raw.toLowerCase();
  if (SINGLE_LABEL.test(name)) return name;
  if (FORMULA.test(raw))
    throw new RowProblem(`hostname ${JSON.stringify(raw)} is a spreadsheet formula, not a host name`);
  throw new RowProblem(`hostname: ${domain.reason}`);
}

function ip(raw: string): string {
  const address = canonicalIndicator(raw.includes(':') ? 'ipv6' : 'ipv4', raw);
  if (!address.ok) throw new RowProblem(`ip: ${address.reason}`);
  return address.value;
}

function criticality(raw: string | undefined): Criticality | undefined {
  if (raw === undefined) return undefined;
  const level = CRITICALITY[raw.toLowerCase()];
  if (level === undefined)
    throw new RowProblem(`criticality ${JSON.stringify(raw)} is not low, medium, high, critical or 1–4`);
  return level;
}

/** Vendor, product and version from their columns, each falling back to the CPE's. */
function product(f: AssetFields): AssetProduct | undefined {
  let cpe;
  try {
    cpe = f.cpe === undefined ? undefined : parseCpe23(f.cpe);
  } catch (error) {
    if (error instanceof CpeError) throw new RowProblem(`cpe: ${error.message}`);
    throw error;
  }
  const vendor = f.vendor ?? cpe?.vendor;
  const name = f.product ?? cpe?.product;
  const version = f.version ?? cpe?.version;
  if (vendor !== undefined && name === undefined) throw new RowProblem('vendor without a product');
  if (vendor === undefined && name !== undefined) throw new RowProblem('product without a vendor');
  if (vendor === undefined || name === undefined) {
    if (version !== undefined) throw new RowProblem('version without a vendor and a product');
    return undefined;
  }
  return {
    vendor,
    product: name,
    ...(version === undefined ? {} : { version }),
    ...(f.cpe === undefined ? {} : { cpe: f.cpe }),
  };
}

/** One row's fields (trimmed, empty ones absent) → an asset, or a reject with the first problem found. */
export function assetItem(f: AssetFields, where: string): AssetItem {
  if (f.hostname === undefined && f.ip === undefined)
    return { kind: 'reject', where, reason: 'neither a hostname nor an ip' };
  try {
    const host = f.hostname === undefined ? undefined : hostname(f.hostname);
    const address = f.ip === undefined ? undefined : ip(f.ip);
    const level = criticality(f.criticality);
    const found = product(f);
    return {
      kind: 'asset',
      where,
      ...(host === undefined ? {} : { hostname: host }),
      ...(address === undefined ? {} : { ip: address }),
      // Free text, kept as given even when it looks like a formula: exports escape it, not imports.
      ...(f.owner === undefined ? {} : { owner: f.owner }),
      ...(level === undefined ? {} : { criticality: level }),
      ...(found === undefined ? {} : { product: found }),
    };
  } catch (error) {
    if (error instanceof RowProblem) return { kind: 'reject', where, reason: error.message };
    throw error;
  }
}
