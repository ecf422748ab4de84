-- Exports for controls judged at a given time. A served feed (edge function `feeds`) renders with
-- `now` = the start of the current UTC hour, so that one version of a feed (its ETag) always means
-- the same bytes: scores decay and valid_until passes with time alone, without any write.
--
-- The formula keeps one home: private.score_from and private.lifecycle_state_from gain a `_now`
-- argument, and their old forms call the new ones with now(), so every other reader is unchanged.

create function private.score_from(
  _indicator public.indicators, _weight numeric, _last_alerting timestamptz, _false_positives integer,
  _rule public.decay_rules, _now timestamptz
) returns integer
language plpgsql stable set search_path = '' as $$
declare
  _half_life integer;
begin
  if _indicator.revoked or _indicator.valid_until <= _now then
    return 0;
  end if;
  _half_life := coalesce(_rule.half_life_days, (private.default_decay_rule(_indicator.type)).half_life_days);
  return private.decayed_score(_indicator.confidence, coalesce(_weight, 0.6),
           greatest(coalesce(_indicator.last_seen, _indicator.first_seen, _indicator.valid_from, _indicator.created_at),
                    _last_alerting - private.sighting_refresh_lag(_half_life)),
           _now, _half_life,
           coalesce(_rule.lifetime_days, (private.default_decay_rule(_indicator.type)).lifetime_days),
           _false_positives);
end
$$;
comment on function private.score_from(public.indicators, numeric, timestamptz, integer, public.decay_rules, timestamptz) is
  'The score (0-100) of an indicator at _now from its gathered inputs: best source weight (0.6 when none), newest alerting sighting (worth 80 % of a new report), false-positive sightings and its type''s decay rule (null: the default rule); 0 when revoked or past valid_until.';
revoke all on function private.score_from(public.indicators, numeric, timestamptz, integer, public.decay_rules, timestamptz) from public, anon;
grant execute on function private.score_from(public.indicators, numeric, timestamptz, integer, public.decay_rules, timestamptz) to authenticated, service_role;

create or replace function private.score_from(
  _indicator public.indicators, _weight numeric, _last_alerting timestamptz, _false_positives integer,
  _rule public.decay_rules
) returns integer
language plpgsql stable set search_path = '' as $$
begin
  return private.score_from(_indicator, _weight, _last_alerting, _false_positives, _rule, now());
end
$$;

create function private.lifecycle_state_from(_indicator public.indicators, _score integer, _rule public.decay_rules,
  _now timestamptz)
returns public.indicator_lifecycle_state
language plpgsql stable set search_path = '' as $$
begin
  return case
    when _indicator.revoked then 'revoked'
    when _indicator.valid_until <= _now then 'expired'
    when _score < coalesce(_rule.decayed_below, (private.default_decay_rule(_indicator.type)).decayed_below) then 'decayed'
    else 'active' end::public.indicator_lifecycle_state;
end
$$;
comment on function private.lifecycle_state_from(public.indicators, integer, public.decay_rules, timestamptz) is
  'The lifecycle state at _now of an indicator with this score under its type''s decay rule (null: the default rule).';
revoke all on function private.lifecycle_state_from(public.indicators, integer, public.decay_rules, timestamptz) from public, anon;
grant execute on function private.lifecycle_state_from(public.indicators, integer, public.decay_rules, timestamptz) to authenticated, service_role;

create or replace function private.lifecycle_state_from(_indicator public.indicators, _score integer, _rule public.decay_rules)
returns public.indicator_lifecycle_state
language plpgsql stable set search_path = '' as $$
begin
  return private.lifecycle_state_from(_indicator, _score, _rule, now());
end
$$;

-- The score and state at _now, gathering the inputs as public.score does (per row, live).
create function private.indicator_lifecycle(_indicator public.indicators, _now timestamptz,
  out score integer, out state public.indicator_lifecycle_state)
language plpgsql stable set search_path = '' as $$
declare
  _rule public.decay_rules := (select r from public.decay_rules r where r.indicator_type = _indicator.type);
begin
  score := (
    select private.score_from(_indicator, reported.weight, seen.last_alerting, seen.false_positives, _rule, _now)
      from (select max(private.reliability_weight(s.reliability)) as weight
              from public.indicator_sources x join public.sources s on s.id = x.source_id
             where x.indicator_id = _indicator.id) reported
     cross join (select max(g.last_seen) filter (where g.suppressed_reason is null and not g.false_positive) as last_alerting,
                        (count(*) filter (where g.false_positive))::integer as false_positives
                   from public.sightings g
                  where g.indicator_id = _indicator.id and g.sensor is not null) seen);
  state := private.lifecycle_state_from(_indicator, score, _rule, _now);
end
$$;
comment on function private.indicator_lifecycle(public.indicators, timestamptz) is
  'The score and lifecycle state of an indicator as they are at _now (exports for controls rendered for a fixed time).';
revoke all on function private.indicator_lifecycle(public.indicators, timestamptz) from public, anon;
grant execute on function private.indicator_lifecycle(public.indicators, timestamptz) to authenticated, service_role;

drop function private.export_indicators(public.indicator_type, uuid[], public.tlp_level, integer, text, integer);

create function private.export_indicators(
  _type public.indicator_type,
  _source_ids uuid[],
  _max_tlp public.tlp_level,
  _min_score integer,
  _after_value text,
  _page_size integer,
  _now timestamptz default null)
returns table (
  value text,
  verdict text,
  score integer,
  tlp public.tlp_level,
  confidence smallint,
  stix_id text,
  name text,
  description text,
  labels text[],
  valid_from timestamptz,
  modified timestamptz,
  sources text[],
  reference text)
language plpgsql stable parallel unsafe set search_path = '' as $$
declare
  _at timestamptz := coalesce(_now, now());
begin
  return query
  select i.value::text,
         case when lc.state <> 'active' then lc.state::text
              when i.tlp > _max_tlp then 'above-tlp'
              when lc.score < coalesce(_min_score, 0) then 'below-score'
              when private.listed_reason(i.type, i.value) is not null then 'listed'
         end,
         lc.score, i.tlp, i.confidence, i.stix_id::text, i.name, i.description, i.labels, i.valid_from, i.updated_at,
         coalesce(src.names, '{}'), src.reference
    from public.indicators i
    left join public.decay_rules r on r.indicator_type = i.type
   cross join lateral (
     -- The inputs the triggers keep on the row are exact unless a TLP:RED report or sighting counts
     -- (score_red), where they gather live, as the score pages do: no per-row lookups for nearly all.
     select case when i.score_red then (private.indicator_lifecycle(i, _at)).score
                 else private.score_from(i, i.score_weight, i.score_last_alerting, i.score_false_positives, r, _at)
            end as score) sc
   cross join lateral (select sc.score, private.lifecycle_state_from(i, sc.score, r, _at) as state) lc
    left join lateral (
      select array_agg(s.name order by s.name) as names,
             (array_agg(x.reference order by s.name) filter (where x.reference ~ '^https?://'))[1] as reference
        from public.indicator_sources x join public.sources s on s.id = x.source_id
       where x.indicator_id = i.id) src on true
   where i.type = _type
     and i.value > coalesce(_after_value, '')
     and (_source_ids is null
          or (cardinality(_source_ids) = 0
              and not exists (select 1 from public.indicator_sources x where x.indicator_id = i.id))
          or exists (select 1 from public.indicator_sources x
                      where x.indicator_id = i.id and x.source_id = any(_source_ids)))
   order by i.value
   limit greatest(1, least(coalesce(_page_size, 1000), 10000));
end
$$;
comment on function private.export_indicators(public.indicator_type, uuid[], public.tlp_level, integer, text, integer, timestamptz) is
  'A page of one type''s indicators after _after_value (value order) with the verdict for security controls as of _now (null: now()): null (exported), revoked, expired, decayed, above-tlp, below-score or listed (first that applies). _source_ids: null any, empty only indicators without a source, else reported by one of them.';
revoke all on function private.export_indicators(public.indicator_type, uuid[], public.tlp_level, integer, text, integer, timestamptz) from public, anon, authenticated;
grant execute on function private.export_indicators(public.indicator_type, uuid[], public.tlp_level, integer, text, integer, timestamptz) to service_role;
