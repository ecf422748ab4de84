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
 * decides what RLS lets through; the CLI runs as the service role and the server leaves out what
 * is above `maxTlp`, relationships to it included, so no exported ref dangles. Indicators come
 * under the first STIX id they arrived with and relationships' refs are mapped to those ids.
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
         from public.taxii_objects($1::uuid, $2::timestamptz, $3::text, $4::integer, $5::text[], $6::text[],
                                   _max_tlp => $7::public.tlp_level)`,
      [
        selection.collectionId ?? ALL_COLLECTION,
        afterDate,
        afterId,
        size,
        selection.ids ?? null,
        selection.types ?? null,
        max,
      ],
    );
    if (rows.length === 0) return;
    // The server judged by each row's TLP; this guard also reads the markings an object carries.
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

/**
 * An entity, its relationships, the objects at their other ends, and the TLP markings. An
 * indicator is known by every STIX id it arrived with and by ours; relationships may use any.
 */
export async function entityIds(db: ClientBase, stixId: string): Promise<string[]> {
  const { rows } = await db.query<{ stix_id: string; source_ref: string; target_ref: string }>(
    `with indicator as (
       select coalesce((select a.indicator_id from public.indicator_stix_ids a where a.stix_id = $1),
                       (select i.id from public.indicators i where i.stix_id = $1)) as id
     ),
     known as (
       select $1::text as ref
       union select a.stix_id from public.indicator_stix_ids a, indicator where a.indicator_id = indicator.id
       union select i.stix_id from public.indicators i, indicator where i.id = indicator.id
     )
     select r.stix_id, r.source_ref, r.target_ref from public.relationships r
      where r.source_ref = any (array(select ref from known)) or r.target_ref = any (array(select ref from known))`,
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
