-- An indicator's activity for its drawer: where our sensors saw it and the alerts it raised, with the
-- counts its tab labels show. Each read starts from the indicator as the caller (security invoker), so
-- an indicator RLS hides (TLP:RED for an analyst) answers nothing, and sightings keep their own RLS:
-- a sighting still marked RED after its indicator was lowered stays hidden too.

create function public.indicator_activity(_indicator_id bigint)
returns table (sightings bigint, seen bigint, sensors bigint, alerts bigint, open_alerts bigint)
language sql stable security invoker set search_path = '' as $$
  select g.sightings, g.seen, g.sensors, a.alerts, a.open_alerts
    from public.indicators i
    cross join lateral (
      select count(*) as sightings, coalesce(sum(s.count), 0)::bigint as seen, count(distinct s.sensor) as sensors
        from public.sightings s
       where s.sighting_of_ref = i.stix_id) g
    cross join lateral (
      select count(*) as alerts,
             count(*) filter (where e.status not in ('resolved', 'dismissed')) as open_alerts
        from public.enhanced_security_alerts e
       where e.indicator_id = i.id) a
   where i.id = _indicator_id
$$;
comment on function public.indicator_activity(bigint) is
  'How often one indicator was sighted (sightings, times seen, sensors) and how many alerts (open ones apart) it raised; no row when the caller cannot read the indicator.';
revoke all on function public.indicator_activity(bigint) from public, anon;
grant execute on function public.indicator_activity(bigint) to authenticated, service_role;

create function private.check_activity_limit(_limit integer) returns void
language plpgsql immutable set search_path = '' as $$
begin
  if _limit is null or _limit not between 1 and 200 then
    raise exception 'The list size must be between 1 and 200.' using errcode = '22023';
  end if;
end
$$;
comment on function private.check_activity_limit(integer) is 'Refuses, in words, a list size the activity reads do not answer.';
revoke all on function private.check_activity_limit(integer) from public, anon;
grant execute on function private.check_activity_limit(integer) to authenticated, service_role;

create function public.indicator_sightings(_indicator_id bigint, _limit integer default 50)
returns table (
  stix_id text,
  sensor text,
  where_sighted_refs text[],
  count integer,
  first_seen timestamptz,
  last_seen timestamptz,
  last_event_type text,
  tlp public.tlp_level
)
language plpgsql stable security invoker set search_path = '' as $$
begin
  perform private.check_activity_limit(_limit);
  return query
    select s.stix_id, s.sensor, s.where_sighted_refs, s.count, s.first_seen, s.last_seen,
           s.last_event ->> 'event_type', s.tlp
      from public.indicators i
      join public.sightings s on s.sighting_of_ref = i.stix_id
     where i.id = _indicator_id
     order by s.last_seen desc nulls last, s.stix_id
     limit _limit;
end
$$;
comment on function public.indicator_sightings(bigint, integer) is
  'Where one indicator was seen (a sensor, or the STIX identities of an imported sighting), latest first, at most _limit (1-200) rows; RLS applies to the indicator and to each sighting.';
revoke all on function public.indicator_sightings(bigint, integer) from public, anon;
grant execute on function public.indicator_sightings(bigint, integer) to authenticated, service_role;

create function public.indicator_alerts(_indicator_id bigint, _limit integer default 50)
returns table (
  id uuid,
  title text,
  severity public.alert_severity,
  status public.alert_status,
  category text,
  created_at timestamptz,
  updated_at timestamptz
)
language plpgsql stable security invoker set search_path = '' as $$
begin
  perform private.check_activity_limit(_limit);
  return query
    select e.id, e.title, e.severity, e.status, e.category, e.created_at, e.updated_at
      from public.indicators i
      join public.enhanced_security_alerts e on e.indicator_id = i.id
     where i.id = _indicator_id
     order by e.created_at desc, e.id desc
     limit _limit;
end
$$;
comment on function public.indicator_alerts(bigint, integer) is
  'The alerts one indicator raised, newest first, at most _limit (1-200); none when the caller cannot read the indicator.';
revoke all on function public.indicator_alerts(bigint, integer) from public, anon;
grant execute on function public.indicator_alerts(bigint, integer) to authenticated, service_role;
