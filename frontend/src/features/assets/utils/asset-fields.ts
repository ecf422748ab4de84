/**
 * One asset as typed in the dialog or read from a CSV row, checked as the CLI importer checks it
 * (intel/src/assets/asset-row.ts), so a file the page accepts is one `npm run intel -- import` accepts:
 * a hostname or an ip, criticality as a word or 1–4, a vendor only with a product. The database checks
 * again; this is here so the analyst sees every problem, with its line, before anything is written.
 */
import { CpeError, parseCpe23, type Cpe23 } from '@intel/cpe';
import { canonicalIndicator } from '@/lib/intel/indicator-input';

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

export const CRITICALITIES = ['low', 'medium', 'high', 'critical'] as const;
export type Criticality = (typeof CRITICALITIES)[number];

/** The database's length checks (20261126100200_create_assets.sql). */
export const ASSET_FIELD_LIMITS = { owner: 200, vendor: 200, product: 200, version: 100, cpe: 1000 } as const;

export interface ProductInput {
  vendor: string;
  product: string;
  version?: string;
  cpe?: string;
}

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

const LEVELS: Record<string, Criticality> = {
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
/** What a spreadsheet would run as a formula: named, so the analyst sees why the host is refused. */
const FORMULA = /^[=+@\t\r-]/;

class FieldProblem extends Error {}

function hostname(raw: string): string {
  const domain = canonicalIndicator('domain', raw);
  if (domain.ok) return domain.value;
  if (SINGLE_LABEL.test(raw.toLowerCase())) return raw.toLowerCase();
  if (FORMULA.test(raw)) throw new FieldProblem('hostname is a spreadsheet formula, not a host name');
  throw new FieldProblem('hostname is not a host name');
}

function ip(raw: string): string {
  const address = canonicalIndicator(raw.includes(':') ? 'ipv6' : 'ipv4', raw);
  if (!address.ok) throw new FieldProblem('ip is not an IPv4 or IPv6 address');
  return address.value;
}

function criticality(raw: string | undefined): Criticality | undefined {
  if (raw === undefined) return undefined;
  const level = LEVELS[raw.toLowerCase()];
  if (!level) throw new FieldProblem('criticality is not low, medium, high, critical or 1–4');
  return level;
}

function limited(name: keyof typeof ASSET_FIELD_LIMITS, value: string | undefined): string | undefined {
  if (value !== undefined && value.length > ASSET_FIELD_LIMITS[name])
    throw new FieldProblem(`${name} is longer than ${ASSET_FIELD_LIMITS[name]} characters`);
  return value;
}

function readCpe(raw: string): Cpe23 {
  try {
    return parseCpe23(raw);
  } catch (error) {
    if (error instanceof CpeError) throw new FieldProblem(`cpe: ${error.message}`);
    throw error;
  }
}

/** Vendor, product and version from their fields, each falling back to the CPE's. */
function product(f: AssetFields): ProductInput | undefined {
  const cpe = f.cpe === undefined ? undefined : readCpe(f.cpe);
  const vendor = limited('vendor', f.vendor ?? cpe?.vendor);
  const name = limited('product', f.product ?? cpe?.product);
  const version = limited('version', f.version ?? cpe?.version);
  limited('cpe', f.cpe);
  if (vendor !== undefined && name === undefined) throw new FieldProblem('vendor without a product');
  if (vendor === undefined && name !== undefined) throw new FieldProblem('product without a vendor');
  if (vendor === undefined || name === undefined) {
    if (version !== undefined) throw new FieldProblem('version without a vendor and a product');
    return undefined;
  }
  return {
    vendor,
    product: name,
    ...(version === undefined ? {} : { version }),
    ...(f.cpe === undefined ? {} : { cpe: f.cpe }),
  };
}

/** Fields trimmed, empty ones dropped: a blank cell and a missing column mean the same. */
export function presentFields(raw: Partial<Record<AssetColumn, string | undefined>>): AssetFields {
  const fields: AssetFields = {};
  for (const name of ASSET_COLUMNS) {
    const value = raw[name]?.trim();
    if (value) fields[name] = value;
  }
  return fields;
}

/** The first problem of the fields, or the asset they describe. */
export function checkAssetFields(raw: Partial<Record<AssetColumn, string | undefined>>): AssetCheck {
  const f = presentFields(raw);
  if (f.hostname === undefined && f.ip === undefined)
    return { ok: false, reason: 'neither a hostname nor an ip' };
  try {
    const asset: AssetInput = {};
    if (f.hostname !== undefined) asset.hostname = hostname(f.hostname);
    if (f.ip !== undefined) asset.ip = ip(f.ip);
    // Free text, kept as given even when it looks like a formula: exports escape it, not imports.
    const owner = limited('owner', f.owner);
    if (owner !== undefined) asset.owner = owner;
    const level = criticality(f.criticality);
    if (level) asset.criticality = level;
    const found = product(f);
    if (found) asset.product = found;
    return { ok: true, asset };
  } catch (error) {
    if (error instanceof FieldProblem) return { ok: false, reason: error.message };
    throw error;
  }
}

/** How the database tells assets apart (`coalesce(lower(hostname), host(ip))`). */
export function assetIdentity(asset: { hostname?: string | null; ip?: string | null }): string {
  return asset.hostname ? asset.hostname.toLowerCase() : String(asset.ip ?? '');
}
