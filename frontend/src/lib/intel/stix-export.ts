/**
 * A STIX 2.1 bundle of a selection, or of one entity with its relationships and the objects at their
 * other ends, rendered by the server (`taxii_objects`, the TAXII server's renderer) as the signed-in
 * user may read it (RLS: TLP:RED only for an administrator with MFA). Each object carries its TLP
 * marking and the bundle holds the TLP 2.0 marking definitions. The text is data for a file, never HTML.
 */
import { supabase } from '@/lib/supabase';

/** The built-in TAXII collection that holds everything (created by the TAXII migration). */
export const ALL_INTELLIGENCE_COLLECTION = '5f8a3c0e-3b8e-4d0a-9a55-7a1f0c2d9e01';
export const STIX_MEDIA_TYPE = 'application/stix+json;version=2.1';
const TLP_MARKING_IDS = [
  'marking-definition--94868c89-83c2-464b-929b-a1a8aa3c8487',
  'marking-definition--bab4a63c-aed9-4cf5-a766-dfca5abac2bb',
  'marking-definition--55d920b0-5e8b-4f79-9ee9-91f868d9b421',
  'marking-definition--939a9414-2ddd-4d32-a0cd-375ea402b003',
  'marking-definition--e828b379-4e03-4974-9ac4-e53a884c97c1',
];
const CHUNK = 200;

export interface StixSelection {
  /** Indicator row ids (the IOC table's selection). */
  indicatorIds?: readonly number[];
  /** STIX ids of objects to include. */
  stixIds?: readonly string[];
  /** Also the relationships of these STIX ids and the objects at their other ends. */
  withRelationships?: boolean;
}

const chunks = <T>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

async function indicatorStixIds(ids: readonly number[]): Promise<string[]> {
  const found: string[] = [];
  for (const part of chunks(ids)) {
    const { data, error } = await supabase().from('indicators').select('stix_id').in('id', part);
    if (error) throw new Error(error.message);
    found.push(...(data as { stix_id: string }[]).map((row) => row.stix_id));
  }
  return found;
}

/** Only well-formed STIX ids reach the `or` filter: nothing else can be spliced into it. */
const STIX_ID = /^[a-z0-9][a-z0-9-]*--[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function relatedIds(stixIds: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const id of stixIds.filter((candidate) => STIX_ID.test(candidate))) {
    const { data, error } = await supabase()
      .from('relationships')
      .select('stix_id, source_ref, target_ref')
      .or(`source_ref.eq.${id},target_ref.eq.${id}`)
      .limit(5000);
    if (error) throw new Error(error.message);
    for (const row of data as { stix_id: string; source_ref: string; target_ref: string }[])
      found.push(row.stix_id, row.source_ref, row.target_ref);
  }
  return found;
}

export async function stixBundle(selection: StixSelection): Promise<{ text: string; count: number }> {
  const ids = new Set(selection.stixIds ?? []);
  for (const id of await indicatorStixIds(selection.indicatorIds ?? [])) ids.add(id);
  if (selection.withRelationships) for (const id of await relatedIds([...ids])) ids.add(id);
  for (const id of TLP_MARKING_IDS) ids.add(id);
  const objects: unknown[] = [];
  for (const part of chunks([...ids])) {
    const { data, error } = await supabase().rpc('taxii_objects', {
      _collection_id: ALL_INTELLIGENCE_COLLECTION,
      _ids: part,
      _limit: 10000,
    });
    if (error) throw new Error(error.message);
    objects.push(...(data as { object: unknown }[]).map((row) => row.object));
  }
  const bundle = { type: 'bundle', id: `bundle--${crypto.randomUUID()}`, objects };
  return { text: JSON.stringify(bundle, null, 1), count: objects.length };
}
