-- Threat Analytics: one aggregate read per chart over indicators, alerts, KEV/EPSS and ATT&CK, each
-- for a period (7d, 30d, 90d, 1y, all) in day, week or month buckets. Indicators are counted from
-- per-day summaries kept by triggers, so a year of a million indicators is a few thousand summary
-- rows instead of a scan; every other chart reads its table under RLS (security invoker).

-- The periods the page offers and their buckets, in UTC: 7 and 30 days by day, 90 days by week
-- (Monday), a year by month, everything by month (by year past ten years). A window starts at its
-- first bucket, so the first column is never a partial one.
create function private.analytics_buckets(_period text, _earliest date default null)
returns table (bucket date, unit text)
language plpgsql stable set search_path = '' as $$
declare
  today date := (now() at time zone 'utc')::date;
  step text;
  first date;
begin
  case _period
    when '7d' then step := 'day'; first := today - 6;
    when '30d' then step := 'day'; first := today - 29;
    when '90d' then step := 'week'; first := date_trunc('week', (today - 89)::timestamp)::date;
    when '1y' then step := 'month'; first := (date_trunc('month', today::timestamp) - interval '11 months')::date;
    when 'all' then
      first := least(coalesce(_earliest, today), today);
      step := case when first < today - interval '10 years' then 'year' else 'month' end;
      first := date_trunc(step, first::timestamp)::date;
    else
      raise exception 'Unknown period "%": use 7d, 30d, 90d, 1y or all.', _period using errcode = '22023';
  end case;
  return query
    select g::date, step from generate_series(first::timestamp, today::timestamp, ('1 ' || step)::interval) g;
end
$$;
comment on function private.analytics_buckets(text, date) is
  'The UTC buckets of an analytics period (7d, 30d: days; 90d: weeks; 1y: months; all: months, years past ten years, from _earliest).';
revoke all on function private.analytics_buckets(text, date) from public, anon;
grant execute on function private.analytics_buckets(text, date) to authenticated;

create function private.analytics_since(_period text) returns timestamptz
language sql stable set search_path = '' as $$
  select case when _period = 'all' then '-infinity'::timestamptz
    else (select min(b.bucket) from private.analytics_buckets(_period) b)::timestamp at time zone 'utc' end
$$;
comment on function private.analytics_since(text) is 'Where an analytics period starts (its first bucket, UTC); -infinity for all.';
revoke all on function private.analytics_since(text) from public, anon;
grant execute on function private.analytics_since(text) to authenticated;

-- Indicators per UTC day (first seen, else when they entered the knowledge base), type and TLP;
-- provenance reports per day, source and TLP. Kept by statement triggers on insert and delete (one
-- aggregate per import batch) and a row trigger on the rare update that moves a row to another
-- day, type or TLP. The TLP column lets the readers leave RED out for whoever may not read it.
create table private.indicator_day_counts (
  day date not null,
  type public.indicator_type not null,
  tlp public.tlp_level not null,
  indicators bigint not null default 0,
  primary key (day, type, tlp)
);
comment on table private.indicator_day_counts is 'Indicators per UTC day of first sight (or entry), type and TLP, kept by triggers on indicators; read by analytics_indicators_by_type.';
comment on column private.indicator_day_counts.day is 'UTC day of first_seen, else of created_at.';
comment on column private.indicator_day_counts.type is 'Indicator type.';
comment on column private.indicator_day_counts.tlp is 'The indicators'' TLP, so RED is counted only for those who may read it.';
comment on column private.indicator_day_counts.indicators is 'How many indicators.';

create table private.indicator_report_day_counts (
  day date not null,
  source_id uuid not null,
  tlp public.tlp_level not null,
  reports bigint not null default 0,
  primary key (day, source_id, tlp)
);
comment on table private.indicator_report_day_counts is 'Provenance reports per UTC day of first sight (or entry), source and TLP, kept by triggers on indicator_sources; read by analytics_indicators_by_source.';
comment on column private.indicator_report_day_counts.day is 'UTC day of the report''s first_seen, else of created_at.';
comment on column private.indicator_report_day_counts.source_id is 'The reporting source (rows of a deleted source are ignored by the reader).';
comment on column private.indicator_report_day_counts.tlp is 'The reports'' TLP.';
comment on column private.indicator_report_day_counts.reports is 'How many reports.';

-- Only the trigger functions (definer) and the analytics readers (definer) touch them.
alter table private.indicator_day_counts enable row level security;
alter table private.indicator_report_day_counts enable row level security;
revoke all on private.indicator_day_counts, private.indicator_report_day_counts from public, anon, authenticated;

-- Inserts add in key order, so two imports that touch the same days lock them in the same order.
create function private.count_added_indicators() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into private.indicator_day_counts as c (day, type, tlp, indicators)
  select (coalesce(a.first_seen, a.created_at) at time zone 'utc')::date, a.type, a.tlp, count(*)
    from added a group by 1, 2, 3 order by 1, 2, 3
  on conflict (day, type, tlp) do update set indicators = c.indicators + excluded.indicators;
  return null;
end
$$;
comment on function private.count_added_indicators() is 'Statement trigger: adds a statement''s new indicators to indicator_day_counts.';
revoke all on function private.count_added_indicators() from public, anon, authenticated;

create function private.count_removed_indicators() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update private.indicator_day_counts c set indicators = greatest(c.indicators - d.n, 0)
    from (select (coalesce(r.first_seen, r.created_at) at time zone 'utc')::date as day, r.type, r.tlp, count(*) as n
            from removed r group by 1, 2, 3) d
   where c.day = d.day and c.type = d.type and c.tlp = d.tlp;
  return null;
end
$$;
comment on function private.count_removed_indicators() is 'Statement trigger: subtracts deleted indicators from indicator_day_counts.';
revoke all on function private.count_removed_indicators() from public, anon, authenticated;

create function private.count_moved_indicator() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update private.indicator_day_counts set indicators = greatest(indicators - 1, 0)
   where day = (coalesce(old.first_seen, old.created_at) at time zone 'utc')::date and type = old.type and tlp = old.tlp;
  insert into private.indicator_day_counts as c (day, type, tlp, indicators)
  values ((coalesce(new.first_seen, new.created_at) at time zone 'utc')::date, new.type, new.tlp, 1)
  on conflict (day, type, tlp) do update set indicators = c.indicators + 1;
  return null;
end
$$;
comment on function private.count_moved_indicator() is 'Row trigger: moves an indicator whose day, type or TLP changed to its new indicator_day_counts row.';
revoke all on function private.count_moved_indicator() from public, anon, authenticated;

create function private.reset_indicator_day_counts() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_table_name = 'indicators' then delete from private.indicator_day_counts;
  else delete from private.indicator_report_day_counts; end if;
  return null;
end
$$;
comment on function private.reset_indicator_day_counts() is 'Truncate trigger: empties the summary of the truncated table.';
revoke all on function private.reset_indicator_day_counts() from public, anon, authenticated;

create trigger indicators_count_added after insert on public.indicators
  referencing new table as added for each statement execute function private.count_added_indicators();
create trigger indicators_count_removed after delete on public.indicators
  referencing old table as removed for each statement execute function private.count_removed_indicators();
-- A row trigger that fires only for the rows it concerns: the merge rewrites last_seen of every
-- reported indicator, and a statement trigger would copy all of them into transition tables.
create trigger indicators_count_moved after update on public.indicators
  for each row when (
    old.tlp is distinct from new.tlp or old.type is distinct from new.type
    or (coalesce(old.first_seen, old.created_at) at time zone 'utc')::date
       is distinct from (coalesce(new.first_seen, new.created_at) at time zone 'utc')::date)
  execute function private.count_moved_indicator();
create trigger indicators_count_reset after truncate on public.indicators
  for each statement execute function private.reset_indicator_day_counts();

create function private.count_added_reports() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into private.indicator_report_day_counts as c (day, source_id, tlp, reports)
  select (coalesce(a.first_seen, a.created_at) at time zone 'utc')::date, a.source_id, a.tlp, count(*)
    from added a group by 1, 2, 3 order by 1, 2, 3
  on conflict (day, source_id, tlp) do update set reports = c.reports + excluded.reports;
  return null;
end
$$;
comment on function private.count_added_reports() is 'Statement trigger: adds a statement''s new provenance reports to indicator_report_day_counts.';
revoke all on function private.count_added_reports() from public, anon, authenticated;

create function private.count_removed_reports() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update private.indicator_report_day_counts c set reports = greatest(c.reports - d.n, 0)
    from (select (coalesce(r.first_seen, r.created_at) at time zone 'utc')::date as day, r.source_id, r.tlp, count(*) as n
            from removed r group by 1, 2, 3) d
   where c.day = d.day and c.source_id = d.source_id and c.tlp = d.tlp;
  return null;
end
$$;
comment on function private.count_removed_reports() is 'Statement trigger: subtracts deleted provenance reports from indicator_report_day_counts.';
revoke all on function private.count_removed_reports() from public, anon, authenticated;

create function private.count_moved_report() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update private.indicator_report_day_counts set reports = greatest(reports - 1, 0)
   where day = (coalesce(old.first_seen, old.created_at) at time zone 'utc')::date
     and source_id = old.source_id and tlp = old.tlp;
  insert into private.indicator_report_day_counts as c (day, source_id, tlp, reports)
  values ((coalesce(new.first_seen, new.created_at) at time zone 'utc')::date, new.source_id, new.tlp, 1)
  on conflict (day, source_id, tlp) do update set reports = c.reports + 1;
  return null;
end
$$;
comment on function private.count_moved_report() is 'Row trigger: moves a report whose day, source or TLP changed to its new indicator_report_day_counts row.';
revoke all on function private.count_moved_report() from public, anon, authenticated;

create trigger indicator_sources_count_added after insert on public.indicator_sources
  referencing new table as added for each statement execute function private.count_added_reports();
create trigger indicator_sources_count_removed after delete on public.indicator_sources
  referencing old table as removed for each statement execute function private.count_removed_reports();
create trigger indicator_sources_count_moved after update on public.indicator_sources
  for each row when (
    old.tlp is distinct from new.tlp or old.source_id is distinct from new.source_id
    or (coalesce(old.first_seen, old.created_at) at time zone 'utc')::date
       is distinct from (coalesce(new.first_seen, new.created_at) at time zone 'utc')::date)
  execute function private.count_moved_report();
create trigger indicator_sources_count_reset after truncate on public.indicator_sources
  for each statement execute function private.reset_indicator_day_counts();

insert into private.indicator_day_counts (day, type, tlp, indicators)
select (coalesce(first_seen, created_at) at time zone 'utc')::date, type, tlp, count(*)
  from public.indicators group by 1, 2, 3;
insert into private.indicator_report_day_counts (day, source_id, tlp, reports)
select (coalesce(first_seen, created_at) at time zone 'utc')::date, source_id, tlp, count(*)
  from public.indicator_sources group by 1, 2, 3;

-- The readers. The two over the summaries are security definer (the summaries are private) and
-- apply the indicators' own rule: TLP:RED counts only for an admin with a verified second factor.
create function public.analytics_indicators_by_type(_period text default '1y')
returns table (bucket date, unit text, type public.indicator_type, indicators bigint)
language sql stable security definer set search_path = '' as $$
  with visible as (
    select c.day, c.type, c.indicators from private.indicator_day_counts c
     where c.indicators > 0 and (c.tlp <> 'red' or (select private.red_readable_by_caller()))
  ), buckets as (
    select b.bucket, b.unit from private.analytics_buckets(_period, (select min(v.day) from visible v)) b
  ), counted as (
    select date_trunc((select min(b.unit) from buckets b), v.day::timestamp)::date as bucket, v.type, sum(v.indicators) as n
      from visible v
     where v.day >= (select min(b.bucket) from buckets b)
     group by 1, 2
  )
  select b.bucket, b.unit, t.type, coalesce(c.n, 0)::bigint
    from buckets b
    cross join unnest(enum_range(null::public.indicator_type)) t(type)
    left join counted c on c.bucket = b.bucket and c.type = t.type
   order by b.bucket, t.type
$$;
comment on function public.analytics_indicators_by_type(text) is
  'Indicators first seen (else entered) per bucket of the period (7d, 30d, 90d, 1y, all) and type, every bucket and type present; TLP:RED only for admins with MFA.';
revoke all on function public.analytics_indicators_by_type(text) from public, anon;
grant execute on function public.analytics_indicators_by_type(text) to authenticated;

-- The _top sources with the most reports in the period each get a series; the rest are summed
-- into one (source_id null), so the chart's legend stays readable whatever the number of feeds.
create function public.analytics_indicators_by_source(_period text default '1y', _top integer default 6)
returns table (bucket date, unit text, source_id uuid, source_name text, indicators bigint, total bigint)
language sql stable security definer set search_path = '' as $$
  with visible as (
    select c.day, c.source_id, c.reports from private.indicator_report_day_counts c
      join public.sources s on s.id = c.source_id
     where c.reports > 0 and (c.tlp <> 'red' or (select private.red_readable_by_caller()))
  ), buckets as (
    select b.bucket, b.unit from private.analytics_buckets(_period, (select min(v.day) from visible v)) b
  ), counted as (
    select date_trunc((select min(b.unit) from buckets b), v.day::timestamp)::date as bucket, v.source_id, sum(v.reports) as n
      from visible v
     where v.day >= (select min(b.bucket) from buckets b)
     group by 1, 2
  ), ranked as (
    select c.source_id, sum(c.n) as total,
           row_number() over (order by sum(c.n) desc, c.source_id) as rank
      from counted c group by c.source_id
  ), series as (
    select case when r.rank <= least(greatest(coalesce(_top, 6), 1), 20) then r.source_id end as source_id,
           sum(r.total) as total, min(r.rank) as rank
      from ranked r group by 1
  ), grouped as (
    select c.bucket, case when r.rank <= least(greatest(coalesce(_top, 6), 1), 20) then c.source_id end as source_id,
           sum(c.n) as n
      from counted c join ranked r on r.source_id = c.source_id
     group by 1, 2
  )
  select b.bucket, b.unit, s.source_id, coalesce(src.name, 'Other sources'), coalesce(g.n, 0)::bigint, s.total::bigint
    from buckets b
    cross join series s
    left join public.sources src on src.id = s.source_id
    left join grouped g on g.bucket = b.bucket and g.source_id is not distinct from s.source_id
   order by b.bucket, s.rank
$$;
comment on function public.analytics_indicators_by_source(text, integer) is
  'Provenance reports first seen (else entered) per bucket of the period and source: the _top sources (1-20) by reports in the period, the rest as one series with a null source_id; TLP:RED only for admins with MFA.';
revoke all on function public.analytics_indicators_by_source(text, integer) from public, anon;
grant execute on function public.analytics_indicators_by_source(text, integer) to authenticated;

-- The rest reads tables under RLS (security invoker), as the caller's own queries would.
create function public.analytics_alert_volume(_period text default '30d')
returns table (bucket date, unit text, severity public.alert_severity, raised bigint)
language sql stable security invoker set search_path = '' as $$
  with buckets as (
    select b.bucket, b.unit from private.analytics_buckets(_period,
      (select (min(a.created_at) at time zone 'utc')::date from public.enhanced_security_alerts a)) b
  ), counted as (
    select date_trunc((select min(b.unit) from buckets b), a.created_at at time zone 'utc')::date as bucket,
           a.severity, count(*) as n
      from public.enhanced_security_alerts a
     where a.created_at >= (select min(b.bucket) from buckets b)::timestamp at time zone 'utc'
     group by 1, 2
  )
  select b.bucket, b.unit, s.severity, coalesce(c.n, 0)
    from buckets b
    cross join unnest(enum_range(null::public.alert_severity)) s(severity)
    left join counted c on c.bucket = b.bucket and c.severity = s.severity
   order by b.bucket, s.severity
$$;
comment on function public.analytics_alert_volume(text) is
  'Alerts raised per bucket of the period (7d, 30d, 90d, 1y, all) and severity, every bucket and severity present; RLS applies.';
revoke all on function public.analytics_alert_volume(text) from public, anon;
grant execute on function public.analytics_alert_volume(text) to authenticated;

-- Time to acknowledge: raised → first left new (acknowledged_at, set once by the workflow trigger).
-- Time to resolve: raised → resolved (a reopened alert counts from its last resolution). An alert
-- recorded already closed got its acknowledgement at the instant it was raised: nobody triaged it,
-- so it is left out of the times (acknowledged_at = created_at), though counted as raised.
create function public.analytics_alert_response(_period text default '30d')
returns table (
  severity public.alert_severity,
  raised bigint,
  acknowledged bigint,
  resolved bigint,
  dismissed bigint,
  mtta_seconds double precision,
  mttr_seconds double precision
)
language sql stable security invoker set search_path = '' as $$
  with alerts as (
    select a.severity, a.status,
           -- date_part: double precision arithmetic (extract answers numeric, slower to average).
           case when a.acknowledged_at > a.created_at then date_part('epoch', a.acknowledged_at - a.created_at) end as tta,
           case when a.status = 'resolved' and a.acknowledged_at > a.created_at
             then date_part('epoch', a.resolved_at - a.created_at) end as ttr
      from public.enhanced_security_alerts a
     where a.created_at >= (select private.analytics_since(_period))
  ), measured as (
    select a.severity, count(*) as raised, count(a.tta) as acknowledged,
           count(*) filter (where a.status = 'resolved') as resolved,
           count(*) filter (where a.status = 'dismissed') as dismissed,
           avg(a.tta) as mtta, avg(a.ttr) as mttr
      from alerts a group by a.severity
  )
  select s.severity, coalesce(m.raised, 0), coalesce(m.acknowledged, 0), coalesce(m.resolved, 0), coalesce(m.dismissed, 0),
         m.mtta, m.mttr
    from unnest(enum_range(null::public.alert_severity)) s(severity)
    left join measured m on m.severity = s.severity
   order by s.severity desc
$$;
comment on function public.analytics_alert_response(text) is
  'Per severity, alerts raised in the period: how many, acknowledged, resolved, dismissed, and the mean seconds to acknowledge and to resolve (alerts recorded already closed left out of the times); RLS applies.';
revoke all on function public.analytics_alert_response(text) from public, anon;
grant execute on function public.analytics_alert_response(text) to authenticated;

create function public.analytics_kev_additions(_period text default 'all')
returns table (bucket date, unit text, additions bigint, ransomware bigint)
language sql stable security invoker set search_path = '' as $$
  with buckets as (
    select b.bucket, b.unit from private.analytics_buckets(_period,
      (select min(v.kev_date_added) from public.vulnerabilities v where v.kev_date_added is not null)) b
  ), counted as (
    select date_trunc((select min(b.unit) from buckets b), v.kev_date_added::timestamp)::date as bucket,
           count(*) as n, count(*) filter (where v.kev_ransomware_use = 'Known') as ransomware
      from public.vulnerabilities v
     where v.kev_date_added >= (select min(b.bucket) from buckets b)
     group by 1
  )
  select b.bucket, b.unit, coalesce(c.n, 0), coalesce(c.ransomware, 0)
    from buckets b left join counted c on c.bucket = b.bucket
   order by b.bucket
$$;
comment on function public.analytics_kev_additions(text) is
  'KEV additions (and those with known ransomware use) per bucket of the period, every bucket present; RLS applies.';
revoke all on function public.analytics_kev_additions(text) from public, anon;
grant execute on function public.analytics_kev_additions(text) to authenticated;

create function public.analytics_kev_by_vendor(_period text default 'all', _limit integer default 15)
returns table (vendor text, additions bigint, ransomware bigint)
language sql stable security invoker set search_path = '' as $$
  select coalesce(nullif(btrim(v.kev_vendor), ''), 'Unknown vendor'), count(*),
         count(*) filter (where v.kev_ransomware_use = 'Known')
    from public.vulnerabilities v
   where v.kev_date_added >= (select (private.analytics_since(_period) at time zone 'utc')::date)
   group by 1
   order by 2 desc, 1
   limit least(greatest(coalesce(_limit, 15), 1), 50)
$$;
comment on function public.analytics_kev_by_vendor(text, integer) is
  'The vendors with the most KEV additions in the period (1-50 of them), with those of known ransomware use; RLS applies.';
revoke all on function public.analytics_kev_by_vendor(text, integer) from public, anon;
grant execute on function public.analytics_kev_by_vendor(text, integer) to authenticated;

-- Ten buckets of 0.1, the last one closed (a score of 1 is in 0.9-1); bucket 0 counts the KEV
-- entries that have no EPSS score yet.
create function public.analytics_kev_epss(_period text default 'all')
returns table (bucket integer, score_from double precision, score_to double precision, cves bigint)
language sql stable security invoker set search_path = '' as $$
  with kev as (
    select case when v.epss_score is null then 0 else least(width_bucket(v.epss_score, 0, 1, 10), 10) end as bucket
      from public.vulnerabilities v
     where v.kev_date_added >= (select (private.analytics_since(_period) at time zone 'utc')::date)
  ), counted as (
    select k.bucket, count(*) as n from kev k group by 1
  )
  select g.bucket, case when g.bucket > 0 then (g.bucket - 1) / 10.0 end::double precision,
         case when g.bucket > 0 then g.bucket / 10.0 end::double precision, coalesce(c.n, 0)
    from generate_series(0, 10) g(bucket)
    left join counted c on c.bucket = g.bucket
   order by g.bucket
$$;
comment on function public.analytics_kev_epss(text) is
  'EPSS scores of the KEV entries added in the period as a histogram: buckets 1-10 of width 0.1 (score_from inclusive), bucket 0 for entries without a score; RLS applies.';
revoke all on function public.analytics_kev_epss(text) from public, anon;
grant execute on function public.analytics_kev_epss(text) to authenticated;

-- The `uses` links alone, with what the reader filters on: each technique's links come from the
-- index without visiting the table (18,000 links for ATT&CK). Partial, so the millions of
-- `indicates` links that imports write never enter it.
create index relationships_uses_target_idx on public.relationships (target_ref, source_ref)
  include (created, created_at, revoked, tlp) where relationship_type = 'uses';

-- ATT&CK techniques by how many actors (intrusion sets, threat actors) and how much software
-- (malware, tools) use them, through `uses` relationships created in the period. It starts from
-- the techniques (a thousand) and probes each one's incoming links by index: the relationships
-- table also holds an `indicates` link per indicator, millions of them, never read here.
create function public.analytics_technique_frequency(_period text default 'all', _limit integer default 20)
returns table (stix_id text, attack_id text, name text, actors bigint, software bigint)
language sql stable security invoker set search_path = '' as $$
  with techniques as (
    select t.stix_id, t.name,
           (select min(x) from unnest(t.external_ids) x where x ~ '^T[0-9]{4}(\.[0-9]{3})?$') as attack_id
      from public.intel_objects t
     where t.type = 'attack-pattern' and not t.revoked and not t.deprecated
  ), users as (
    -- distinct, then plain counts: hashing, where count(distinct) sorted the pairs by text.
    select distinct t.stix_id, u.type, u.stix_id as user_id
      from techniques t
      -- offset 0: each technique's links by index, never one pass over every link of the table.
      cross join lateral (
        select r.source_ref from public.relationships r
         where r.target_ref = t.stix_id and r.relationship_type = 'uses' and not r.revoked
           and coalesce(r.created, r.created_at) >= (select private.analytics_since(_period))
        offset 0) r
      join public.intel_objects u on u.stix_id = r.source_ref and not u.revoked and not u.deprecated
     where u.type in ('intrusion-set', 'threat-actor', 'malware', 'tool')
  ), counted as (
    select u.stix_id,
           count(*) filter (where u.type in ('intrusion-set', 'threat-actor')) as actors,
           count(*) filter (where u.type in ('malware', 'tool')) as software
      from users u group by u.stix_id
  )
  select t.stix_id, t.attack_id, t.name, c.actors, c.software
    from counted c join techniques t on t.stix_id = c.stix_id
   where c.actors > 0
   order by c.actors desc, c.software desc, t.attack_id, t.stix_id
   limit least(greatest(coalesce(_limit, 20), 1), 50)
$$;
comment on function public.analytics_technique_frequency(text, integer) is
  'The ATT&CK techniques used by the most actors (intrusion sets, threat actors), with how much software (malware, tools) uses them, through uses links created in the period (1-50 techniques); revoked and deprecated left out; RLS applies.';
revoke all on function public.analytics_technique_frequency(text, integer) from public, anon;
grant execute on function public.analytics_technique_frequency(text, integer) to authenticated;
