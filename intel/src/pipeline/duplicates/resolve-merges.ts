import type { ClientBase } from 'pg';
import { planMerges, type MergeConflict } from './plan-merges.js';

/** The kinds Enhanced CTI lists: the ones two sources describe under different names. */
export const MERGED_KINDS = ['threat-actor', 'intrusion-set', 'malware', 'tool', 'campaign'] as const;

export interface MergeReport {
  /** Objects that now point at another (merged), and that no longer do (separated). */
  merged: number;
  separated: number;
  conflicts: MergeConflict[];
  conflictCount: number;
}

const KEPT_CONFLICTS = 50;

/**
 * Re-decides every merge from the knowledge base as it stands in this run's transaction: the same
 * table gives the same merges whichever source came first. Revoked, deprecated and analysts' own
 * objects are not merged (ATT&CK keeps a revoked group's names on its successor).
 */
export async function resolveMerges(db: ClientBase): Promise<MergeReport> {
  const { rows } = await db.query<{
    stix_id: string;
    type: string;
    name: string | null;
    aliases: string[];
    source_ids: string[];
    external_ids: string[];
    has_description: boolean;
    versioned: boolean;
    merged_into: string | null;
    eligible: boolean;
  }>(
    `select stix_id, type, name, aliases, source_ids, external_ids, merged_into,
            coalesce(description, '') <> '' as has_description, modified is not null as versioned,
            not (revoked or deprecated) and created_by is null and cardinality(source_ids) > 0 as eligible
       from public.intel_objects
      where type = any ($1) and (merged_into is not null or not (revoked or deprecated))`,
    [MERGED_KINDS],
  );
  const plan = planMerges(
    rows
      .filter((r) => r.eligible)
      .map((r) => ({
        stixId: r.stix_id,
        type: r.type,
        name: r.name ?? r.stix_id,
        names: [r.name ?? '', ...r.aliases],
        sourceIds: r.source_ids,
        externalIds: r.external_ids,
        hasDescription: r.has_description,
        versioned: r.versioned,
      })),
  );
  const changes = rows
    .map((r) => ({ id: r.stix_id, from: r.merged_into, to: plan.mergedInto.get(r.stix_id) ?? null }))
    .filter((c) => c.from !== c.to);
  if (changes.length > 0)
    await db.query(
      `update public.intel_objects o set merged_into = c.target
         from unnest($1::text[], $2::text[]) as c (id, target)
        where o.stix_id = c.id`,
      [changes.map((c) => c.id), changes.map((c) => c.to)],
    );
  return {
    merged: changes.filter((c) => c.to !== null).length,
    separated: changes.filter((c) => c.to === null).length,
    conflicts: plan.conflicts.slice(0, KEPT_CONFLICTS),
    conflictCount: plan.conflicts.length,
  };
}
