import { z } from 'zod';
import type { ObjectDraft, RelationshipDraft, SightingDraft, StixObject, Tlp } from '../../model/drafts.js';
import { tlpFromMarkingRef } from '../../normalise/index.js';
import { CopyJson, type CopyValue } from '../copy-text.js';
import { parseOrReject, RecordRejected, text, timestamp } from './fields.js';
import type { SourceContext } from './source-context.js';

/** STIX objects, relationships and sightings: typed columns derived from the object, kept whole. */

const STIX_ID = /^([a-z0-9-]{1,64})--[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAX_OBJECT_BYTES = 4 * 1024 * 1024;

const strings = (max: number) => z.array(text(max)).max(10000).optional();

const commonSchema = z.object({
  name: text(1000).optional(),
  description: text(200000).optional(),
  aliases: strings(1000),
  x_mitre_aliases: strings(1000),
  labels: strings(500),
  x_mitre_platforms: strings(200),
  confidence: z.number().int().min(0).max(100).optional(),
  revoked: z.boolean().optional(),
  x_mitre_deprecated: z.boolean().optional(),
  spec_version: z.string().optional(),
  kill_chain_phases: z.array(z.object({ kill_chain_name: z.string(), phase_name: z.string() })).optional(),
  external_references: z
    .array(z.object({ source_name: z.string().optional(), external_id: z.string().optional() }))
    .optional(),
  object_marking_refs: z.array(z.string()).optional(),
});

export interface StagedStix {
  key: string;
  modified: string | undefined;
  /** Columns of the staging table after `ord`, computed up front so a bad field rejects the record. */
  fields: CopyValue[];
}

function checkId(stix: StixObject, expectedType?: string): string {
  const match = typeof stix.id === 'string' ? STIX_ID.exec(stix.id) : null;
  if (!match) throw new RecordRejected(`id: not a STIX id: "${String(stix.id).slice(0, 80)}"`);
  if (match[1] !== stix.type)
    throw new RecordRejected(`id: "${stix.id}" does not match type "${String(stix.type).slice(0, 64)}"`);
  if (expectedType && stix.type !== expectedType) throw new RecordRejected(`type: expected ${expectedType}`);
  const json = JSON.stringify(stix);
  if (json.length > MAX_OBJECT_BYTES) throw new RecordRejected('record: larger than 4 MB');
  if (json.includes('\\u0000'))
    throw new RecordRejected('record: contains a NUL character, which cannot be stored');
  return stix.id;
}

function markingTlp(refs: string[] | undefined, fallback: Tlp): Tlp {
  for (const ref of refs ?? []) {
    const tlp = tlpFromMarkingRef(ref);
    if (tlp) return tlp;
  }
  return fallback;
}

/** 2.0 objects have no spec_version; 2.1 ones must. */
const specVersion = (c: { spec_version?: string }) => (c.spec_version === '2.1' ? '2.1' : '2.0');

export function prepareObject(draft: ObjectDraft, source: SourceContext): StagedStix {
  const stix = draft.stix;
  const id = checkId(stix);
  const c = parseOrReject(commonSchema, stix);
  const modified = timestamp('modified', stix.modified);
  const externalIds = (c.external_references ?? []).map((r) => r.external_id).filter((x): x is string => !!x);
  const aliases = [...new Set([...(c.aliases ?? []), ...(c.x_mitre_aliases ?? [])])].filter(
    (a) => a !== c.name,
  );
  return {
    key: id,
    modified,
    fields: [
      id,
      stix.type,
      c.name,
      c.description,
      aliases,
      externalIds.slice(0, 200),
      timestamp('created', stix.created),
      modified,
      c.revoked ?? false,
      c.x_mitre_deprecated ?? false,
      c.confidence,
      markingTlp(c.object_marking_refs, source.tlp),
      c.labels ?? [],
      new CopyJson(c.kill_chain_phases ?? []),
      c.x_mitre_platforms ?? [],
      specVersion(c),
      new CopyJson(stix),
    ],
  };
}

const relationshipSchema = z.object({
  relationship_type: z.string().regex(/^[a-z0-9-]{1,64}$/, 'not a STIX relationship type'),
  source_ref: z.string().regex(STIX_ID, 'not a STIX id'),
  target_ref: z.string().regex(STIX_ID, 'not a STIX id'),
  description: text(100000).optional(),
  confidence: z.number().int().min(0).max(100).optional(),
  revoked: z.boolean().optional(),
  object_marking_refs: z.array(z.string()).optional(),
});

export function prepareRelationship(draft: RelationshipDraft, source: SourceContext): StagedStix {
  const stix = draft.stix;
  const id = checkId(stix, 'relationship');
  const r = parseOrReject(relationshipSchema, stix);
  const modified = timestamp('modified', stix.modified);
  return {
    key: id,
    modified,
    fields: [
      id,
      r.relationship_type,
      r.source_ref,
      r.target_ref,
      r.description,
      timestamp('created', stix.created),
      modified,
      timestamp('start_time', stix.start_time, true),
      timestamp('stop_time', stix.stop_time, true),
      r.revoked ?? false,
      r.confidence,
      markingTlp(r.object_marking_refs, source.tlp),
      new CopyJson(stix),
    ],
  };
}

const sightingSchema = z.object({
  sighting_of_ref: z.string().regex(STIX_ID, 'not a STIX id'),
  observed_data_refs: z.array(z.string().regex(STIX_ID, 'not a STIX id')).max(1000).optional(),
  where_sighted_refs: z.array(z.string().regex(STIX_ID, 'not a STIX id')).max(1000).optional(),
  count: z.number().int().min(0).max(999999999).optional(),
  summary: z.boolean().optional(),
  description: text(100000).optional(),
  confidence: z.number().int().min(0).max(100).optional(),
  object_marking_refs: z.array(z.string()).optional(),
});

export function prepareSighting(draft: SightingDraft, source: SourceContext): StagedStix {
  const stix = draft.stix;
  const id = checkId(stix, 'sighting');
  const s = parseOrReject(sightingSchema, stix);
  const modified = timestamp('modified', stix.modified);
  return {
    key: id,
    modified,
    fields: [
      id,
      s.sighting_of_ref,
      s.observed_data_refs ?? [],
      s.where_sighted_refs ?? [],
      timestamp('first_seen', stix.first_seen),
      timestamp('last_seen', stix.last_seen),
      s.count,
      s.summary ?? false,
      s.description,
      timestamp('created', stix.created),
      modified,
      s.confidence,
      markingTlp(s.object_marking_refs, source.tlp),
      new CopyJson(stix),
    ],
  };
}
