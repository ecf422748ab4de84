-- Telemetry is judged once per matched indicator of a batch, not once per indicator and sensor:
-- with the warninglists and exclusion lists in the verdict (about a millisecond an indicator with
-- all 136 lists), a value seen by three sensors was looked up three times. Same verdicts, same
-- sightings and alerts; only the repeats go.

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
    ), verdicts as (
      -- Once per matched indicator of the batch (not per sensor), on the state before this batch:
      -- its lifecycle and its lists are a few index probes each, none per event.
      select i.id, i.stix_id as indicator_stix_id, i.tlp, private.telemetry_suppression(i, rule) as reason
        from public.indicators i
       where i.id in (select distinct m.indicator_id from m)
    ), judged as (
      select m.*, v.indicator_stix_id, v.tlp, v.reason from m join verdicts v on v.id = m.indicator_id
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
  'Folds aggregated telemetry matches [{indicator_id, sensor, count, first_seen, last_seen, last_event}] into sightings and raises the telemetry-indicator alerts the rule, the indicators'' lifecycle and the warninglists and exclusion lists allow (a suppressed sighting records why in suppressed_reason); answers how many sightings it created and grew, and how many alerts it raised or updated.';
