-- Indicator lifecycle, part 3: expiry is enforced. A telemetry hit on an indicator that is revoked,
-- past valid_until or decayed below its type's threshold is still recorded as a sighting (evidence
-- matters) but raises no alert; the sighting says why (sightings.suppressed_reason), as it now does
-- for the matching rule's own thresholds. The hunt shows such values with their state.

-- Why a telemetry hit on this indicator raises no alert under the rule; null when it may.
-- Judged before the batch's own sightings are folded in, so a decayed value cannot revive itself.
-- Later suppressing rules (warninglists) add their reason here.
create function private.telemetry_suppression(_indicator public.indicators, _rule public.detection_rules)
returns text
language plpgsql stable set search_path = '' as $$
declare
  _state public.indicator_lifecycle_state;
begin
  if not _rule.enabled then
    return 'rule switched off';
  end if;
  _state := (private.indicator_lifecycle(_indicator)).state;
  if _state <> 'active' then
    return _state::text;
  end if;
  if _indicator.tlp > _rule.max_tlp then
    return 'marking above the rule';
  end if;
  if coalesce(_indicator.confidence, 0) < _rule.min_confidence then
    return 'confidence below the rule';
  end if;
  return null;
end
$$;
comment on function private.telemetry_suppression(public.indicators, public.detection_rules) is
  'Why a telemetry hit on an indicator raises no alert (rule switched off, revoked, expired, decayed, marking above the rule, confidence below the rule); null when it may alert.';
revoke all on function private.telemetry_suppression(public.indicators, public.detection_rules) from public, anon, authenticated;
grant execute on function private.telemetry_suppression(public.indicators, public.detection_rules) to service_role;

create or replace function private.record_telemetry_sightings(_matches jsonb)
returns table (inserted integer, updated integer, alerts integer)
language plpgsql volatile security definer set search_path = '' as $$
declare
  rule public.detection_rules;
  hit record;
  raised integer := 0;
  created integer := 0;
  grown integer := 0;
  alert uuid;
begin
  select * into rule from public.detection_rules where key = 'telemetry-indicator';
  for hit in
    with m as (
      select (x ->> 'indicator_id')::bigint as indicator_id, x ->> 'sensor' as sensor,
             (x ->> 'count')::integer as count, (x ->> 'first_seen')::timestamptz as first_seen,
             (x ->> 'last_seen')::timestamptz as last_seen, x -> 'last_event' as last_event
        from jsonb_array_elements(_matches) x
    ), judged as (
      -- Once per (indicator, sensor) of the batch, on the state before this batch: a few indexed
      -- lookups per matched indicator, none per event.
      select m.*, i.stix_id as indicator_stix_id, i.tlp, private.telemetry_suppression(i, rule) as reason
        from m join public.indicators i on i.id = m.indicator_id
    ), upserted as (
      insert into public.sightings as s
        (stix_id, sighting_of_ref, where_sighted_refs, first_seen, last_seen, count, created, modified,
         tlp, stix, indicator_id, sensor, last_event, suppressed_reason)
      select 'sighting--' || extensions.uuid_generate_v5('00abedb4-aa42-466c-9c01-fed23315a9b7'::uuid,
               j.indicator_stix_id || '|' || j.sensor)::text,
             j.indicator_stix_id, array[private.sensor_identity(j.sensor)], j.first_seen, j.last_seen, j.count, now(), now(),
             j.tlp, '{}'::jsonb, j.indicator_id, j.sensor, j.last_event, j.reason
        from judged j
      on conflict (indicator_id, sensor) where indicator_id is not null and sensor is not null
      do update set count = least(s.count::bigint + excluded.count, 999999999)::integer,
                    first_seen = least(s.first_seen, excluded.first_seen),
                    last_seen = greatest(s.last_seen, excluded.last_seen),
                    last_event = excluded.last_event,
                    -- The indicator's TLP now: re-marked RED, what this batch records leaves analysts' reach.
                    tlp = excluded.tlp,
                    -- The latest hits' verdict: a sighting that stopped alerting says why.
                    suppressed_reason = excluded.suppressed_reason,
                    modified = now()
      returning s.stix_id, s.indicator_id, s.sensor, s.count, s.first_seen, s.last_seen, s.last_event,
                s.suppressed_reason, (s.xmax = 0) as is_new
    )
    select u.*, m.count as new_hits, i.value, i.type, i.tlp, i.confidence
      from upserted u join m on m.indicator_id = u.indicator_id and m.sensor = u.sensor
      join public.indicators i on i.id = u.indicator_id
  loop
    if hit.is_new then created := created + 1; else grown := grown + 1; end if;
    if hit.suppressed_reason is not null then
      continue;
    end if;
    alert := private.raise_alert(
      'telemetry-indicator', 'indicator:' || hit.indicator_id,
      format('%s %s seen by %s', initcap(hit.type::text), hit.value, hit.sensor),
      format('Sensor %s saw %s %s known to intelligence (confidence %s, TLP:%s) in %s event(s) between %s and %s.',
             hit.sensor, hit.type, hit.value, coalesce(hit.confidence::text, 'unknown'), upper(hit.tlp::text),
             hit.new_hits, hit.first_seen, hit.last_seen),
      jsonb_build_object('indicator_id', hit.indicator_id, 'type', hit.type, 'value', hit.value,
                         'sensor', hit.sensor, 'sighting', hit.stix_id, 'events', hit.new_hits,
                         'sighting_count', hit.count, 'first_seen', hit.first_seen, 'last_seen', hit.last_seen,
                         'confidence', hit.confidence, 'tlp', hit.tlp, 'event', hit.last_event),
      hit.new_hits, hit.indicator_id, null, hit.stix_id);
    if alert is not null then
      raised := raised + 1;
    end if;
  end loop;
  return query select created, grown, raised;
end
$$;
comment on function private.record_telemetry_sightings(jsonb) is
  'Folds aggregated telemetry matches [{indicator_id, sensor, count, first_seen, last_seen, last_event}] into sightings and raises the telemetry-indicator alerts the rule and the indicators'' lifecycle allow (a suppressed sighting records why in suppressed_reason); answers how many sightings it created and grew, and how many alerts it raised or updated.';

-- The hunt answers each match's score and state too: a hunt may find an expired value, and says so.
drop function public.hunt_indicators(public.indicator_type[], text[]);
create function public.hunt_indicators(_types public.indicator_type[], _values text[])
returns table (
  ordinal integer,
  id bigint,
  type public.indicator_type,
  value text,
  confidence smallint,
  tlp public.tlp_level,
  first_seen timestamptz,
  last_seen timestamptz,
  revoked boolean,
  malware text[],
  sources text[],
  sightings bigint,
  sensors text[],
  score integer,
  lifecycle_state public.indicator_lifecycle_state
)
language plpgsql stable security invoker set search_path = ''
-- A hunt is point lookups: with thousands of values the planner prices a hash join over a scan of
-- every indicator (0.5 s at 1M, seconds at 10M) below thousands of index probes (70 ms warm).
set enable_hashjoin = off set enable_mergejoin = off as $$
begin
  if cardinality(_types) is distinct from cardinality(_values) then
    raise exception 'Types and values must pair up (% types, % values).', cardinality(_types), cardinality(_values)
      using errcode = '22023';
  end if;
  if cardinality(_values) > 100000 then
    raise exception 'A hunt checks at most 100,000 values at once (% given).', cardinality(_values)
      using errcode = '22023';
  end if;
  return query
    select q.ordinal::integer, i.id, i.type, i.value, i.confidence, i.tlp, i.first_seen, i.last_seen, i.revoked,
      coalesce(ctx.malware[1:5], '{}'), coalesce(ctx.sources[1:10], '{}'), coalesce(sg.total, 0), coalesce(sg.sensors[1:5], '{}'),
      lc.score, lc.state
    from unnest(_types, _values) with ordinality as q(type, value, ordinal)
    join public.indicators i on i.value = q.value collate "C" and i.type = q.type
    -- One pass over each match's sources gives both lists; one over its sightings both figures.
    left join lateral (
      select array_agg(distinct src.name order by src.name) as sources,
             array_agg(distinct mw order by mw) filter (where mw is not null) as malware
        from public.indicator_sources s
        join public.sources src on src.id = s.source_id
        left join lateral unnest(s.malware) mw on true
       where s.indicator_id = i.id) ctx on true
    left join lateral (
      select sum(g.count)::bigint as total, array_agg(g.sensor order by g.last_seen desc) as sensors
        from public.sightings g
       where g.indicator_id = i.id and g.sensor is not null) sg on true
    cross join lateral private.indicator_lifecycle(i) lc
    order by q.ordinal;
end
$$;
comment on function public.hunt_indicators(public.indicator_type[], text[]) is
  'Threat hunting: canonical (type, value) pairs, up to 100,000, checked in one join; answers each match with its input position, sources, malware, sightings, sensors, score and lifecycle state (an expired, revoked or decayed value is found and says so). RLS applies.';
revoke all on function public.hunt_indicators(public.indicator_type[], text[]) from public, anon;
grant execute on function public.hunt_indicators(public.indicator_type[], text[]) to authenticated, service_role;

-- An analyst may still raise a hunt hit on an expired, revoked or decayed indicator (the hunt can
-- cover old logs, when it was valid), but the alert says what state the indicator is in now.
create or replace function public.alert_from_hunt(_indicator_id bigint, _hunt text default null, _note text default null)
returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  hit public.indicators;
  rule public.detection_rules;
  state public.indicator_lifecycle_state;
  alert uuid;
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in to raise an alert.' using errcode = '42501';
  end if;
  -- The caller must be able to read the indicator: RED stays with those RLS lets see it.
  select * into hit from public.indicators i
   where i.id = _indicator_id and (i.tlp <> 'red' or private.red_readable_by_caller());
  if not found then
    raise exception 'No such indicator.';
  end if;
  select * into rule from public.detection_rules where key = 'hunt-hit';
  if hit.tlp > rule.max_tlp then
    raise exception 'TLP:% intelligence cannot be raised as an alert: every analyst reads alerts.', upper(hit.tlp::text)
      using errcode = '42501';
  end if;
  state := (private.indicator_lifecycle(hit)).state;
  alert := private.raise_alert(
    'hunt-hit', 'indicator:' || hit.id,
    format('Hunt hit: %s %s', hit.type, hit.value),
    format('Found in %s by an analyst%s.%s', coalesce('the hunt "' || left(_hunt, 200) || '"', 'a hunt'),
           coalesce(': ' || left(_note, 2000), ''),
           case when state <> 'active' then format(' The indicator is %s: detection no longer alerts on it.', state) else '' end),
    jsonb_build_object('indicator_id', hit.id, 'type', hit.type, 'value', hit.value, 'hunt', left(_hunt, 200),
                       'note', left(_note, 2000), 'raised_by', (select auth.uid()), 'confidence', hit.confidence,
                       'tlp', hit.tlp, 'lifecycle_state', state),
    1, hit.id);
  if alert is null then
    raise exception 'The hunt rule is switched off, or this indicator''s alert was closed moments ago.'
      using hint = 'Check the hunt-hit rule in the detection rules.';
  end if;
  return alert;
end
$$;
comment on function public.alert_from_hunt(bigint, text, text) is
  'Raises (or updates) the hunt-hit alert for an indicator the caller can read and whose TLP the rule allows; the alert says when the indicator is expired, revoked or decayed; answers the alert id.';
