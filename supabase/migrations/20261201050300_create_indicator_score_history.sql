-- Indicator lifecycle, part 6: the score over time, for the decay chart in the indicator's drawer.
-- The score keeps no history (it is computed when read), so the curve is recomputed from what moved
-- it: each source's first and latest report (the best reliability among the sources reporting by
-- then), our sensors' sightings (an alerting one refreshes it to 80 % of a report, a false positive
-- halves it from then on), valid_until and revocation, under the type's decay rule as it is now.
-- The curve runs from the first report to a little past the day the score falls under the decayed
-- threshold (never past the lifetime), so the analyst also sees when the value will decay if
-- nothing new arrives.
--
-- Rows: kind 'point' for the curve (about 60 samples, plus one just before and one at each event so
-- that jumps are drawn as jumps), and one row per event (report, sighting, false_positive,
-- valid_until, revoked, now) with the score at that moment and a label. Security invoker: reports
-- and sightings the caller may not read neither show nor count.

create function public.indicator_score_history(_indicator_id bigint)
returns table (at timestamptz, score integer, kind text, label text)
language plpgsql stable security invoker set search_path = '' as $$
#variable_conflict use_column
declare
  _i public.indicators;
  _rule public.decay_rules;
begin
  select * into _i from public.indicators i where i.id = _indicator_id;
  if not found then
    raise exception 'No indicator %.', _indicator_id using errcode = '22023';
  end if;
  select r.* into _rule from public.decay_rules r where r.indicator_type = _i.type;
  if not found then
    _rule := private.default_decay_rule(_i.type);
  end if;

  return query
  with reported as (
    select coalesce(x.first_seen, x.last_seen, x.created_at) as at, 'report' as kind,
           format('First report by %s (reliability %s)', s.name, coalesce(s.reliability::text, 'unknown')) as label,
           private.reliability_weight(s.reliability) as weight, true as refreshes, false as halves
      from public.indicator_sources x join public.sources s on s.id = x.source_id
     where x.indicator_id = _i.id
    union all
    select x.last_seen, 'report', format('Latest report by %s', s.name),
           private.reliability_weight(s.reliability), true, false
      from public.indicator_sources x join public.sources s on s.id = x.source_id
     where x.indicator_id = _i.id and x.last_seen is not null and x.last_seen > coalesce(x.first_seen, x.last_seen)
  ), events as (
    select * from reported where at is not null
    -- An indicator no visible source reported (analyst-made, or the reader may not see the reports).
    union all
    select coalesce(_i.last_seen, _i.first_seen, _i.valid_from, _i.created_at), 'report', 'Entered the knowledge base',
           0.6, true, false
     where not exists (select 1 from reported where at is not null)
    union all
    select g.last_seen, case when g.false_positive then 'false_positive' else 'sighting' end,
           case when g.false_positive then format('Seen by %s, judged a false positive', g.sensor)
                when g.suppressed_reason is not null then format('Seen by %s, no alert (%s)', g.sensor, g.suppressed_reason)
                else format('Seen by %s (%s events)', g.sensor, g.count) end,
           null, g.suppressed_reason is null and not g.false_positive, g.false_positive
      from public.sightings g
     where g.indicator_id = _i.id and g.sensor is not null and g.last_seen is not null
  ), span as (
    -- To a little past the day the score falls under the decayed threshold with nothing new (a
    -- quarter of the span again), so that the past stays readable; never past the day it reaches 0.
    select s.start, e.finish, greatest((e.finish - s.start) / 60, interval '1 hour') as step
      from (select least(min(at), now()) as start,
                   max(at) filter (where refreshes) as refreshed,
                   coalesce(_i.confidence, 50) * coalesce(max(weight), 0.6)
                     * power(0.5, count(*) filter (where halves)) as base
              from events) s
     cross join lateral (select greatest(now(), s.refreshed + make_interval(
                                  secs => _rule.half_life_days * 86400.0
                                          * greatest(0, log(2, greatest(s.base, 0.001) / greatest(_rule.decayed_below, 1))))) as decays) d
     cross join lateral (select case when _i.revoked or _i.valid_until <= now() then now()
                                     else greatest(now(), least(s.refreshed + make_interval(days => _rule.lifetime_days),
                                                                d.decays + (d.decays - s.start) / 4)) end
                           as finish) e
  ), moments as (
    select g as at, 'point' as kind, null::text as label from span, generate_series(span.start, span.finish, span.step) g
    union all select span.finish, 'point', null from span
    union all select e.at - interval '1 second', 'point', null from events e, span where e.at > span.start
    union all select e.at, 'point', null from events e
    union all select e.at, e.kind, e.label from events e
    union all select _i.valid_until, 'valid_until', 'Valid until' from span
     where _i.valid_until between span.start and span.finish
    union all select _i.valid_until, 'point', null from span where _i.valid_until between span.start and span.finish
    union all select coalesce(_i.revoked_at, now()), 'revoked', coalesce('Revoked: ' || _i.revocation_reason, 'Revoked')
     where _i.revoked
    union all select now(), 'now', 'Now'
  )
  select m.at,
         case when _i.revoked and m.at >= coalesce(_i.revoked_at, now()) then 0
              when _i.valid_until is not null and m.at >= _i.valid_until then 0
              else private.decayed_score(_i.confidence, st.weight, st.refreshed, m.at,
                     _rule.half_life_days, _rule.lifetime_days, st.false_positives) end,
         m.kind, m.label
    from moments m
    cross join lateral (
      select coalesce(max(e.weight), 0.6) as weight,
             -- A sighting refreshes to 80 % of a report (private.sighting_refresh_lag).
             max(case when e.kind = 'report' then e.at else e.at - private.sighting_refresh_lag(_rule.half_life_days) end)
               filter (where e.refreshes) as refreshed,
             (count(*) filter (where e.halves))::integer as false_positives
        from events e where e.at <= m.at) st
   where st.refreshed is not null
   order by m.at, m.kind = 'point' desc;
end
$$;
comment on function public.indicator_score_history(bigint) is
  'The score of an indicator over time, for its decay chart: kind point (the curve, first report to a little past the day it decays) and one row per event (report, sighting, false_positive, valid_until, revoked, now) with the score then and a label. Recomputed from the reports and sightings the caller may read, under the current decay rule.';
revoke all on function public.indicator_score_history(bigint) from public, anon;
grant execute on function public.indicator_score_history(bigint) to authenticated, service_role;
