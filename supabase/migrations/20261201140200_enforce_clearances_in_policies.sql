-- Every intelligence table's policies ask the caller's clearance (issue 28 §1): the rule
-- "RED for admins with MFA" (private.red_readable_by_caller) is replaced by clearances from groups
-- and TLP:RED audiences (20261201140100). Checked functions that read past RLS ask the same.

drop policy "Analysts read indicators up to their TLP" on public.indicators;
drop policy "Analysts add indicators as themselves" on public.indicators;
drop policy "Analysts change the indicators they added" on public.indicators;
create policy "Users read indicators up to their clearance and RED in its audience" on public.indicators
  for select to authenticated
  using (tlp <= (select private.caller_clearance()) and (tlp <> 'red' or private.indicator_red_readable(id, red_audience)));
create policy "Analysts add indicators as themselves up to their clearance" on public.indicators
  for insert to authenticated
  with check (created_by = (select auth.uid()) and tlp <= (select private.caller_clearance())
              and (tlp <> 'red' or private.in_red_audience(red_audience)));
create policy "Analysts change the indicators they added up to their clearance" on public.indicators
  for update to authenticated
  using (created_by = (select auth.uid()))
  with check (created_by = (select auth.uid()) and tlp <= (select private.caller_clearance())
              and (tlp <> 'red' or private.indicator_red_readable(id, red_audience)));

-- A report the caller may not read is invisible, its text too.
drop policy "Analysts read indicator reports up to their TLP" on public.indicator_sources;
create policy "Users read indicator reports up to their clearance and RED in its source's audience" on public.indicator_sources
  for select to authenticated
  using (tlp <= (select private.caller_clearance()) and (tlp <> 'red' or private.red_readable(null, array[source_id])));

drop policy "Analysts read knowledge objects up to their TLP" on public.intel_objects;
drop policy "Analysts add knowledge objects as themselves" on public.intel_objects;
drop policy "Analysts change the knowledge objects they added" on public.intel_objects;
create policy "Users read knowledge objects up to their clearance and RED in its audience" on public.intel_objects
  for select to authenticated
  using (tlp <= (select private.caller_clearance()) and (tlp <> 'red' or private.red_readable(red_audience, source_ids)));
create policy "Analysts add knowledge objects as themselves up to their clearance" on public.intel_objects
  for insert to authenticated
  with check (created_by = (select auth.uid()) and tlp <= (select private.caller_clearance())
              and (tlp <> 'red' or private.in_red_audience(red_audience)));
create policy "Analysts change the knowledge objects they added up to their clearance" on public.intel_objects
  for update to authenticated
  using (created_by = (select auth.uid()))
  with check (created_by = (select auth.uid()) and tlp <= (select private.caller_clearance())
              and (tlp <> 'red' or private.red_readable(red_audience, source_ids)));

drop policy "Analysts read relationships up to their TLP" on public.relationships;
drop policy "Analysts add relationships as themselves" on public.relationships;
create policy "Users read relationships up to their clearance and RED in its audience" on public.relationships
  for select to authenticated
  using (tlp <= (select private.caller_clearance()) and (tlp <> 'red' or private.red_readable(red_audience, source_ids)));
create policy "Analysts add relationships as themselves up to their clearance" on public.relationships
  for insert to authenticated
  with check (created_by = (select auth.uid()) and tlp <= (select private.caller_clearance())
              and (tlp <> 'red' or private.in_red_audience(red_audience)));

drop policy "Analysts read sightings up to their TLP" on public.sightings;
create policy "Users read sightings up to their clearance and RED in its sources' audience" on public.sightings
  for select to authenticated
  using (tlp <= (select private.caller_clearance()) and (tlp <> 'red' or private.red_readable(red_audience, source_ids)));

drop policy "Analysts read vulnerabilities up to their TLP" on public.vulnerabilities;
create policy "Users read vulnerabilities up to their clearance and RED in its audience" on public.vulnerabilities
  for select to authenticated
  using (tlp <= (select private.caller_clearance()) and (tlp <> 'red' or private.in_red_audience(red_audience)));

drop policy "Analysts read intelligence events up to their TLP" on public.intel_events;
create policy "Users read intelligence events up to their clearance and RED in its source's audience" on public.intel_events
  for select to authenticated
  using (tlp <= (select private.caller_clearance()) and (tlp <> 'red' or private.red_readable(null, array[source_id])));

create or replace function private.has_exact_match(_query text, _refanged text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (select 1 from public.vulnerability_names n where lower(n.name) = lower(_query))
      or exists (select 1 from public.indicators i
                  where i.value in (_refanged, lower(_refanged)) and i.tlp <= (select private.caller_clearance())
                    and (i.tlp <> 'red' or private.indicator_red_readable(i.id, i.red_audience)))
      or exists (select 1 from public.intel_objects o
                  where (o.lookup_names @> array[lower(_query)] or o.external_ids @> array[upper(_query)])
                    and not o.revoked and o.tlp <= (select private.caller_clearance())
                    and (o.tlp <> 'red' or private.red_readable(o.red_audience, o.source_ids)))
$function$;
create or replace function public.alert_from_hunt(_indicator_id bigint, _hunt text DEFAULT NULL::text, _note text DEFAULT NULL::text)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  hit public.indicators;
  rule public.detection_rules;
  state public.indicator_lifecycle_state;
  alert uuid;
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in to raise an alert.' using errcode = '42501';
  end if;
  -- The caller must be able to read the indicator: its clearance, and RED only in its audience.
  select * into hit from public.indicators i
   where i.id = _indicator_id and i.tlp <= private.caller_clearance()
     and (i.tlp <> 'red' or private.indicator_red_readable(i.id, i.red_audience));
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
$function$;
create or replace function public.revoke_indicators(_ids bigint[], _reason text, _revoke boolean DEFAULT true)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  changed integer;
begin
  if (select auth.uid()) is null and (select auth.role()) is distinct from 'service_role' then
    raise exception 'Sign in to revoke indicators.' using errcode = '42501';
  end if;
  if _ids is null or cardinality(_ids) = 0 or cardinality(_ids) > 1000 then
    raise exception 'Choose between 1 and 1,000 indicators.' using errcode = '22023';
  end if;
  if _reason is null or char_length(btrim(_reason)) = 0 or char_length(_reason) > 500 then
    raise exception 'Give a reason of at most 500 characters.' using errcode = '22023';
  end if;
  -- Only what the caller may read: a TLP:RED indicator stays untouched (and unnamed) for others.
  update public.indicators
     set revoked = _revoke,
         revoked_at = now(),
         revoked_by = case when _revoke then (select auth.uid()) end,
         revocation_reason = btrim(_reason)
   where id = any (_ids)
     and revoked is distinct from _revoke
     and tlp <= (select private.caller_clearance())
     and (tlp <> 'red' or private.indicator_red_readable(id, red_audience));
  get diagnostics changed = row_count;
  return changed;
end
$function$;
create or replace function public.analytics_indicators_by_type(_period text DEFAULT '1y'::text)
 RETURNS TABLE(bucket date, unit text, type public.indicator_type, indicators bigint)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with visible as (
    select c.day, c.type, c.indicators from private.indicator_day_counts c
     where c.indicators > 0 and c.tlp < 'red' and c.tlp <= (select private.caller_clearance())
    -- RED is counted from the rows, each in its audience; only for callers cleared for RED.
    union all
    select (coalesce(i.first_seen, i.created_at) at time zone 'utc')::date, i.type, count(*)
      from public.indicators i
     where (select private.caller_clearance()) = 'red' and i.tlp = 'red'
       and private.indicator_red_readable(i.id, i.red_audience)
     group by 1, 2
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
$function$;
create or replace function public.analytics_indicators_by_source(_period text DEFAULT '1y'::text, _top integer DEFAULT 6)
 RETURNS TABLE(bucket date, unit text, source_id uuid, source_name text, indicators bigint, total bigint)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with visible as (
    select c.day, c.source_id, c.reports from private.indicator_report_day_counts c
      join public.sources s on s.id = c.source_id
     where c.reports > 0 and c.tlp <= (select private.caller_clearance())
       and (c.tlp <> 'red' or private.red_readable(null, array[c.source_id]))
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
$function$;

drop function private.red_readable_by_caller();
comment on function public.analytics_indicators_by_type(text) is
  'Indicators first seen (else entered) per bucket of the period (7d, 30d, 90d, 1y, all) and type, every bucket and type present; up to the caller''s clearance, TLP:RED only those in whose audience the caller is.';
comment on function public.analytics_indicators_by_source(text, integer) is
  'Provenance reports first seen (else entered) per bucket of the period and source: the _top sources (1-20) by reports in the period, the rest as one series with a null source_id; up to the caller''s clearance, TLP:RED reports only of sources in whose audience the caller is.';
