import type { ClientBase } from 'pg';

/**
 * Joins a feed's reports to the ATT&CK techniques they name: a report carries each technique id
 * it mentions as an external reference (mitre-attack T1059.001), and the attack-pattern with that
 * id, once ATT&CK is imported, gets a `related-to` link from the report (a deterministic id, so a
 * second sync adds nothing). Runs after each sync of an RSS source, so techniques imported later
 * are linked at the next one. CVE ids stay external references: a vulnerability is keyed by its
 * CVE id, not a STIX id, and is found from the report by that id.
 */
const LINK_SQL = `
insert into public.relationships (stix_id, relationship_type, source_ref, target_ref, tlp, source_ids, stix)
select 'relationship--' || extensions.uuid_generate_v5('00abedb4-aa42-466c-9c01-fed23315a9b7',
         r.stix_id || ' related-to ' || a.stix_id),
       'related-to', r.stix_id, a.stix_id, r.tlp, array[$1::uuid], '{}'::jsonb
  from public.intel_objects r
  join public.intel_objects a
    on a.type = 'attack-pattern' and not a.revoked and a.merged_into is null
   and a.external_ids && array(select x from unnest(r.external_ids) x where x ~ '^T[0-9]{4}(\\.[0-9]{3})?$')
 where r.type = 'report' and $1::uuid = any (r.source_ids)
on conflict (stix_id) do nothing`;

export async function linkReportMentions(db: ClientBase, sourceId: string): Promise<number> {
  const { rowCount } = await db.query(LINK_SQL, [sourceId]);
  return rowCount ?? 0;
}
