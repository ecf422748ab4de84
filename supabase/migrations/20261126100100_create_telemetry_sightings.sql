-- Network telemetry meets intelligence: sensors and their event volume, and sightings keyed by
-- (indicator, sensor) so a million matching events make one row per pair with counts and dates.
-- Events themselves are not kept (a sensor's own log store holds them); what matched is.

create table public.sensors (
  name text primary key check (char_length(name) between 1 and 200),
  kind text not null default 'suricata' check (kind in ('suricata', 'zeek', 'other')),
  first_event_at timestamptz,
  last_event_at timestamptz,
  events bigint not null default 0 check (events >= 0),
  matched_events bigint not null default 0 check (matched_events >= 0),
  last_import_at timestamptz,
  created_at timestamptz not null default now()
);
comment on table public.sensors is 'Network sensors that sent telemetry (Suricata EVE, Zeek), with totals and their last event.';
comment on column public.sensors.name is 'The sensor''s own name (EVE host / sensor-name), or the one given at import.';
comment on column public.sensors.matched_events is 'Events that contained at least one known indicator.';

create table public.telemetry_volume (
  sensor text not null references public.sensors (name) on delete cascade,
  bucket timestamptz not null check (date_trunc('hour', bucket) = bucket),
  event_type text not null check (char_length(event_type) between 1 and 40),
  events bigint not null default 0 check (events >= 0),
  matched bigint not null default 0 check (matched >= 0),
  primary key (sensor, bucket, event_type)
);
create index telemetry_volume_bucket_idx on public.telemetry_volume (bucket desc);
comment on table public.telemetry_volume is 'Events per sensor, hour (UTC) and event type, and how many matched intelligence: the Network Monitoring chart.';

-- Sightings from telemetry point at their indicator and sensor directly (the STIX refs stay for export).
alter table public.sightings
  add column indicator_id bigint references public.indicators (id) on delete cascade,
  add column sensor text references public.sensors (name) on delete cascade,
  add column last_event jsonb check (last_event is null or (jsonb_typeof(last_event) = 'object' and pg_column_size(last_event) <= 16384));
create unique index sightings_indicator_sensor_key on public.sightings (indicator_id, sensor)
  where indicator_id is not null and sensor is not null;
create index sightings_sensor_last_seen_idx on public.sightings (sensor, last_seen desc) where sensor is not null;
comment on column public.sightings.indicator_id is 'The indicator seen (telemetry sightings).';
comment on column public.sightings.sensor is 'The sensor that saw it (telemetry sightings).';
comment on column public.sightings.last_event is 'The latest matching event''s summary (event type, addresses, signature, user agent): stored raw, rendered inert.';

alter table public.sensors enable row level security;
alter table public.telemetry_volume enable row level security;
grant select on public.sensors, public.telemetry_volume to authenticated;
grant all on public.sensors, public.telemetry_volume to service_role;
create policy "Signed-in users read sensors" on public.sensors for select to authenticated using (true);
create policy "Signed-in users read telemetry volume" on public.telemetry_volume for select to authenticated using (true);

-- The STIX identity a sensor is, for where_sighted_refs (deterministic, like indicator ids).
create function private.sensor_identity(_sensor text) returns text
language sql immutable set search_path = '' as $$
  select 'identity--' || extensions.uuid_generate_v5('00abedb4-aa42-466c-9c01-fed23315a9b7'::uuid,
    '{"identity_class":"system","name":"' || replace(replace(_sensor, '\', '\\'), '"', '\"') || '"}')::text
$$;
revoke all on function private.sensor_identity(text) from public, anon;
grant execute on function private.sensor_identity(text) to authenticated, service_role;

-- Matched telemetry, one row per (indicator, sensor), folded into sightings; each new or grown
-- sighting whose indicator passes the rule raises or updates the indicator's alert. Called by the
-- telemetry importer once per batch with the batch's matches already aggregated.
create function private.record_telemetry_sightings(_matches jsonb)
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
    ), upserted as (
      insert into public.sightings as s
        (stix_id, sighting_of_ref, where_sighted_refs, first_seen, last_seen, count, created, modified,
         tlp, stix, indicator_id, sensor, last_event)
      select 'sighting--' || extensions.uuid_generate_v5('00abedb4-aa42-466c-9c01-fed23315a9b7'::uuid,
               i.stix_id || '|' || m.sensor)::text,
             i.stix_id, array[private.sensor_identity(m.sensor)], m.first_seen, m.last_seen, m.count, now(), now(),
             i.tlp, '{}'::jsonb, i.id, m.sensor, m.last_event
        from m join public.indicators i on i.id = m.indicator_id
      on conflict (indicator_id, sensor) where indicator_id is not null and sensor is not null
      do update set count = least(s.count::bigint + excluded.count, 999999999)::integer,
                    first_seen = least(s.first_seen, excluded.first_seen),
                    last_seen = greatest(s.last_seen, excluded.last_seen),
                    last_event = excluded.last_event,
                    -- The indicator's TLP now: re-marked RED, what this batch records leaves analysts' reach.
                    tlp = excluded.tlp,
                    modified = now()
      returning s.stix_id, s.indicator_id, s.sensor, s.count, s.first_seen, s.last_seen, s.last_event,
                (s.xmax = 0) as is_new
    )
    select u.*, m.count as new_hits, i.value, i.type, i.tlp, i.confidence, i.revoked
      from upserted u join m on m.indicator_id = u.indicator_id and m.sensor = u.sensor
      join public.indicators i on i.id = u.indicator_id
  loop
    if hit.is_new then created := created + 1; else grown := grown + 1; end if;
    if hit.revoked or not private.rule_allows(rule, hit.tlp, hit.confidence) then
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
  'Folds aggregated telemetry matches [{indicator_id, sensor, count, first_seen, last_seen, last_event}] into sightings and raises the telemetry-indicator alerts the rule allows; answers how many sightings it created and grew, and how many alerts it raised or updated.';
revoke all on function private.record_telemetry_sightings(jsonb) from public, anon, authenticated;
grant execute on function private.record_telemetry_sightings(jsonb) to service_role;

-- Saved hunts: a named list of values an analyst can run again.
create table public.hunts (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 200),
  query text not null check (char_length(query) <= 10485760),
  value_count integer not null default 0 check (value_count between 0 and 100000),
  last_run_at timestamptz,
  last_matched integer check (last_matched >= 0),
  created_by uuid not null default auth.uid() references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index hunts_created_by_idx on public.hunts (created_by, updated_at desc);
comment on table public.hunts is 'Saved hunts: the pasted values as written (defanged, commented), re-runnable over indicators and sightings.';
comment on column public.hunts.query is 'The text as pasted, up to 10 MB; parsed again on each run.';

create trigger hunts_touch_updated_at before update on public.hunts
  for each row execute function private.touch_updated_at();

alter table public.hunts enable row level security;
grant select, insert, update, delete on public.hunts to authenticated;
grant all on public.hunts to service_role;
create policy "Signed-in users read saved hunts" on public.hunts for select to authenticated using (true);
create policy "Analysts save their own hunts" on public.hunts for insert to authenticated
  with check (created_by = (select auth.uid()));
create policy "Analysts update their own hunts" on public.hunts for update to authenticated
  using (created_by = (select auth.uid())) with check (created_by = (select auth.uid()));
create policy "Analysts delete their own hunts, admins any" on public.hunts for delete to authenticated
  using (created_by = (select auth.uid()) or (select private.admin_mfa_verified()));

-- The hunt: values checked against the knowledge base in one set-based join on the (value, type)
-- index, as the caller (RLS decides which indicators exist for them). Answers the matches only,
-- with the position of each in the input; what is not answered did not match.
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
  sensors text[]
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
      coalesce(ctx.malware[1:5], '{}'), coalesce(ctx.sources[1:10], '{}'), coalesce(sg.total, 0), coalesce(sg.sensors[1:5], '{}')
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
    order by q.ordinal;
end
$$;
comment on function public.hunt_indicators(public.indicator_type[], text[]) is
  'Threat hunting: canonical (type, value) pairs, up to 100,000, checked in one join; answers each match with its input position, sources, malware, sightings and sensors. RLS applies.';
revoke all on function public.hunt_indicators(public.indicator_type[], text[]) from public, anon;
grant execute on function public.hunt_indicators(public.indicator_type[], text[]) to authenticated, service_role;
