/**
 * What a format adapter hands to the pipeline: one draft per record of its input, in the
 * platform's own vocabulary but not yet validated, normalised or stored. Adapters only map fields;
 * validation (zod), canonical values and the merge into the database are the pipeline's, so every
 * format gets the same rules.
 */

// TLP levels and indicator types are shared with the edge functions (exports for controls).
export {
  INDICATOR_TYPES,
  TLP_LEVELS,
  type IndicatorType,
  type Tlp,
} from '../../../supabase/functions/_shared/controls/model.js';
import type { IndicatorType, Tlp } from '../../../supabase/functions/_shared/controls/model.ts';

/**
 * Where a record stands in its input, for rejects: `line 12` for line-based formats, a JSON path
 * such as `$.vulnerabilities[3]` or `$.objects[17]` for JSON; a folder import prefixes the file
 * name (`CVE-2021-44228.json: $.containers.cna`).
 */
export type Where = string;

export interface KillChainPhase {
  kill_chain_name: string;
  phase_name: string;
}

export interface IndicatorDraft {
  kind: 'indicator';
  where: Where;
  /** Our type, chosen by the adapter from the source's own type names. */
  type: IndicatorType;
  /** As received: may be defanged (`hxxp`, `[.]`), upper-case, IDN; the pipeline canonicalises it. */
  value: string;
  /** The source's own id for this report (ThreatFox ioc id, MISP attribute uuid, STIX id). */
  sourceRef?: string;
  /** A link or citation the source gives for it. */
  reference?: string;
  /** ISO 8601 date-times as the source gives them (any offset); missing means "unknown". */
  firstSeen?: string;
  lastSeen?: string;
  validFrom?: string;
  validUntil?: string;
  /** 0–100. */
  confidence?: number;
  tlp?: Tlp;
  name?: string;
  description?: string;
  /** STIX pattern when the source gave one; otherwise the pipeline writes one. */
  pattern?: string;
  /** The STIX id when the source is STIX; otherwise the pipeline derives a deterministic one. */
  stixId?: string;
  labels?: string[];
  killChainPhases?: KillChainPhase[];
  revoked?: boolean;
  /** Malware family names as the source spells them (resolved to malware objects on merge). */
  malware?: string[];
  /** Anything else worth keeping from the source (port, threat type, tags, reporter). */
  context?: Record<string, unknown>;
}

export interface CvssMetric {
  version: '2.0' | '3.0' | '3.1' | '4.0';
  baseScore: number;
  vector: string;
  /** As written in the record (upper-case in CVE 5: LOW, MEDIUM, HIGH, CRITICAL, NONE). */
  severity?: string;
  /** Whose score: the CNA's or an ADP's container. */
  source: 'cna' | 'adp';
  /** The organisation behind the container (shortName, e.g. `CISA-ADP`, `mitre`). */
  provider?: string;
}

export interface CveFields {
  title?: string;
  description?: string;
  state?: string;
  publishedAt?: string;
  /** dateUpdated of the record: decides whether a re-import is newer. */
  modifiedAt?: string;
  cwes: string[];
  cvss: CvssMetric[];
  /** CISA ADP SSVC decision points when present. */
  ssvc?: { exploitation?: string; automatable?: string; technicalImpact?: string };
  vendor?: string;
  product?: string;
  /** `containers.cna.affected` as in the record. */
  affected: unknown[];
  /** `containers.cna.references` as in the record. */
  references: unknown[];
}

export interface KevFields {
  dateAdded: string;
  dueDate?: string;
  /** `Known` or `Unknown` as CISA writes it. */
  ransomwareUse?: string;
  vendor?: string;
  product?: string;
  name?: string;
  shortDescription?: string;
  requiredAction?: string;
  notes?: string;
  cwes: string[];
}

export interface EpssFields {
  score: number;
  percentile: number;
  /**
   * YYYY-MM-DD: the score date from the file's header, or from its name; absent when the file gives
   * neither (the scores are stored undated and replace only undated ones).
   */
  date?: string;
}

/** One CVE; each format fills its own group and the merge touches only that group's columns. */
export interface VulnerabilityDraft {
  kind: 'vulnerability';
  where: Where;
  cveId: string;
  cve?: CveFields;
  /**
   * The NVD's view of the CVE (NVD CVE API 2.0): description, CVSS, CWEs, references, dates. It
   * has no title, vendor, product, affected list or SSVC, so it leaves those of the CVE record be.
   */
  nvd?: CveFields;
  kev?: KevFields;
  epss?: EpssFields;
}

/** A STIX object as received (2.0 or 2.1, any SDO type, custom `x-` types too). */
export type StixObject = Record<string, unknown> & { type: string; id: string };

/** A STIX domain object (actor, malware, attack pattern, report, identity, marking, …). */
export interface ObjectDraft {
  kind: 'object';
  where: Where;
  /** Kept whole so export is lossless; typed columns are derived from it by the pipeline. */
  stix: StixObject;
}

export interface RelationshipDraft {
  kind: 'relationship';
  where: Where;
  stix: StixObject;
}

export interface SightingDraft {
  kind: 'sighting';
  where: Where;
  stix: StixObject;
}

/** A record the adapter could not map: rejected with its reason; the rest of the input goes on. */
export interface RejectDraft {
  kind: 'reject';
  where: Where;
  reason: string;
}

/**
 * A record that is valid but not intelligence we keep (a MISP attribute without `to_ids`, a STIX
 * SCO with no indicator around it): counted by `what`, never an error.
 */
export interface IgnoredDraft {
  kind: 'ignored';
  where: Where;
  what: string;
}

export type Draft =
  | IndicatorDraft
  | VulnerabilityDraft
  | ObjectDraft
  | RelationshipDraft
  | SightingDraft
  | RejectDraft
  | IgnoredDraft;
