import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { ClientBase } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { copyRow, type CopyValue } from './copy-text.js';

/**
 * Staging tables: one temporary table per kind of record, filled per batch with COPY and merged
 * into the model by set-based SQL. Temporary (session-local, never WAL-logged) and dropped when
 * the import's transaction ends, so a crash leaves nothing behind.
 */
export const STAGE_TABLES = {
  stage_indicators: `
    ord integer, type public.indicator_type, value text, name text, description text, confidence smallint,
    tlp public.tlp_level, first_seen timestamptz, last_seen timestamptz, valid_from timestamptz,
    valid_until timestamptz, revoked boolean, labels text[], kill_chain_phases jsonb,
    source_ref text, reference text, malware text[], context jsonb, pap public.pap_level,
    asn bigint, as_name text, country text`,
  // Filled by the indicator merge itself: reports whose malware names need an `indicates` link.
  stage_links: `indicator_ref text, tlp public.tlp_level, malware text[]`,
  stage_vulnerabilities: `
    ord integer, cve_id text, state text, title text, description text, published_at timestamptz,
    modified_at timestamptz, cwe_ids text[], vendor text, product text,
    cvss_version text, cvss_base_score numeric, cvss_vector text, cvss_severity text, cvss_source text,
    cvss_provider text, cvss_v4_base_score numeric, cvss_v4_vector text, cvss_v4_severity text,
    cvss_v4_source text, cvss_metrics jsonb, ssvc_exploitation text, ssvc_automatable text,
    ssvc_technical_impact text, affected jsonb, cve_references jsonb,
    kev_date_added date, kev_due_date date, kev_ransomware_use text, kev_vendor text, kev_product text,
    kev_name text, kev_short_description text, kev_required_action text, kev_notes text, kev_cwes text[],
    epss_score double precision, epss_percentile double precision, epss_date date`,
  stage_objects: `
    ord integer, stix_id text, type text, name text, description text, aliases text[], external_ids text[],
    created timestamptz, modified timestamptz, revoked boolean, deprecated boolean, confidence smallint,
    tlp public.tlp_level, labels text[], kill_chain_phases jsonb, platforms text[], spec_version text, stix jsonb`,
  stage_relationships: `
    ord integer, stix_id text, relationship_type text, source_ref text, target_ref text, description text,
    created timestamptz, modified timestamptz, start_time timestamptz, stop_time timestamptz,
    revoked boolean, confidence smallint, tlp public.tlp_level, stix jsonb`,
  stage_sightings: `
    ord integer, stix_id text, sighting_of_ref text, observed_data_refs text[], where_sighted_refs text[],
    first_seen timestamptz, last_seen timestamptz, count integer, summary boolean, description text,
    created timestamptz, modified timestamptz, confidence smallint, tlp public.tlp_level, stix jsonb`,
} as const;
export type StageTable = keyof typeof STAGE_TABLES;

/**
 * The columns the merges join on. ANALYZE of a batch computes statistics for these only: the row
 * count and their distributions are what the plans need, and the text and JSON columns cost most
 * of the time (measured 110 ms of a 20,000-indicator batch for all columns).
 */
const JOIN_COLUMNS: Record<StageTable, string> = {
  stage_indicators: 'ord, type, value',
  stage_links: 'indicator_ref',
  stage_vulnerabilities: 'ord, cve_id',
  stage_objects: 'ord, stix_id, type',
  stage_relationships: 'ord, stix_id',
  stage_sightings: 'ord, stix_id',
};

/** Column names of a staging table, in COPY order. */
export function stageColumns(table: StageTable): string[] {
  return STAGE_TABLES[table]
    .split(',')
    .map((col) => col.trim().split(/\s+/)[0]!)
    .filter(Boolean);
}

export async function createStageTables(db: ClientBase): Promise<void> {
  for (const [table, columns] of Object.entries(STAGE_TABLES)) {
    await db.query(`create temporary table ${table} (${columns}) on commit drop`);
  }
}

/** Replaces the table's rows with `rows` (one array of fields per row, in column order). */
export async function copyIntoStage(
  db: ClientBase,
  table: StageTable,
  rows: readonly (readonly CopyValue[])[],
): Promise<void> {
  await db.query(`truncate ${table}`);
  if (rows.length === 0) return;
  const columns = stageColumns(table);
  const sink = db.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`));
  // Chunks of rows keep the stream's buffers large and the per-row overhead small.
  function* chunks(): Generator<string> {
    let chunk = '';
    for (const row of rows) {
      if (row.length !== columns.length)
        throw new Error(`${table}: ${row.length} fields for ${columns.length} columns`);
      chunk += copyRow(row);
      if (chunk.length > 256 * 1024) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  await pipeline(Readable.from(chunks()), sink);
  // True row counts for the merge's plan (a temporary table has no statistics of its own).
  await db.query(`analyze ${table} (${JOIN_COLUMNS[table]})`);
}
