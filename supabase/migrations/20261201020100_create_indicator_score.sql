-- Indicator lifecycle, part 2: a score (0-100) for every indicator, computed when it is read (no
-- nightly job rewriting millions of rows), and the state it puts the indicator in.
--
--   score = confidence x reliability x 0.5^(age / half-life) x 0.5^(false-positive sightings)
--
--   * confidence: the indicator's (the newest report's), 50 when no report gave one;
--   * reliability: the best Admiralty grade among the sources reporting it that the reader may see
--     (A 1.0, B 0.9, C 0.75, D 0.6, E 0.4, F "cannot be judged" 0.6, none 0.6);
--   * age: since the newest of the latest report (last_seen; else first_seen, valid_from, or when it
--     entered the knowledge base) and our own newest alerting sighting. A sighting that raised no
--     alert (the indicator was already decayed, revoked, ...) refreshes nothing: a stale value seen
--     in traffic every day must not bring itself back to life;
--   * half-life and lifetime: the type's decay rule (past the lifetime the score is 0);
--   * revoked, or past valid_until: 0.
-- States: revoked, expired (valid_until past), decayed (score under the rule's decayed_below), active.

create type public.indicator_lifecycle_state as enum ('active', 'decayed', 'expired', 'revoked');
comment on type public.indicator_lifecycle_state is
  'Whether an indicator is still worth acting on: active; decayed (score under its type''s threshold); expired (valid_until past); revoked.';

-- Why a telemetry sighting raised no alert, and feedback that it was a false positive. The reason is
-- free words so that every suppressing rule (lifecycle, detection thresholds, warninglists) can say
-- its own; false_positive is the input the score already honours (the triage workflow sets it later).
alter table public.sightings
  add column suppressed_reason text check (char_length(suppressed_reason) between 1 and 200),
  add column false_positive boolean not null default false;
comment on column public.sightings.suppressed_reason is
  'Why the latest hits of this sighting raised no alert (revoked, expired, decayed, confidence below the rule, marking above the rule, rule switched off, a warninglist...); null when they alerted.';
comment on column public.sightings.false_positive is 'Judged a false positive by an analyst: each one halves the indicator''s score.';

-- The formula's pure parts are SQL without a search_path of their own (they read no table) so that
-- the planner inlines them into the query that scores a row; the per-row functions are PL/pgSQL,
-- whose plans are cached per session (a SQL function that cannot be inlined is planned again on
-- every call: 1 ms a row, a minute to sort 60,000 indicators).
create function private.reliability_weight(_reliability public.source_reliability) returns numeric
language sql immutable parallel safe as $$
  select case _reliability
    when 'A' then 1.0 when 'B' then 0.9 when 'C' then 0.75 when 'D' then 0.6 when 'E' then 0.4 else 0.6 end
$$;
comment on function private.reliability_weight(public.source_reliability) is
  'Weight of an Admiralty grade in the score: A 1.0, B 0.9, C 0.75, D 0.6, E 0.4; F (cannot be judged) and unknown 0.6.';
revoke all on function private.reliability_weight(public.source_reliability) from public, anon;
grant execute on function private.reliability_weight(public.source_reliability) to authenticated, service_role;

-- The formula alone, on its inputs, so that tests and a future order-preserving key share it.
create function private.decayed_score(
  _confidence integer, _reliability numeric, _refreshed_at timestamptz, _at timestamptz,
  _half_life_days integer, _lifetime_days integer, _false_positives integer
) returns integer
language sql immutable parallel safe as $$
  select case
    when _at - _refreshed_at >= make_interval(days => _lifetime_days) then 0
    else least(100, greatest(0, round(
      coalesce(_confidence, 50) * _reliability
      * power(0.5, greatest(0, extract(epoch from _at - _refreshed_at)) / (_half_life_days * 86400.0))
      * power(0.5, coalesce(_false_positives, 0)))))::integer
  end
$$;
comment on function private.decayed_score(integer, numeric, timestamptz, timestamptz, integer, integer, integer) is
  'The score formula: confidence (50 when unknown) x reliability weight, halved every half-life since _refreshed_at and per false positive; 0 past the lifetime.';
revoke all on function private.decayed_score(integer, numeric, timestamptz, timestamptz, integer, integer, integer) from public, anon;
grant execute on function private.decayed_score(integer, numeric, timestamptz, timestamptz, integer, integer, integer) to authenticated, service_role;

-- The REST contract: `indicators?select=id,score,lifecycle_state&order=score.desc&score=gte.60`
-- (PostgREST computed fields: a function of one table row, called with attribute notation).
-- The score of one indicator now, as the caller sees it (security invoker: a TLP:RED report or
-- sighting only counts for those who may read it). One query, two indexed lookups: the best source
-- among its reports (indicator_sources' primary key) and its telemetry sightings ((indicator_id, sensor)).
-- The argument is unnamed so that the API offers it as a column only, not also as an RPC.
create function public.score(public.indicators) returns integer
language plpgsql stable set search_path = '' as $$
declare
  _indicator alias for $1;
begin
  if _indicator.revoked or _indicator.valid_until <= now() then
    return 0;
  end if;
  return (
    select private.decayed_score(_indicator.confidence, coalesce(reported.weight, 0.6),
             greatest(coalesce(_indicator.last_seen, _indicator.first_seen, _indicator.valid_from, _indicator.created_at),
                      seen.last_alerting),
             now(),
             coalesce(r.half_life_days, (private.default_decay_rule(_indicator.type)).half_life_days),
             coalesce(r.lifetime_days, (private.default_decay_rule(_indicator.type)).lifetime_days),
             seen.false_positives)
      from (select max(private.reliability_weight(s.reliability)) as weight
              from public.indicator_sources x join public.sources s on s.id = x.source_id
             where x.indicator_id = _indicator.id) reported
     cross join (select max(g.last_seen) filter (where g.suppressed_reason is null and not g.false_positive) as last_alerting,
                        (count(*) filter (where g.false_positive))::integer as false_positives
                   from public.sightings g
                  where g.indicator_id = _indicator.id and g.sensor is not null) seen
      left join public.decay_rules r on r.indicator_type = _indicator.type);
end
$$;
comment on function public.score(public.indicators) is
  'Computed field of indicators: the score 0-100 now (confidence, best source reliability, decay by type since the newest report or alerting sighting, false positives; 0 when revoked or expired).';
revoke all on function public.score(public.indicators) from public, anon;
grant execute on function public.score(public.indicators) to authenticated, service_role;

create function private.indicator_lifecycle(_indicator public.indicators,
  out score integer, out state public.indicator_lifecycle_state)
language plpgsql stable set search_path = '' as $$
begin
  score := public.score(_indicator);
  state := case
    when _indicator.revoked then 'revoked'
    when _indicator.valid_until <= now() then 'expired'
    when score < coalesce((select r.decayed_below from public.decay_rules r where r.indicator_type = _indicator.type),
                          (private.default_decay_rule(_indicator.type)).decayed_below) then 'decayed'
    else 'active' end;
end
$$;
comment on function private.indicator_lifecycle(public.indicators) is
  'Score (0-100) and state (active, decayed, expired, revoked) of an indicator now, from what the caller may read.';
revoke all on function private.indicator_lifecycle(public.indicators) from public, anon;
grant execute on function private.indicator_lifecycle(public.indicators) to authenticated, service_role;

create function public.lifecycle_state(public.indicators) returns public.indicator_lifecycle_state
language plpgsql stable set search_path = '' as $$
begin
  return (private.indicator_lifecycle($1)).state;
end
$$;
comment on function public.lifecycle_state(public.indicators) is
  'Computed field of indicators: active, decayed (score under its type''s threshold), expired (valid_until past) or revoked.';
revoke all on function public.lifecycle_state(public.indicators) from public, anon;
grant execute on function public.lifecycle_state(public.indicators) to authenticated, service_role;
