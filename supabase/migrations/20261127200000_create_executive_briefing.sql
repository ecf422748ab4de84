-- The Executive Briefing's reads: a period summary against the previous period of the same length.
-- Three set-based functions, each run as the caller (security invoker), so RLS decides what is counted:
-- a TLP:RED indicator, relationship, object or CVE the reader may not see is neither counted nor named.
-- Periods are rolling: 'current' is the last _days days up to now, 'previous' the _days days before.

-- "New in the period" means new to us: indicators by the time we stored them. A BRIN index answers the
-- period's range in a few block ranges (rows arrive in created_at order), at almost no cost to imports.
create index indicators_created_at_brin_idx on public.indicators using brin (created_at);

create function private.briefing_periods(_days integer)
returns table (period text, starts timestamptz, ends timestamptz)
language sql stable set search_path = '' as $$
  select p.period, now() - make_interval(days => d * p.n), now() - make_interval(days => d * (p.n - 1))
    from (select least(greatest(coalesce(_days, 30), 1), 366) as d) days
    cross join (values ('current'::text, 1), ('previous', 2)) as p (period, n)
$$;
comment on function private.briefing_periods(integer) is
  'The briefing''s two rolling periods: current (the last _days days, 1-366, up to now) and previous (the _days days before).';
revoke all on function private.briefing_periods(integer) from public, anon;
grant execute on function private.briefing_periods(integer) to authenticated;

-- Alerts raised in each period by severity and (today's) status, every combination present.
create function public.briefing_alerts(_days integer default 30)
returns table (period text, severity public.alert_severity, status public.alert_status, alerts bigint)
language sql stable security invoker set search_path = '' as $$
  with periods as (
    select * from private.briefing_periods(_days)
  ), counted as (
    select p.period, a.severity, a.status, count(*) as n
      from periods p
      join public.enhanced_security_alerts a on a.created_at >= p.starts and a.created_at < p.ends
     group by 1, 2, 3
  )
  select p.period, s.severity, t.status, coalesce(c.n, 0)
    from periods p
    cross join unnest(enum_range(null::public.alert_severity)) as s (severity)
    cross join unnest(enum_range(null::public.alert_status)) as t (status)
    left join counted c on c.period = p.period and c.severity = s.severity and c.status = t.status
   order by p.period, s.severity desc, t.status
$$;
comment on function public.briefing_alerts(integer) is
  'Executive briefing: alerts raised in the last _days days (current) and the _days days before (previous), by severity and current status, every combination present; RLS applies.';
revoke all on function public.briefing_alerts(integer) from public, anon;
grant execute on function public.briefing_alerts(integer) to authenticated;

-- The most active malware families and threat actors. Activity is what reached us through indicators:
-- alerts raised on them, sightings active in the period, and indicators new in the period. An indicator
-- counts for what it indicates, and for the actors (intrusion sets, threat actors) that use that malware.
create function public.briefing_threats(_days integer default 30, _limit integer default 5)
returns table (
  kind text,
  stix_id text,
  type text,
  name text,
  tlp public.tlp_level,
  alerts bigint,
  sightings bigint,
  new_indicators bigint,
  previous_alerts bigint,
  previous_sightings bigint,
  previous_new_indicators bigint
)
language sql stable security invoker set search_path = '' as $$
  with periods as (
    select * from private.briefing_periods(_days)
  ), window_start as (
    select min(starts) as starts from periods
  ), hits as (
    select 'alert' as hit, p.period, i.stix_id as ref, a.id::text as item
      from periods p
      join public.enhanced_security_alerts a on a.created_at >= p.starts and a.created_at < p.ends
      join public.indicators i on i.id = a.indicator_id
    union all
    select 'sighting', p.period, coalesce(i.stix_id, s.sighting_of_ref), s.stix_id
      from window_start w
      join public.sightings s on s.last_seen >= w.starts
      join periods p on s.last_seen >= p.starts and coalesce(s.first_seen, s.last_seen) < p.ends
      left join public.indicators i on i.id = s.indicator_id
    union all
    select 'indicator', p.period, i.stix_id, i.stix_id
      from periods p
      join public.indicators i on i.created_at >= p.starts and i.created_at < p.ends
     where not i.revoked
  ), direct as (
    select h.hit, h.period, h.item, r.target_ref as threat
      from hits h
      join public.relationships r on r.source_ref = h.ref and r.relationship_type = 'indicates'
     where not r.revoked and starts_with(h.ref, 'indicator--')
    union all
    -- A STIX sighting may be of the malware or the actor itself.
    select h.hit, h.period, h.item, h.ref
      from hits h
     where h.ref ~ '^(malware|intrusion-set|threat-actor)--'
  ), direct_counts as (
    select d.threat,
           count(distinct d.item) filter (where d.hit = 'alert' and d.period = 'current') as alerts,
           count(distinct d.item) filter (where d.hit = 'sighting' and d.period = 'current') as sightings,
           count(distinct d.item) filter (where d.hit = 'indicator' and d.period = 'current') as new_indicators,
           count(distinct d.item) filter (where d.hit = 'alert' and d.period = 'previous') as previous_alerts,
           count(distinct d.item) filter (where d.hit = 'sighting' and d.period = 'previous') as previous_sightings,
           count(distinct d.item) filter (where d.hit = 'indicator' and d.period = 'previous') as previous_new_indicators
      from direct d
     group by d.threat
  ), counted as (
    -- An actor adds up the malware it uses: per family, not per indicator, so a family used by dozens
    -- of actors costs dozens of rows, not dozens times its indicators (an indicator of two families
    -- one actor uses counts twice for it).
    select x.threat, sum(x.alerts)::bigint as alerts, sum(x.sightings)::bigint as sightings,
           sum(x.new_indicators)::bigint as new_indicators, sum(x.previous_alerts)::bigint as previous_alerts,
           sum(x.previous_sightings)::bigint as previous_sightings,
           sum(x.previous_new_indicators)::bigint as previous_new_indicators
      from (
        select * from direct_counts
        union all
        select u.source_ref, c.alerts, c.sightings, c.new_indicators, c.previous_alerts, c.previous_sightings,
               c.previous_new_indicators
          from direct_counts c
          -- Distinct pairs: two sources saying the same actor uses the same family count once.
          join (select distinct r.source_ref, r.target_ref
                  from public.relationships r
                 where r.relationship_type = 'uses' and not r.revoked and starts_with(r.target_ref, 'malware--')
                   and (starts_with(r.source_ref, 'intrusion-set--') or starts_with(r.source_ref, 'threat-actor--'))
               ) u on u.target_ref = c.threat
      ) x
     group by x.threat
  ), ranked as (
    select case when o.type = 'malware' then 'malware' else 'actor' end as kind, o.stix_id, o.type, o.name, o.tlp,
           c.alerts, c.sightings, c.new_indicators, c.previous_alerts, c.previous_sightings, c.previous_new_indicators,
           row_number() over (
             partition by o.type = 'malware'
             order by c.alerts desc, c.sightings desc, c.new_indicators desc, o.name, o.stix_id) as rank
      from counted c
      join public.intel_objects o on o.stix_id = c.threat
     where o.type in ('malware', 'intrusion-set', 'threat-actor') and not o.revoked
       and c.alerts + c.sightings + c.new_indicators > 0
  )
  select r.kind, r.stix_id, r.type, r.name, r.tlp, r.alerts, r.sightings, r.new_indicators,
         r.previous_alerts, r.previous_sightings, r.previous_new_indicators
    from ranked r
   where r.rank <= least(greatest(coalesce(_limit, 5), 1), 20)
   order by r.kind desc, r.rank
$$;
comment on function public.briefing_threats(integer, integer) is
  'Executive briefing: the _limit (1-20) most active malware families and threat actors (intrusion sets, threat actors using that malware) by alerts, sightings and new indicators in the last _days days, with the previous period''s figures; RLS applies (RED is neither counted nor named).';
revoke all on function public.briefing_threats(integer, integer) from public, anon;
grant execute on function public.briefing_threats(integer, integer) to authenticated;

-- KEV entries the briefing talks about: those added to the catalogue in either period, and those that
-- expose our assets today (period null when added earlier), with the assets they expose (matched as
-- External Assets matches them: list_exposures).
create function public.briefing_kev(_days integer default 30)
returns table (
  period text,
  cve_id text,
  kev_name text,
  kev_vendor text,
  kev_product text,
  kev_date_added date,
  kev_due_date date,
  kev_ransomware_use text,
  epss_score double precision,
  tlp public.tlp_level,
  assets text[]
)
language sql stable security invoker set search_path = '' as $$
  with days as (
    select least(greatest(coalesce(_days, 30), 1), 366) as d, (now() at time zone 'utc')::date as today
  ), exposed as (
    select e.cve_id, array_agg(distinct coalesce(e.hostname, e.ip) order by coalesce(e.hostname, e.ip)) as assets
      from public.list_exposures() e
     group by e.cve_id
  )
  select case when v.kev_date_added > d.today - d.d then 'current'
              when v.kev_date_added > d.today - 2 * d.d then 'previous' end,
         v.cve_id, v.kev_name, v.kev_vendor, v.kev_product, v.kev_date_added, v.kev_due_date,
         v.kev_ransomware_use, v.epss_score, v.tlp, coalesce(x.assets, '{}')
    from days d
    join public.vulnerabilities v on v.kev_date_added is not null
    left join exposed x on x.cve_id = v.cve_id
   where v.kev_date_added > d.today - 2 * d.d or x.cve_id is not null
   order by v.kev_date_added desc, v.cve_id
$$;
comment on function public.briefing_kev(integer) is
  'Executive briefing: KEV entries added in the last _days days (current), the _days days before (previous), or earlier (null) when they expose our assets today, with those assets (host name or address); RLS applies.';
revoke all on function public.briefing_kev(integer) from public, anon;
grant execute on function public.briefing_kev(integer) to authenticated;
