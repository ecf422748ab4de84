-- The knowledge graph's indexes and indicator counts (issue 29 §3); the graph itself is
-- graph_neighbourhood (next migration).

-- Indexes. An object's incoming links without its indicators (a malware family's 100,000
-- `indicates` rows are never walked to find its dozen other links), and its indicators in STIX id
-- order with what the policies ask (TLP, audience, sources), so a page of one type stops early.
create index relationships_graph_in_named_idx on public.relationships (target_ref)
  where not starts_with(source_ref, 'indicator--');
create index relationships_graph_indicates_idx on public.relationships (target_ref, relationship_type, source_ref)
  include (revoked, tlp, red_audience, source_ids);

-- Counts. Counting 100,000 indicators row by row through the policies takes seconds (measured: 2 s
-- at 1M indicators); the graph reads them here instead, kept by triggers like the dashboard's
-- malware counts, per object, indicator type and TLP (the stricter of the link's and the
-- indicator's), so a caller sums the TLPs up to their clearance. TLP:RED pairs are not kept: a
-- caller cleared for RED (each row in its own audience) is counted row by row, as is a date filter.
create table private.graph_indicator_counts (
  target_ref text not null,
  type public.indicator_type not null,
  tlp public.tlp_level not null check (tlp <> 'red'),
  n bigint not null check (n >= 0),
  primary key (target_ref, type, tlp)
);
comment on table private.graph_indicator_counts is
  'For the graph: how many indicators indicate each object (non-revoked indicates links), per indicator type and TLP (the stricter of link and indicator; RED pairs are never kept). Kept by triggers on relationships and indicators.';
comment on column private.graph_indicator_counts.target_ref is 'The indicated object''s STIX id.';
comment on column private.graph_indicator_counts.type is 'The indicators'' type.';
comment on column private.graph_indicator_counts.tlp is 'The stricter of the link''s and the indicator''s TLP (never RED).';
comment on column private.graph_indicator_counts.n is 'How many such indicators (links).';
revoke all on private.graph_indicator_counts from public, anon, authenticated;

-- Adds (_sign 1) or takes back (-1) counted pairs: [{"target_ref", "type", "tlp", "n"}, ...].
create function private.graph_count_pairs(_pairs jsonb, _sign integer) returns void
language plpgsql security definer set search_path = '' as $$
begin
  if _pairs is null then return; end if;
  if _sign > 0 then
    insert into private.graph_indicator_counts as c (target_ref, type, tlp, n)
    select p.target_ref, p.type, p.tlp, sum(p.n)
      from jsonb_to_recordset(_pairs) as p (target_ref text, type public.indicator_type, tlp public.tlp_level, n bigint)
     where p.tlp <> 'red'
     group by 1, 2, 3
    on conflict (target_ref, type, tlp) do update set n = c.n + excluded.n;
  else
    update private.graph_indicator_counts c set n = greatest(c.n - p.n, 0)
      from (select q.target_ref, q.type, q.tlp, sum(q.n) as n
              from jsonb_to_recordset(_pairs) as q (target_ref text, type public.indicator_type, tlp public.tlp_level, n bigint)
             group by 1, 2, 3) p
     where c.target_ref = p.target_ref and c.type = p.type and c.tlp = p.tlp;
  end if;
end
$$;
comment on function private.graph_count_pairs(jsonb, integer) is 'Adds or subtracts counted indicator-object pairs in graph_indicator_counts.';
revoke all on function private.graph_count_pairs(jsonb, integer) from public, anon, authenticated;

-- The pairs of a set of links (joined to their indicators), counted: one JSON row per object, type and TLP.
create function private.graph_link_pairs(_links jsonb) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_agg(jsonb_build_object('target_ref', t.target_ref, 'type', t.type, 'tlp', t.tlp, 'n', t.n))
    from (select l.target_ref, i.type, greatest(l.tlp, i.tlp) as tlp, count(*) as n
            from jsonb_to_recordset(_links) as l (source_ref text, target_ref text, tlp public.tlp_level)
            join public.indicators i on i.stix_id = l.source_ref
           group by 1, 2, 3) t
$$;
comment on function private.graph_link_pairs(jsonb) is 'Counts the indicator-object pairs of a set of indicates links, for graph_indicator_counts.';
revoke all on function private.graph_link_pairs(jsonb) from public, anon, authenticated;

create function private.graph_count_links() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  gone jsonb;
  came jsonb;
begin
  -- Only indicates links from indicators, and on update only those whose counted fields changed.
  if tg_op = 'INSERT' then
    select jsonb_agg(jsonb_build_object('source_ref', l.source_ref, 'target_ref', l.target_ref, 'tlp', l.tlp)) into came
      from added l
     where l.relationship_type = 'indicates' and not l.revoked and starts_with(l.source_ref, 'indicator--');
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
comment on function private.graph_count_links() is 'Statement trigger on relationships: keeps graph_indicator_counts for added, removed and changed indicates links.';
revoke all on function private.graph_count_links() from public, anon, authenticated;

create trigger relationships_graph_count_added after insert on public.relationships
  referencing new table as added for each statement execute function private.graph_count_links();
create trigger relationships_graph_count_removed after delete on public.relationships
  referencing old table as removed for each statement execute function private.graph_count_links();
create trigger relationships_graph_count_changed after update on public.relationships
  referencing old table as removed new table as added for each statement execute function private.graph_count_links();

-- An indicator that arrives after its links, or leaves, adds or takes back its pairs.
create function private.graph_count_indicators() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  pairs jsonb;
begin
  if tg_op = 'INSERT' then
    select jsonb_agg(jsonb_build_object('target_ref', t.target_ref, 'type', t.type, 'tlp', t.tlp, 'n', t.n)) into pairs
      from (select l.target_ref, i.type, greatest(l.tlp, i.tlp) as tlp, count(*) as n
              from added i join public.relationships l on l.source_ref = i.stix_id and l.relationship_type = 'indicates'
             where not l.revoked group by 1, 2, 3) t;
    perform private.graph_count_pairs(pairs, 1);
  else
    select jsonb_agg(jsonb_build_object('target_ref', t.target_ref, 'type', t.type, 'tlp', t.tlp, 'n', t.n)) into pairs
      from (select l.target_ref, i.type, greatest(l.tlp, i.tlp) as tlp, count(*) as n
              from removed i join public.relationships l on l.source_ref = i.stix_id and l.relationship_type = 'indicates'
             where not l.revoked group by 1, 2, 3) t;
    perform private.graph_count_pairs(pairs, -1);
  end if;
  return null;
end
$$;
comment on function private.graph_count_indicators() is 'Statement trigger on indicators: keeps graph_indicator_counts when indicators arrive after their links or leave.';
revoke all on function private.graph_count_indicators() from public, anon, authenticated;

create trigger indicators_graph_count_added after insert on public.indicators
  referencing new table as added for each statement execute function private.graph_count_indicators();
create trigger indicators_graph_count_removed after delete on public.indicators
  referencing old table as removed for each statement execute function private.graph_count_indicators();

-- A TLP change is rare: one row at a time, only when the TLP really changed.
create function private.graph_count_indicator_tlp() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.graph_count_pairs(
    (select jsonb_agg(jsonb_build_object('target_ref', l.target_ref, 'type', old.type, 'tlp', greatest(l.tlp, old.tlp), 'n', 1))
       from public.relationships l
      where l.source_ref = old.stix_id and l.relationship_type = 'indicates' and not l.revoked), -1);
  perform private.graph_count_pairs(
    (select jsonb_agg(jsonb_build_object('target_ref', l.target_ref, 'type', new.type, 'tlp', greatest(l.tlp, new.tlp), 'n', 1))
       from public.relationships l
      where l.source_ref = new.stix_id and l.relationship_type = 'indicates' and not l.revoked), 1);
  return null;
end
$$;
comment on function private.graph_count_indicator_tlp() is 'Row trigger on indicators: moves an indicator''s pairs in graph_indicator_counts when its TLP changes.';
revoke all on function private.graph_count_indicator_tlp() from public, anon, authenticated;
create trigger indicators_graph_count_tlp after update of tlp on public.indicators
  for each row when (old.tlp is distinct from new.tlp) execute function private.graph_count_indicator_tlp();

insert into private.graph_indicator_counts (target_ref, type, tlp, n)
select l.target_ref, i.type, greatest(l.tlp, i.tlp), count(*)
  from public.relationships l join public.indicators i on i.stix_id = l.source_ref
 where l.relationship_type = 'indicates' and not l.revoked and starts_with(l.source_ref, 'indicator--')
   and greatest(l.tlp, i.tlp) <> 'red'
 group by 1, 2, 3;

-- The caller's count of one object's indicators by type, from the counts: the TLPs up to their
-- clearance. Null for a caller cleared for RED (the graph then counts row by row, each RED row in
-- its own audience). The graph calls it only for a root the caller reads.
create function private.graph_indicator_count(_target text) returns jsonb
language sql stable security definer set search_path = '' as $$
  select case when (select private.caller_clearance()) = 'red' then null else
    (select coalesce(jsonb_object_agg(t.type, t.n), '{}')
       from (select c.type::text as type, sum(c.n)::bigint as n from private.graph_indicator_counts c
              where c.target_ref = _target and c.tlp <= (select private.caller_clearance()) and c.n > 0
              group by c.type) t) end
$$;
comment on function private.graph_indicator_count(text) is
  'How many indicators of each type indicate an object, counting the TLPs up to the caller''s clearance; null for a caller cleared for RED (counted row by row instead).';
revoke all on function private.graph_indicator_count(text) from public, anon;
grant execute on function private.graph_indicator_count(text) to authenticated, service_role;
