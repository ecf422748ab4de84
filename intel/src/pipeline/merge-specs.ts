import type { UpsertSpec } from './upsert.js';

/**
 * How each kind of record merges into its table. `$1` is the source id. Vulnerabilities merge one
 * column group at a time (the CVE record, KEV, EPSS), so a source never erases another's columns.
 */

const sameColumns = (names: string[]): Record<string, string> =>
  Object.fromEntries(names.map((n) => [n, `s.${n}`]));

/** Adds the source to an array of sources once. */
const withSource = `case when $1::uuid = any(coalesce(t.source_ids, '{}')) then t.source_ids
  else coalesce(t.source_ids, '{}') || $1::uuid end`;

/** A CVE record replaces the record columns when it is at least as new as the stored one. */
export const cveRecordMerge: UpsertSpec = {
  stage: 'stage_vulnerabilities',
  target: 'public.vulnerabilities',
  key: 'cve_id',
  columns: sameColumns([
    'state',
    'title',
    'description',
    'published_at',
    'modified_at',
    'cwe_ids',
    'vendor',
    'product',
    'cvss_version',
    'cvss_base_score',
    'cvss_vector',
    'cvss_severity',
    'cvss_source',
    'cvss_provider',
    'cvss_v4_base_score',
    'cvss_v4_vector',
    'cvss_v4_severity',
    'cvss_v4_source',
    'cvss_metrics',
    'ssvc_exploitation',
    'ssvc_automatable',
    'ssvc_technical_impact',
    'affected',
    'cve_references',
  ]),
  when: 't.modified_at is null or s.modified_at is null or s.modified_at >= t.modified_at',
};

/**
 * The NVD's record (NVD CVE API 2.0) replaces the columns it has when it is at least as new as the
 * stored record: it has no title, vendor, product, affected list or SSVC, so the CVE record's stay.
 */
export const nvdRecordMerge: UpsertSpec = {
  ...cveRecordMerge,
  columns: Object.fromEntries(
    Object.entries(cveRecordMerge.columns).filter(
      ([name]) =>
        ![
          'title',
          'vendor',
          'product',
          'affected',
          'ssvc_exploitation',
          'ssvc_automatable',
          'ssvc_technical_impact',
        ].includes(name),
    ),
  ),
};

/** KEV entries carry no version: the catalogue as imported is the truth. */
export const kevMerge: UpsertSpec = {
  stage: 'stage_vulnerabilities',
  target: 'public.vulnerabilities',
  key: 'cve_id',
  columns: sameColumns([
    'kev_date_added',
    'kev_due_date',
    'kev_ransomware_use',
    'kev_vendor',
    'kev_product',
    'kev_name',
    'kev_short_description',
    'kev_required_action',
    'kev_notes',
    'kev_cwes',
  ]),
  when: 'true',
};

/** A newer EPSS day replaces the score; the score it replaces becomes the previous one (trend). */
export const epssMerge: UpsertSpec = {
  stage: 'stage_vulnerabilities',
  target: 'public.vulnerabilities',
  key: 'cve_id',
  columns: {
    epss_score: 's.epss_score',
    epss_percentile: 's.epss_percentile',
    epss_date: 's.epss_date',
    epss_previous_score: `case when t.epss_score is distinct from s.epss_score then t.epss_score else t.epss_previous_score end`,
    epss_previous_percentile: `case when t.epss_score is distinct from s.epss_score then t.epss_percentile else t.epss_previous_percentile end`,
    epss_previous_date: `case when t.epss_score is distinct from s.epss_score then t.epss_date else t.epss_previous_date end`,
  },
  when: 't.epss_date is null or s.epss_date > t.epss_date',
};

/**
 * STIX objects: the same or a newer `modified` may replace the stored version; an unversioned one
 * (a MISP galaxy cluster) replaces only an unversioned one, so a galaxy that shares ATT&CK's ids
 * never overwrites ATT&CK's richer objects.
 */
const stixWhen = 't.modified is null or s.modified >= t.modified';

export const objectMerge: UpsertSpec = {
  stage: 'stage_objects',
  target: 'public.intel_objects',
  key: 'stix_id',
  columns: {
    ...sameColumns([
      'type',
      'name',
      'description',
      'aliases',
      'external_ids',
      'created',
      'modified',
      'revoked',
      'deprecated',
      'confidence',
      'tlp',
      'labels',
      'kill_chain_phases',
      'platforms',
      'spec_version',
      'stix',
    ]),
    source_ids: withSource,
  },
  when: stixWhen,
};

export const relationshipMerge: UpsertSpec = {
  stage: 'stage_relationships',
  target: 'public.relationships',
  key: 'stix_id',
  columns: {
    ...sameColumns([
      'relationship_type',
      'source_ref',
      'target_ref',
      'description',
      'created',
      'modified',
      'start_time',
      'stop_time',
      'revoked',
      'confidence',
      'tlp',
      'stix',
    ]),
    source_ids: withSource,
  },
  when: stixWhen,
};

export const sightingMerge: UpsertSpec = {
  stage: 'stage_sightings',
  target: 'public.sightings',
  key: 'stix_id',
  columns: {
    ...sameColumns([
      'sighting_of_ref',
      'observed_data_refs',
      'where_sighted_refs',
      'first_seen',
      'last_seen',
      'count',
      'summary',
      'description',
      'created',
      'modified',
      'confidence',
      'tlp',
      'stix',
    ]),
    source_ids: withSource,
  },
  when: stixWhen,
};
