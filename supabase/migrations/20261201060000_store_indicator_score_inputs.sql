-- Issue 26 §1: the IOC list filtered and sorted by score at 10M indicators. The score decays with
-- time, so it cannot be stored; but within one indicator type (one half-life h, in seconds)
--
--   log2(score) = [log2(confidence x weight) - false_positives + epoch(t_ref) / h] - epoch(now) / h
--   (t_ref: the newest report, or the newest alerting sighting less its lag of 0.32 h)
--
-- and the bracket is a time-independent, order-preserving key: "score >= s" is "key >= log2(s - 0.5)
-- + epoch(now) / h", a range of an index. The inputs that live in other tables (the best source's
-- weight, the newest alerting sighting, the false positives) are kept on the indicator by the
-- triggers below; the key is an expression index per type (h is a literal in it), rebuilt when an
-- administrator changes that type's half-life. public.score, lifecycle_state and the REST contract
-- are unchanged: the key only finds the candidates, and every row is judged by its exact score.
--
-- RLS: the stored inputs are those of all reports and sightings (the best weight and the newest
-- alerting sighting of all) with the false positives of the non-RED ones, so the key is an upper
-- bound of the score any reader sees, and exact for an indicator without a TLP:RED report or
-- sighting (score_red false), which is nearly all. The key therefore never drops a row a reader
-- would see above a threshold; a row with RED inputs is judged by public.score (the reader's own),
-- any other by the same formula on the stored inputs. A date in the future (the score does not
-- decay before it) only makes the key an upper bound too.

alter table public.indicators
  add column score_weight numeric(3, 2) check (score_weight between 0 and 1),
  add column score_last_alerting timestamptz,
  add column score_false_positives integer not null default 0 check (score_false_positives >= 0),
  add column score_red boolean not null default false;
comment on column public.indicators.score_weight is
  'Score input kept by triggers: the best reliability weight among all sources reporting it; null when that is the default 0.6 (no source, D or F).';
comment on column public.indicators.score_last_alerting is
  'Score input kept by triggers: the newest telemetry sighting that raised an alert (not suppressed, not a false positive).';
comment on column public.indicators.score_false_positives is
  'Score input kept by triggers: telemetry sightings judged false positives (not TLP:RED ones).';
comment on column public.indicators.score_red is
  'A TLP:RED report or telemetry sighting counts in its score for some readers only: the stored inputs are an upper bound, public.score is exact.';

-- The key of a type with this half-life, as SQL over the row (alias prefix, e.g. 'i.'); index and
-- queries share the text so the planner matches them. float8 throughout: the key only finds
-- candidates, exact scores are computed with the formula (private.score_from). An alerting sighting
-- counts private.sighting_refresh_lag(h) behind a report, as in the formula.
create function private.score_key_sql(_alias text, _half_life_days integer) returns text
language plpgsql immutable set search_path = '' as $$
begin
  -- Seconds since 2000 (timestamptz minus interval is not immutable, a difference of two is).
  return format('(ln(greatest(coalesce(%1$sconfidence, 50)::float8 * coalesce(%1$sscore_weight, 0.6)::float8, 1e-6)) / ln(2::float8)'
    ' - %1$sscore_false_positives + greatest('
    'extract(epoch from coalesce(%1$slast_seen, %1$sfirst_seen, %1$svalid_from, %1$screated_at) - ''2000-01-01 00:00:00+00''::timestamptz)::float8,'
    ' extract(epoch from %1$sscore_last_alerting - ''2000-01-01 00:00:00+00''::timestamptz)::float8 - %3$s) / %2$s)',
    _alias, _half_life_days::bigint * 86400, extract(epoch from private.sighting_refresh_lag(_half_life_days)));
end
$$;
comment on function private.score_key_sql(text, integer) is
  'SQL text of the score key under a half-life: log2(confidence x weight) - false positives + seconds since 2000 / half-life; the per-type index and the IOC queries share it.';
revoke all on function private.score_key_sql(text, integer) from public, anon;
grant execute on function private.score_key_sql(text, integer) to authenticated, service_role;

-- One partial index per type, named after its half-life; an older one of the type is dropped after
-- the new one is built (the build blocks writes to indicators, not reads).
create function private.sync_score_key_index(_type public.indicator_type) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  h integer := coalesce((select r.half_life_days from public.decay_rules r where r.indicator_type = _type),
                        (private.default_decay_rule(_type)).half_life_days);
  stem text := 'indicators_score_key_' || replace(_type::text, '-', '_') || '_h';
  old text;
begin
  if not exists (select 1 from pg_catalog.pg_indexes x where x.schemaname = 'public' and x.indexname = stem || h) then
    execute format('create index %I on public.indicators (%s) where type = %L and not revoked',
      stem || h, private.score_key_sql('', h), _type);
  end if;
  for old in select x.indexname from pg_catalog.pg_indexes x
              where x.schemaname = 'public' and x.tablename = 'indicators' and starts_with(x.indexname, stem)
                and substr(x.indexname, char_length(stem) + 1) ~ '^[0-9]+$' and x.indexname <> stem || h loop
    execute format('drop index public.%I', old);
  end loop;
end
$$;
comment on function private.sync_score_key_index(public.indicator_type) is
  'Builds the score key index of a type under its current half-life (indicators_score_key_<type>_h<days>) and drops the type''s older one.';
revoke all on function private.sync_score_key_index(public.indicator_type) from public, anon, authenticated;

create function private.resync_score_key_index() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.sync_score_key_index(case when tg_op = 'DELETE' then old.indicator_type else new.indicator_type end);
  return null;
end
$$;
comment on function private.resync_score_key_index() is 'Trigger: a decay rule added, removed or given a new half-life rebuilds its type''s score key index.';
revoke all on function private.resync_score_key_index() from public, anon, authenticated;
create trigger decay_rules_resync_score_key after update of half_life_days on public.decay_rules
  for each row when (old.half_life_days is distinct from new.half_life_days) execute function private.resync_score_key_index();
create trigger decay_rules_sync_score_key after insert or delete on public.decay_rules
  for each row execute function private.resync_score_key_index();

-- The stored inputs of these indicators recomputed from their reports and sightings; rows that did
-- not change are not written.
create function private.refresh_score_inputs(_ids bigint[]) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  update public.indicators i
     set score_weight = c.weight, score_last_alerting = c.last_alerting, score_false_positives = c.false_positives,
         score_red = c.red
    from (select x.id, nullif(rep.weight, 0.6) as weight, seen.last_alerting, seen.false_positives,
                 coalesce(rep.red, false) or seen.red as red
            from (select distinct unnest(_ids) as id) x
           cross join lateral (select max(private.reliability_weight(s.reliability)) as weight, bool_or(p.tlp = 'red') as red
                                 from public.indicator_sources p join public.sources s on s.id = p.source_id
                                where p.indicator_id = x.id) rep
           cross join lateral (select max(g.last_seen) filter (where g.suppressed_reason is null and not g.false_positive) as last_alerting,
                                      (count(*) filter (where g.false_positive and g.tlp <> 'red'))::integer as false_positives,
                                      coalesce(bool_or(g.tlp = 'red'), false) as red
                                 from public.sightings g
                                where g.indicator_id = x.id and g.sensor is not null) seen) c
   where i.id = c.id
     and (i.score_weight, i.score_last_alerting, i.score_false_positives, i.score_red)
         is distinct from (c.weight, c.last_alerting, c.false_positives, c.red);
end
$$;
comment on function private.refresh_score_inputs(bigint[]) is
  'Recomputes the stored score inputs (score_weight, score_last_alerting, score_false_positives, score_red) of these indicators from their reports and telemetry sightings.';
revoke all on function private.refresh_score_inputs(bigint[]) from public, anon, authenticated;

-- New reports (the importer's bulk path): only a better weight or a RED report changes anything,
-- compared with what the indicator holds (the importer writes a new indicator's weight with it, so
-- a feed's new indicators are not written twice). An E report on an indicator holding the default
-- is the one ambiguous case (no source yet, or a D/F one): recomputed.
create function private.score_inputs_after_reports_added() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.indicators i
     set score_weight = nullif(greatest(coalesce(i.score_weight, 0.6), n.weight), 0.6), score_red = i.score_red or n.red
    from (select a.indicator_id, max(private.reliability_weight(s.reliability)) as weight, bool_or(a.tlp = 'red') as red
            from added a join public.sources s on s.id = a.source_id
           group by a.indicator_id) n
   where i.id = n.indicator_id
     and (n.weight >= 0.6 or i.score_weight is not null)
     and (nullif(greatest(coalesce(i.score_weight, 0.6), n.weight), 0.6) is distinct from i.score_weight or (n.red and not i.score_red));
  perform private.refresh_score_inputs(array(
    select a.indicator_id from added a join public.sources s on s.id = a.source_id
      join public.indicators i on i.id = a.indicator_id
     where private.reliability_weight(s.reliability) < 0.6 and i.score_weight is null));
  return null;
end
$$;
comment on function private.score_inputs_after_reports_added() is 'Trigger: new reports raise their indicators'' stored weight or mark a RED input.';
revoke all on function private.score_inputs_after_reports_added() from public, anon, authenticated;
create trigger indicator_sources_score_inputs_added after insert on public.indicator_sources
  referencing new table as added for each statement execute function private.score_inputs_after_reports_added();

create function private.score_inputs_after_reports_changed() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'UPDATE' then
    perform private.refresh_score_inputs(array(
      select n.indicator_id from changed n join previous o on o.indicator_id = n.indicator_id and o.source_id = n.source_id
       where o.tlp is distinct from n.tlp
      union select n.indicator_id from changed n
       where not exists (select 1 from previous o where o.indicator_id = n.indicator_id and o.source_id = n.source_id)
      union select o.indicator_id from previous o
       where not exists (select 1 from changed n where o.indicator_id = n.indicator_id and o.source_id = n.source_id)));
  else
    perform private.refresh_score_inputs(array(select distinct o.indicator_id from previous o));
  end if;
  return null;
end
$$;
comment on function private.score_inputs_after_reports_changed() is 'Trigger: reports removed, moved or re-marked recompute their indicators'' stored score inputs.';
revoke all on function private.score_inputs_after_reports_changed() from public, anon, authenticated;
create trigger indicator_sources_score_inputs_changed after update on public.indicator_sources
  referencing old table as previous new table as changed for each statement execute function private.score_inputs_after_reports_changed();
create trigger indicator_sources_score_inputs_removed after delete on public.indicator_sources
  referencing old table as previous for each statement execute function private.score_inputs_after_reports_changed();

create function private.score_inputs_after_sightings() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    perform private.refresh_score_inputs(array(
      select distinct n.indicator_id from changed n where n.indicator_id is not null and n.sensor is not null));
  elsif tg_op = 'UPDATE' then
    perform private.refresh_score_inputs(array(
      select n.indicator_id from changed n where n.indicator_id is not null
      union select o.indicator_id from previous o where o.indicator_id is not null));
  else
    perform private.refresh_score_inputs(array(
      select distinct o.indicator_id from previous o where o.indicator_id is not null and o.sensor is not null));
  end if;
  return null;
end
$$;
comment on function private.score_inputs_after_sightings() is
  'Trigger: telemetry sightings added, changed (last seen, suppressed, false positive, TLP) or removed recompute their indicators'' stored score inputs.';
revoke all on function private.score_inputs_after_sightings() from public, anon, authenticated;
create trigger sightings_score_inputs_added after insert on public.sightings
  referencing new table as changed for each statement execute function private.score_inputs_after_sightings();
create trigger sightings_score_inputs_changed after update on public.sightings
  referencing old table as previous new table as changed for each statement execute function private.score_inputs_after_sightings();
create trigger sightings_score_inputs_removed after delete on public.sightings
  referencing old table as previous for each statement execute function private.score_inputs_after_sightings();

-- A source regraded: every indicator it reports (rare, an administrator's act; at millions of
-- reports it rewrites as many indicators).
create function private.score_inputs_after_source_regraded() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.refresh_score_inputs(array(select p.indicator_id from public.indicator_sources p where p.source_id = new.id));
  return null;
end
$$;
comment on function private.score_inputs_after_source_regraded() is 'Trigger: a source''s new reliability recomputes the stored score inputs of the indicators it reports.';
revoke all on function private.score_inputs_after_source_regraded() from public, anon, authenticated;
create trigger sources_score_inputs_regraded after update of reliability on public.sources
  for each row when (old.reliability is distinct from new.reliability) execute function private.score_inputs_after_source_regraded();

-- What is already there: only indicators whose inputs differ from the defaults are written.
select private.refresh_score_inputs(array(
  select p.indicator_id from public.indicator_sources p join public.sources s on s.id = p.source_id
   where s.reliability not in ('D', 'F') or p.tlp = 'red'
  union select g.indicator_id from public.sightings g where g.indicator_id is not null and g.sensor is not null));

select private.sync_score_key_index(t) from unnest(enum_range(null::public.indicator_type)) t;
