-- The dashboard's reads: key figures in one row, the alert trend, and the malware families with the
-- most indicators. At millions of indicators nothing here may scan them all per page load.

-- Indicators per malware family, kept by statement-level triggers on relationships: one aggregate of
-- each import batch's new `indicates` links, not a count over every link per dashboard load.
-- TLP:RED links are left out, so the numbers never reveal RED intelligence.
create table public.malware_indicator_counts (
  stix_id text primary key,
  indicator_count bigint not null default 0 check (indicator_count >= 0)
);
comment on table public.malware_indicator_counts is 'How many non-RED indicators indicate each object (kept by triggers on relationships), for the dashboard.';
comment on column public.malware_indicator_counts.stix_id is 'The indicated object (usually malware).';
comment on column public.malware_indicator_counts.indicator_count is 'Indicators with a non-revoked, non-RED indicates relationship to it.';

alter table public.malware_indicator_counts enable row level security;
grant select on public.malware_indicator_counts to authenticated;
grant all on public.malware_indicator_counts to service_role;
create policy "Signed-in users read indicator counts" on public.malware_indicator_counts
  for select to authenticated using (true);

create function private.count_added_indications() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.malware_indicator_counts as c (stix_id, indicator_count)
  select target_ref, count(*) from added
   where relationship_type = 'indicates' and tlp <> 'red' and not revoked and starts_with(source_ref, 'indicator--')
   group by target_ref
  on conflict (stix_id) do update set indicator_count = c.indicator_count + excluded.indicator_count;
  return null;
end
$$;
comment on function private.count_added_indications() is 'Statement trigger: adds each batch''s new indicates links to malware_indicator_counts.';
revoke all on function private.count_added_indications() from public, anon, authenticated;

create function private.count_removed_indications() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.malware_indicator_counts c
     set indicator_count = greatest(c.indicator_count - d.n, 0)
    from (select target_ref, count(*) as n from removed
           where relationship_type = 'indicates' and tlp <> 'red' and not revoked and starts_with(source_ref, 'indicator--')
           group by target_ref) d
   where c.stix_id = d.target_ref;
  return null;
end
$$;
comment on function private.count_removed_indications() is 'Statement trigger: subtracts deleted indicates links from malware_indicator_counts.';
revoke all on function private.count_removed_indications() from public, anon, authenticated;

create trigger relationships_count_added after insert on public.relationships
  referencing new table as added for each statement execute function private.count_added_indications();
create trigger relationships_count_removed after delete on public.relationships
  referencing old table as removed for each statement execute function private.count_removed_indications();

insert into public.malware_indicator_counts (stix_id, indicator_count)
select target_ref, count(*) from public.relationships
 where relationship_type = 'indicates' and tlp <> 'red' and not revoked and starts_with(source_ref, 'indicator--')
 group by target_ref;

create index malware_indicator_counts_count_idx on public.malware_indicator_counts (indicator_count desc);

create function public.top_malware(_limit integer default 10)
returns table (stix_id text, name text, indicator_count bigint)
language sql stable security invoker set search_path = '' as $$
  select o.stix_id, o.name, c.indicator_count
    from public.malware_indicator_counts c
    join public.intel_objects o on o.stix_id = c.stix_id
   where c.indicator_count > 0
   order by c.indicator_count desc, o.name
   limit least(greatest(coalesce(_limit, 10), 1), 100)
$$;
comment on function public.top_malware(integer) is 'The objects (malware families) most indicators point at, most first (1-100); RLS hides RED objects.';
revoke all on function public.top_malware(integer) from public, anon;
grant execute on function public.top_malware(integer) to authenticated, service_role;

-- Key figures. Alert counts are exact (index scans). Indicators are counted exactly up to 100,000
-- and estimated by the planner beyond (count_indicators), so the dashboard stays fast at 10M.
create function public.dashboard_figures()
returns table (
  new_alerts_24h bigint,
  open_critical_alerts bigint,
  kev_added_30d bigint,
  kev_total bigint,
  active_indicators bigint,
  active_indicators_exact boolean,
  indicators_total bigint,
  indicators_total_exact boolean
)
-- volatile: count_indicators runs EXPLAIN, which Postgres allows only there.
language plpgsql volatile security invoker set search_path = '' as $$
begin
  return query
    select
      (select count(*) from public.enhanced_security_alerts a where a.status = 'new' and a.created_at >= now() - interval '24 hours'),
      (select count(*) from public.enhanced_security_alerts a
        where a.status in ('new', 'acknowledged', 'investigating') and a.severity = 'critical'),
      (select count(*) from public.vulnerabilities v where v.kev_date_added >= current_date - 30),
      (select count(*) from public.vulnerabilities v where v.kev_date_added is not null),
      active.total, active.exact, every.total, every.exact
    from public.count_indicators(_revoked => false) active, public.count_indicators() every;
end
$$;
comment on function public.dashboard_figures() is 'The dashboard''s key figures in one row: new alerts (24 h), open critical alerts, KEV added in 30 days and in all, active and all indicators (each exact up to 100,000, else estimated); RLS applies.';
revoke all on function public.dashboard_figures() from public, anon;
grant execute on function public.dashboard_figures() to authenticated, service_role;

create function public.alert_trend(_days integer default 14)
returns table (day date, severity public.alert_severity, raised bigint, closed bigint)
language sql stable security invoker set search_path = '' as $$
  with days as (
    select generate_series(
      (now() at time zone 'utc')::date - (least(greatest(coalesce(_days, 14), 1), 90) - 1),
      (now() at time zone 'utc')::date, interval '1 day')::date as day
  ), severities as (
    select unnest(enum_range(null::public.alert_severity)) as severity
  ), raised as (
    select (a.created_at at time zone 'utc')::date as day, a.severity, count(*) as n
      from public.enhanced_security_alerts a
     where a.created_at >= (select min(day) from days)
     group by 1, 2
  ), closed as (
    select (a.resolved_at at time zone 'utc')::date as day, a.severity, count(*) as n
      from public.enhanced_security_alerts a
     where a.resolved_at >= (select min(day) from days)
     group by 1, 2
  )
  select d.day, s.severity, coalesce(r.n, 0), coalesce(c.n, 0)
    from days d cross join severities s
    left join raised r on r.day = d.day and r.severity = s.severity
    left join closed c on c.day = d.day and c.severity = s.severity
   order by d.day, s.severity
$$;
comment on function public.alert_trend(integer) is 'Alerts raised and closed per UTC day and severity over the last _days days (1-90), every day present.';
revoke all on function public.alert_trend(integer) from public, anon;
grant execute on function public.alert_trend(integer) to authenticated, service_role;
