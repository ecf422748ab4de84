import type { ClientBase } from 'pg';
import type { UpsertCounts } from './upsert.js';

/** A STIX indicator id as a source sent it: kept as one of the indicator's ids. */
const STIX_INDICATOR_ID = '^indicator--[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/**
 * Indicators merge in two layers in one statement: the indicator itself (one row per type and
 * canonical value: seen-range widened, least restrictive TLP, labels united, newest text wins) and
 * the provenance of this source (its own dates, id, reference, context). A record counts as
 * inserted when the indicator is new, updated when either layer changed, unchanged otherwise.
 * $1 = source id, $2 = import run id.
 */
const MERGE_SQL = `
with m as (
  select s.ord, s.type, s.value, i.id as existing_id, i.stix_id as existing_stix_id,
    -- The offline AS and country, looked up in Node as the row was staged (intel/src/geo).
    s.asn, s.as_name, s.country,
    case when newer then coalesce(s.name, i.name) else coalesce(i.name, s.name) end as name,
    case when newer then coalesce(nullif(s.description, ''), i.description, '')
      else coalesce(nullif(i.description, ''), s.description, '') end as description,
    case when newer then coalesce(s.confidence, i.confidence) else coalesce(i.confidence, s.confidence) end as confidence,
    case when i.id is null then s.tlp else least(i.tlp, s.tlp) end as tlp,
    least(i.first_seen, s.first_seen) as first_seen,
    greatest(i.last_seen, s.last_seen) as last_seen,
    least(i.valid_from, s.valid_from) as valid_from,
    coalesce(s.valid_until, i.valid_until) as valid_until,
    -- An analyst's revocation (revoked_by set) stands until an analyst restores it.
    case when i.revoked_by is not null then i.revoked else coalesce(s.revoked, i.revoked, false) end as revoked,
    array(select distinct l from unnest(coalesce(i.labels, '{}') || s.labels) l order by l) as labels,
    case when jsonb_array_length(s.kill_chain_phases) > 0 then s.kill_chain_phases
      else coalesce(i.kill_chain_phases, '[]') end as kill_chain_phases,
    row(i.name, i.description, i.confidence, i.tlp, i.first_seen, i.last_seen, i.valid_from,
      i.valid_until, i.revoked, i.labels, i.kill_chain_phases) as old_row,
    case when starts_with(s.source_ref, 'indicator--') and s.source_ref ~ '${STIX_INDICATOR_ID}'
      then s.source_ref end as arrived_id
  from stage_indicators s
  -- One index probe per staged row, whatever the table's size (OFFSET 0 keeps the planner from
  -- turning the lookup into a join: it hashed the whole table for every batch, 1.2 s of 2.5 s at
  -- one million indicators, and more with every batch).
  left join lateral (select i.* from public.indicators i where i.value = s.value and i.type = s.type offset 0) i
    on true
  -- The newest report's text wins: an older record re-read later (a re-import, a feed that repeats
  -- itself) changes nothing.
  cross join lateral (select coalesce(s.last_seen > i.last_seen, i.last_seen is null) as newer) recency
),
-- A new value takes the STIX id it arrived with as its served id, unless another indicator owns
-- that id already or an earlier value of this batch does (an OR pattern names several values).
firsts as (
  select min(m.ord) as ord from m
  where m.existing_id is null and m.arrived_id is not null
    and not exists (select 1 from public.indicator_stix_ids a where a.stix_id = m.arrived_id)
  group by m.arrived_id
),
-- A new indicator is written with its score inputs from this report (the source's weight, null for
-- the default 0.6, and whether it is TLP:RED), so the reports trigger finds nothing to change.
w as (
  select nullif(private.reliability_weight(s.reliability), 0.6) as weight from public.sources s where s.id = $1
),
ins as (
  insert into public.indicators as i (type, value, name, description, confidence, tlp, first_seen, last_seen,
    valid_from, valid_until, revoked, labels, kill_chain_phases, origin_stix_id, score_weight, score_red,
    asn, as_name, country)
  select m.type, m.value, m.name, m.description, m.confidence, m.tlp, m.first_seen, m.last_seen, m.valid_from,
    m.valid_until, m.revoked, m.labels, m.kill_chain_phases, case when f.ord is not null then m.arrived_id end,
    (select w.weight from w), m.tlp = 'red', m.asn, m.as_name, m.country
  from m left join firsts f on f.ord = m.ord
  where m.existing_id is null
  -- Another import committed the same new value meanwhile: take its id, keep its row. The key
  -- includes superseded (always false once committed: 20261201200400).
  on conflict (value, type, superseded) do update set type = excluded.type
  returning i.id, i.type, i.value, i.stix_id
),
upd as (
  update public.indicators i set name = m.name, description = m.description, confidence = m.confidence,
    tlp = m.tlp, first_seen = m.first_seen, last_seen = m.last_seen, valid_from = m.valid_from,
    valid_until = m.valid_until, revoked = m.revoked, labels = m.labels, kill_chain_phases = m.kill_chain_phases
  from m
  -- Probes by id (a merge join read the whole primary key for every batch).
  where i.id = any (array(select existing_id from m where existing_id is not null))
    and m.existing_id = i.id
    and row(m.name, m.description, m.confidence, m.tlp, m.first_seen, m.last_seen, m.valid_from,
      m.valid_until, m.revoked, m.labels, m.kill_chain_phases) is distinct from m.old_row
  returning i.id
),
ids as (
  select m.ord, coalesce(m.existing_id, ins.id) as indicator_id, coalesce(m.existing_stix_id, ins.stix_id) as stix_id,
    m.existing_id is null as is_new, upd.id is not null as is_updated
  from m
  left join ins on m.existing_id is null and ins.value = m.value and ins.type = m.type
  left join upd on upd.id = m.existing_id
),
pm as (
  select ids.ord, ids.indicator_id, ids.stix_id, ids.is_new, ids.is_updated, p.indicator_id is null as prov_new,
    p.row_ctid,
    p.malware as old_malware,
    case when newer then coalesce(s.source_ref, p.source_ref) else p.source_ref end as source_ref,
    case when newer then coalesce(s.reference, p.reference) else p.reference end as reference,
    least(p.first_seen, s.first_seen) as first_seen,
    greatest(p.last_seen, s.last_seen) as last_seen,
    case when newer then coalesce(s.confidence, p.confidence) else p.confidence end as confidence,
    case when newer then s.tlp else p.tlp end as tlp,
    array(select distinct n from unnest(coalesce(p.malware, '{}') || s.malware) n order by n) as malware,
    case when newer then s.context else p.context end as context,
    case when newer then s.pap else p.pap end as pap,
    row(p.source_ref, p.reference, p.first_seen, p.last_seen, p.confidence, p.tlp, p.malware, p.context, p.pap) as old_row
  from ids
  join stage_indicators s on s.ord = ids.ord
  left join lateral (select p.ctid as row_ctid, p.* from public.indicator_sources p
    where p.indicator_id = ids.indicator_id and p.source_id = $1 offset 0) p on true
  cross join lateral (select coalesce(s.last_seen > p.last_seen, p.last_seen is null) as newer) recency
),
pins as (
  insert into public.indicator_sources (indicator_id, source_id, source_ref, reference, first_seen, last_seen,
    confidence, tlp, malware, context, pap, import_run_id)
  select indicator_id, $1, source_ref, reference, first_seen, last_seen, confidence, tlp, malware, context, pap, $2
  from pm where prov_new
  on conflict (indicator_id, source_id) do nothing
  returning indicator_id
),
pupd as (
  update public.indicator_sources p set source_ref = pm.source_ref, reference = pm.reference,
    first_seen = pm.first_seen, last_seen = pm.last_seen, confidence = pm.confidence, tlp = pm.tlp,
    malware = pm.malware, context = pm.context, pap = pm.pap, import_run_id = $2
  from pm
  -- The rows read above, by their physical address (the source is locked by this run, so no other
  -- writer moves them meanwhile). Not "source_id = $1": while a new source's rows are not yet in
  -- the statistics, the planner took that condition to the source's index and read every row of
  -- the source so far for every batch (2.4 s of a 3 s batch at 500,000).
  where p.ctid = any (array(select row_ctid from pm where not prov_new))
    and not pm.prov_new and p.indicator_id = pm.indicator_id
    and row(pm.source_ref, pm.reference, pm.first_seen, pm.last_seen, pm.confidence, pm.tlp, pm.malware,
      pm.context, pm.pap) is distinct from pm.old_row
  returning p.indicator_id
),
-- Malware names this batch adds to a report: only those need an indicates link (a re-import of
-- an unchanged feed links nothing).
to_link as (
  insert into stage_links (indicator_ref, tlp, malware)
  select stix_id, tlp, malware from pm
  where cardinality(malware) > 0 and (prov_new or malware is distinct from old_malware)
  returning 1
)
select
  count(*) filter (where pm.is_new)::int as inserted,
  count(*) filter (where not pm.is_new and (pm.is_updated or pins.indicator_id is not null
    or pupd.indicator_id is not null))::int as updated,
  count(*)::int as total,
  (select count(*) from to_link)::int as to_link
from pm
left join pins on pins.indicator_id = pm.indicator_id
left join pupd on pupd.indicator_id = pm.indicator_id`;

/**
 * Keeps every STIX id the batch's indicators arrived with (one owner per id: the first value that
 * id named), gives an indicator that had none its first one as its served id (new ones got it in
 * the merge), and touches the relationships that point at a newly known id: they now resolve, and
 * TAXII clients polling by date added must see them.
 */
const STIX_IDS_SQL = `
with arrived as (
  select distinct on (s.source_ref) s.source_ref as stix_id, s.ord, i.id as indicator_id
  from stage_indicators s
  cross join lateral (select i.id from public.indicators i where i.value = s.value and i.type = s.type offset 0) i
  where starts_with(s.source_ref, 'indicator--') and s.source_ref ~ '${STIX_INDICATOR_ID}'
  order by s.source_ref, s.ord
),
added as (
  insert into public.indicator_stix_ids (stix_id, indicator_id)
  select stix_id, indicator_id from arrived
  on conflict (stix_id) do nothing
  returning stix_id, indicator_id
),
adopted as (
  update public.indicators i set origin_stix_id = a.stix_id
  from (select distinct on (added.indicator_id) added.indicator_id, added.stix_id
        from added join arrived on arrived.stix_id = added.stix_id
        order by added.indicator_id, arrived.ord) a
  where i.id = a.indicator_id and i.origin_stix_id is null
  returning 1
),
refs as (select array(select stix_id::text collate "default" from added) as ids),
touched as (
  update public.relationships r set updated_at = now()
  from refs
  where (r.source_ref = any (refs.ids) or r.target_ref = any (refs.ids)) and r.updated_at < now()
  returning 1
)
select (select count(*) from added)::int as ids, (select count(*) from adopted)::int as adopted,
  (select count(*) from touched)::int as touched`;

/**
 * Links indicators to the malware families their sources name: a family is found by name or alias
 * among malware objects (ATT&CK, MISP galaxy), or created as a minimal malware object with a
 * name-based id, then one `indicates` relationship per pair, with a deterministic id so a
 * re-import adds nothing. It reads stage_links, which the merge fills with the reports whose
 * malware names are new.
 */
const LINK_MALWARE_SQL = `
with named as (
  select distinct l.indicator_ref, l.tlp, n.name from stage_links l cross join lateral unnest(l.malware) n(name)
),
names as (select distinct name from named),
known as (
  select distinct on (names.name) names.name, o.stix_id
  from names join public.intel_objects o on o.type = 'malware' and o.lookup_names @> array[lower(names.name)]
  order by names.name, o.created nulls last, o.stix_id
),
fresh as (
  select names.name, 'malware--' || extensions.uuid_generate_v5('00abedb4-aa42-466c-9c01-fed23315a9b7',
    '{"type":"malware","name":' || to_json(lower(names.name))::text || '}') as stix_id
  from names where not exists (select 1 from known where known.name = names.name)
),
created as (
  insert into public.intel_objects (stix_id, type, name, tlp, spec_version, source_ids, created, modified, stix)
  select stix_id, 'malware', name, 'clear', '2.1', array[$1::uuid], now(), now(),
    jsonb_build_object('type', 'malware', 'spec_version', '2.1', 'id', stix_id, 'name', name, 'is_family', true,
      'created', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'modified', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  from fresh
  on conflict (stix_id) do nothing
  returning stix_id
),
-- A family merged into another is linked to the one it was merged into, as the follow-merged
-- trigger would (the statement runs with cti.refs_resolved on, so that trigger skips these rows).
targets as (
  select t.name, coalesce((select a.target_stix_id from public.intel_object_aliases a where a.stix_id = t.stix_id),
    t.stix_id) as stix_id
  from (select name, stix_id from known union all select name, stix_id from fresh) t
),
links as (
  -- The relationship's own STIX object is built on export from these columns; the stored one
  -- stays minimal because every linked indicator writes one.
  insert into public.relationships (stix_id, relationship_type, source_ref, target_ref, tlp, source_ids, stix)
  select 'relationship--' || extensions.uuid_generate_v5('00abedb4-aa42-466c-9c01-fed23315a9b7',
      named.indicator_ref || ' indicates ' || t.stix_id),
    'indicates', named.indicator_ref, t.stix_id, named.tlp, array[$1::uuid], '{}'::jsonb
  from named join targets t on t.name = named.name
  on conflict (stix_id) do nothing
  returning 1
)
select (select count(*) from created)::int as malware, (select count(*) from links)::int as links`;

export interface IndicatorMergeCounts extends UpsertCounts {
  derivedMalware: number;
  derivedLinks: number;
}

/**
 * The links' sources are indicator ids (never merged) and the statement resolves their targets
 * itself, so the row trigger that follows merged ids is told to skip them, for this one statement
 * (20261202080000): it cost two function calls per link.
 */
async function linkMalware(db: ClientBase, sourceId: string) {
  await db.query(`select set_config('cti.refs_resolved', 'on', true)`);
  try {
    return await db.query<{ malware: number; links: number }>(LINK_MALWARE_SQL, [sourceId]);
  } finally {
    // After an error the transaction is aborted and rolls back, the setting with it.
    await db.query(`select set_config('cti.refs_resolved', 'off', true)`).catch(() => undefined);
  }
}

export async function mergeIndicators(
  db: ClientBase,
  sourceId: string,
  runId: number,
): Promise<IndicatorMergeCounts> {
  await db.query('truncate stage_links');
  const merged = await db.query<{ inserted: number; updated: number; total: number; to_link: number }>(
    MERGE_SQL,
    [sourceId, runId],
  );
  const { inserted, updated, total, to_link: toLink } = merged.rows[0]!;
  await db.query(STIX_IDS_SQL);
  const linked = toLink > 0 ? await linkMalware(db, sourceId) : { rows: [{ malware: 0, links: 0 }] };
  return {
    inserted,
    updated,
    unchanged: total - inserted - updated,
    derivedMalware: linked.rows[0]!.malware,
    derivedLinks: linked.rows[0]!.links,
  };
}
