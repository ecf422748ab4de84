/**
 * PostgREST's in-database configuration: `alter role authenticator set pgrst.<name> = '…'` (the
 * way Supabase projects turn on aggregates or `explain()`), read with the schema cache and again
 * on every `NOTIFY pgrst`. As in PostgREST (Config/Database.hs), a setting for this database
 * (`… in database postgres set …`) beats one for all databases; `config.toml` gives the defaults.
 */
import type { ProjectConfig } from '../../config/project-config.js';

/** What happens to a request's transaction at its end (`db-tx-end`), and whether `Prefer: tx` may change it. */
export type TxEnd = 'commit' | 'commit-allow-override' | 'rollback' | 'rollback-allow-override';

export type OpenApiMode = 'follow-privileges' | 'ignore-privileges' | 'disabled' | 'security-definer';

export interface RestSettings {
  aggregatesEnabled: boolean;
  planEnabled: boolean;
  txEnd: TxEnd;
  maxRows: number | undefined;
  extraSearchPath: string[];
  openapiMode: OpenApiMode;
  /** Not a setting but found with them: PostGIS's ST_AsGeoJSON exists, so geo+json can be produced. */
  geoJson: boolean;
}

/** Every pgrst.* setting of the login role, this database's first. */
export const DB_SETTINGS_QUERY = `
select distinct on (key) pg_catalog.substr(k, 7) as key, v as value
from (
  select s.setdatabase,
         pg_catalog.substr(kv, 1, pg_catalog.strpos(kv, '=') - 1) as k,
         pg_catalog.substr(kv, pg_catalog.strpos(kv, '=') + 1) as v
  from pg_catalog.pg_db_role_setting s, pg_catalog.unnest(s.setconfig) as kv
  where s.setrole = (select oid from pg_catalog.pg_roles where rolname = current_user)
    and s.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_catalog))
) settings
where k like 'pgrst.%'
order by key, setdatabase desc`;

const TX_ENDS: readonly TxEnd[] = ['commit', 'commit-allow-override', 'rollback', 'rollback-allow-override'];
const OPENAPI_MODES: readonly OpenApiMode[] = [
  'follow-privileges',
  'ignore-privileges',
  'disabled',
  'security-definer',
];

/** PostgREST's boolean reading of a setting (Config.hs `coerceBool`). */
function toBool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  const v = value.trim().toLowerCase();
  if (['true', 'on', 'yes', '1', 't'].includes(v)) return true;
  if (['false', 'off', 'no', '0', 'f'].includes(v)) return false;
  return fallback;
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T {
  const v = value?.trim().toLowerCase();
  return allowed.includes(v as T) ? (v as T) : fallback;
}

function toList(value: string | undefined, fallback: string[]): string[] {
  if (value === undefined) return fallback;
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function toMaxRows(value: string | undefined, fallback: number | undefined): number | undefined {
  if (value === undefined) return fallback;
  const n = Number(value.trim());
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

/** config.toml's view: what applies when the database says nothing. */
export function defaultSettings(
  api: Pick<ProjectConfig['api'], 'maxRows' | 'extraSearchPath'>,
): RestSettings {
  return {
    aggregatesEnabled: false,
    planEnabled: false,
    // The stack has always honoured `Prefer: tx`; PostgREST's own default is plain `commit`.
    txEnd: 'commit-allow-override',
    maxRows: api.maxRows,
    extraSearchPath: api.extraSearchPath,
    openapiMode: 'follow-privileges',
    geoJson: false,
  };
}

/** Whether PostGIS's ST_AsGeoJSON(record) is installed (PostgREST's mediaHandlers query checks the same). */
export const GEOJSON_QUERY = `select exists (
  select 1 from pg_catalog.pg_proc p
  where p.proname = 'st_asgeojson' and p.proargtypes[0] = 'pg_catalog.record'::pg_catalog.regtype
) as available`;

export function resolveSettings(
  rows: { key: string; value: string }[],
  defaults: RestSettings,
  geoJson = false,
): RestSettings {
  const db = new Map(rows.map((row) => [row.key, row.value]));
  return {
    aggregatesEnabled: toBool(db.get('db_aggregates_enabled'), defaults.aggregatesEnabled),
    planEnabled: toBool(db.get('db_plan_enabled'), defaults.planEnabled),
    txEnd: oneOf(db.get('db_tx_end'), TX_ENDS, defaults.txEnd),
    maxRows: toMaxRows(db.get('db_max_rows'), defaults.maxRows),
    extraSearchPath: toList(db.get('db_extra_search_path'), defaults.extraSearchPath),
    openapiMode: oneOf(db.get('openapi_mode'), OPENAPI_MODES, defaults.openapiMode),
    geoJson,
  };
}

/**
 * Whether a request's transaction ends in a rollback: `Prefer: tx` counts only with an
 * `*-allow-override` db-tx-end (PostgREST's Plan.hs); returns the preference actually applied.
 */
export function transactionEnd(
  txEnd: TxEnd,
  preferred: 'commit' | 'rollback' | undefined,
): { rollback: boolean; applied: 'commit' | 'rollback' | undefined } {
  const override = txEnd.endsWith('-allow-override');
  const base = txEnd.startsWith('rollback') ? 'rollback' : 'commit';
  const end = override && preferred !== undefined ? preferred : base;
  return { rollback: end === 'rollback', applied: override ? preferred : undefined };
}
