-- Bulk imports (issue 31 §1): three row triggers that only ever act for a signed-in analyst ran a
-- PL/pgSQL function for every row an import wrote, and each of these functions pins its
-- search_path, so every call also set and restored that setting. For the importer (service_role,
-- no JWT) each call returned its row unchanged. The same conditions now sit in the triggers' WHEN
-- clauses, which Postgres evaluates without calling the function; what analysts see is unchanged.
--   indicators_take_hidden_value: the function returns at once when auth.uid() is null.
--   relationships_analyst_ids: the function acts only when current_user = 'authenticated'.
--   relationships_author: on INSERT the function acts only for 'authenticated' or inside a
--     merge (cti.merging = on); its UPDATE branch also acts for the service role (analysts'
--     edited fields kept over an import), so UPDATE keeps an unconditional trigger of its own.
-- Trigger order (by name) is as before: ..._analyst_ids, ..._author_on_insert, ..._check_red_audience.

drop trigger indicators_take_hidden_value on public.indicators;
create trigger indicators_take_hidden_value before insert on public.indicators
  for each row when (auth.uid() is not null) execute function private.take_hidden_indicator_value();

drop trigger relationships_analyst_ids on public.relationships;
create trigger relationships_analyst_ids before insert on public.relationships
  for each row when (current_user = 'authenticated') execute function private.refuse_analyst_stix_id();

drop trigger relationships_author on public.relationships;
create trigger relationships_author before update on public.relationships
  for each row execute function private.author_relationship();
create trigger relationships_author_on_insert before insert on public.relationships
  for each row when (current_user = 'authenticated' or coalesce(current_setting('cti.merging', true), '') = 'on')
  execute function private.author_relationship();

-- Indicators arriving in bulk: the statement trigger that counts links made before their indicator
-- joined the new rows to relationships on source_ref = stix_id. stix_id is collated "C" and
-- source_ref is not, so no index of relationships could serve the join: every batch of new
-- indicators read all relationships (measured 421 ms of a 1.8 s batch at 190,000 indicators, and
-- growing with the table). The probe now compares in source_ref's collation, one index probe
-- (relationships_indicates_idx) per new or removed indicator.
create or replace function private.graph_count_indicators() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  pairs jsonb;
begin
  if tg_op = 'INSERT' then
    select jsonb_agg(jsonb_build_object('target_ref', t.target_ref, 'type', t.type, 'tlp', t.tlp, 'n', t.n)) into pairs
      from (select l.target_ref, i.type, greatest(l.tlp, i.tlp) as tlp, count(*) as n
              from added i
              cross join lateral (select r.target_ref, r.tlp from public.relationships r
                where r.source_ref = i.stix_id collate "default" and r.relationship_type = 'indicates'
                  and not r.revoked offset 0) l
             group by 1, 2, 3) t;
    perform private.graph_count_pairs(pairs, 1);
  else
    select jsonb_agg(jsonb_build_object('target_ref', t.target_ref, 'type', t.type, 'tlp', t.tlp, 'n', t.n)) into pairs
      from (select l.target_ref, i.type, greatest(l.tlp, i.tlp) as tlp, count(*) as n
              from removed i
              cross join lateral (select r.target_ref, r.tlp from public.relationships r
                where r.source_ref = i.stix_id collate "default" and r.relationship_type = 'indicates'
                  and not r.revoked offset 0) l
             group by 1, 2, 3) t;
    perform private.graph_count_pairs(pairs, -1);
  end if;
  return null;
end
$$;
comment on function private.graph_count_indicators() is 'Statement trigger on indicators: keeps graph_indicator_counts when indicators arrive after their links or leave (one index probe per indicator).';
revoke all on function private.graph_count_indicators() from public, anon, authenticated;

-- The links an import derives from malware names: the importer resolves their targets through
-- intel_object_aliases itself, once per family and batch, and their sources are indicator ids,
-- which are never merged; it says so with cti.refs_resolved = 'on' around that one statement
-- (intel/src/pipeline/merge-indicators.ts). Every other write follows merged ids as before. (A
-- setting never set reads as null, and a null WHEN skips the trigger: hence the coalesce.)
drop trigger relationships_0_follow_merged on public.relationships;
create trigger relationships_0_follow_merged before insert or update of source_ref, target_ref on public.relationships
  for each row when (not (starts_with(new.source_ref, 'indicator--')
    and (starts_with(new.target_ref, 'indicator--') or coalesce(current_setting('cti.refs_resolved', true), '') = 'on')))
  execute function private.follow_merged_refs();

-- Links added in bulk (an import derives one per indicator and family): the counts were built by
-- turning every new link into a JSON object and reading the array back (graph_link_pairs); they are
-- now counted straight from the transition table, one index probe per link for its indicator's type
-- and TLP. Removals and changes are rare and keep the shared path.
create or replace function private.graph_count_links() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  gone jsonb;
  came jsonb;
begin
  -- Only indicates links from indicators, and on update only those whose counted fields changed.
  if tg_op = 'INSERT' then
    insert into private.graph_indicator_counts as c (target_ref, type, tlp, n)
    select l.target_ref, i.type, greatest(l.tlp, i.tlp), count(*)
      from added l
      cross join lateral (select i.type, i.tlp from public.indicators i
        where i.stix_id = l.source_ref collate "C" offset 0) i
     where l.relationship_type = 'indicates' and not l.revoked and starts_with(l.source_ref, 'indicator--')
       and greatest(l.tlp, i.tlp) <> 'red'
     group by 1, 2, 3
    on conflict (target_ref, type, tlp) do update set n = c.n + excluded.n;
    return null;
  elsif tg_op = 'DELETE' then
    select jsonb_agg(jsonb_build_object('source_ref', l.source_ref, 'target_ref', l.target_ref, 'tlp', l.tlp)) into gone
      from removed l
     where l.relationship_type = 'indicates' and not l.revoked and starts_with(l.source_ref, 'indicator--');
  else
    select jsonb_agg(jsonb_build_object('source_ref', o.source_ref, 'target_ref', o.target_ref, 'tlp', o.tlp))
             filter (where o.relationship_type = 'indicates' and not o.revoked and starts_with(o.source_ref, 'indicator--')),
           jsonb_agg(jsonb_build_object('source_ref', n.source_ref, 'target_ref', n.target_ref, 'tlp', n.tlp))
             filter (where n.relationship_type = 'indicates' and not n.revoked and starts_with(n.source_ref, 'indicator--'))
      into gone, came
      from removed o join added n on n.stix_id = o.stix_id
     where (o.relationship_type, o.source_ref, o.target_ref, o.revoked, o.tlp)
           is distinct from (n.relationship_type, n.source_ref, n.target_ref, n.revoked, n.tlp);
  end if;
  if gone is not null then perform private.graph_count_pairs(private.graph_link_pairs(gone), -1); end if;
  if came is not null then perform private.graph_count_pairs(private.graph_link_pairs(came), 1); end if;
  return null;
end
$$;
comment on function private.graph_count_links() is 'Statement trigger on relationships: keeps graph_indicator_counts for added (counted directly), removed and changed indicates links.';
revoke all on function private.graph_count_links() from public, anon, authenticated;
