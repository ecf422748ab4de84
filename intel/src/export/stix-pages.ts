import type { ClientBase } from 'pg';

/** The built-in collection that holds everything (created by the TAXII migration). */
export const ALL_COLLECTION = '5f8a3c0e-3b8e-4d0a-9a55-7a1f0c2d9e01';
export const TLP_LEVELS = ['clear', 'green', 'amber', 'amber+strict', 'red'] as const;
export type TlpLevel = (typeof TLP_LEVELS)[number];
export const TLP_MARKINGS: Record<TlpLevel, string> = {
  clear: 'marking-definition--94868c89-83c2-464b-929b-a1a8aa3c8487',
  green: 'marking-definition--bab4a63c-aed9-4cf5-a766-dfca5abac2bb',
  amber: 'marking-definition--55d920b0-5e8b-4f79-9ee9-91f868d9b421',
  'amber+strict': 'marking-definition--939a9414-2ddd-4d32-a0cd-375ea402b003',
  red: 'marking-definition--e828b379-4e03-4974-9ac4-e53a884c97c1',
};

export type StixObject = Record<string, unknown> & { id: string; type: string };

export interface Selection {
  collectionId?: string;
  ids?: string[];
  types?: string[];
  /** Objects marked above this level are left out (default amber+strict: never RED by default). */
  maxTlp?: TlpLevel;
  pageSize?: number;
  /** Stop after this many objects. */
  limit?: number;
}

/** Whether an object's TLP markings are all at or below `max`. */
export function withinTlp(object: StixObject, max: TlpLevel): boolean {
  const refs = Array.isArray(object.object_marking_refs) ? (object.object_marking_refs as string[]) : [];
  const limit = TLP_LEVELS.indexOf(max);
  return refs.every((ref) => {
    const level = TLP_LEVELS.findIndex((l) => TLP_MARKINGS[l] === ref);
    return level < 0 || level <= limit;
  });
}

/**
 * The selection's STIX 2.1 objects, a page at a time through `taxii_objects` (the renderer the TAXII
 * server uses), so 100,000 indicators stream in constant memory. The caller's database session
 * decides what RLS lets through; the CLI runs as the service role and filters by `maxTlp`.
 */
export async function* stixObjectPages(db: ClientBase, selection: Selection): AsyncGenerator<StixObject[]> {
  const max = selection.maxTlp ?? 'amber+strict';
  let afterDate = '-infinity';
  let afterId = '';
  const size = selection.pageSize ?? 1000;
  let left = selection.limit ?? Number.POSITIVE_INFINITY;
  for (;;) {
    const { rows } = await db.query<{ id: string; date_added: string; object: StixObject }>(
      `select id, to_char(date_added at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as date_added, object
         from public.taxii_objects($1::uuid, $2::timestamptz, $3::text, $4::integer, $5::text[], $6::text[])`,
      [
        selection.collectionId ?? ALL_COLLECTION,
        afterDate,
        afterId,
        size,
        selection.ids ?? null,
        selection.types ?? null,
      ],
    );
    if (rows.length === 0) return;
    const objects = rows.map((r) => r.object).filter((o) => withinTlp(o, max));
    yield objects.slice(0, left);
    left -= objects.length;
    if (left <= 0) return;
    const last = rows[rows.length - 1]!;
    afterDate = last.date_added;
    afterId = last.id;
    if (rows.length < size) return;
  }
}

/** An entity, its relationships, the objects at their other ends, and the TLP markings. */
export async function entityIds(db: ClientBase, stixId: string): Promise<string[]> {
  const { rows } = await db.query<{ stix_id: string; source_ref: string; target_ref: string }>(
    `select stix_id, source_ref, target_ref from public.relationships where source_ref = $1 or target_ref = $1`,
    [stixId],
  );
  const ids = new Set([stixId, ...Object.values(TLP_MARKINGS)]);
  for (const r of rows) {
    ids.add(r.stix_id);
    ids.add(r.source_ref);
    ids.add(r.target_ref);
  }
  return [...ids];
}
