-- Every intelligence event carries the TLP and TLP:RED audience of what it announces (issue 36 §1):
-- a kev_added row was written with TLP:CLEAR for every KEV addition, RED CVEs included, and every
-- signed-in user read it over REST and realtime. Now:
--   · kev_added: one event per (TLP, audience) of the CVEs a statement added, so a RED CVE is
--     announced only to its audience and never named beside CLEAR ones;
--   · import runs (indicators_imported, objects_imported, import_succeeded, import_failed): the
--     run's TLP (its source's, 20261201200000), read in the source's RED audience;
--   · alert_raised: the TLP the alert's metadata names (a hunt hit's indicator), else CLEAR, as
--     every signed-in user reads alerts.
-- The read policy is the one predicate of 20261201140100 over the event's own audience and source.

alter table public.intel_events add column red_audience uuid[] not null default '{}' check (cardinality(red_audience) <= 50);
comment on column public.intel_events.red_audience is
  'For a TLP:RED event: the groups whose members read it (the audience of what it announces), besides those of its source.';
comment on column public.intel_events.tlp is
  'The most restrictive marking of what it announces (a KEV addition: the CVE''s; an import: the run''s; an alert: its metadata''s, else CLEAR).';

-- Events so far: a KEV event naming a CVE above CLEAR takes the strictest marking among them; an
-- import's the run's.
update public.intel_events e
   set tlp = m.tlp, red_audience = m.audience
  from (select e2.id, max(v.tlp) as tlp,
               coalesce(array_agg(distinct a) filter (where a is not null), '{}') as audience
          from public.intel_events e2
          join public.vulnerabilities v on v.cve_id = any (e2.cve_ids)
          left join lateral unnest(case when v.tlp = 'red' then v.red_audience end) a on true
         where e2.kind = 'kev_added'
         group by e2.id) m
 where e.id = m.id and m.tlp > e.tlp;
update public.intel_events e set tlp = r.tlp
  from public.import_runs r where r.id = e.import_run_id and e.tlp is distinct from r.tlp;

drop policy "Users read intelligence events up to their clearance and RED in its source's audience" on public.intel_events;
create policy "Users read intelligence events up to their clearance and RED in its audience" on public.intel_events
  for select to authenticated
  using (tlp <= (select private.caller_clearance())
         and (tlp <> 'red' or private.red_readable(red_audience, array[source_id])));

create or replace function private.announce_import_run() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.status = 'succeeded' and new.inserted + new.updated > 0 then
    insert into public.intel_events (kind, title, summary, source_id, import_run_id, counts, tlp)
    values (
      case when new.format in ('attack', 'stix', 'misp-galaxy') then 'objects_imported'
           when new.format in ('kev', 'epss', 'cve') then 'import_succeeded'
           else 'indicators_imported' end,
      format('%s: %s new, %s updated', new.source_name, to_char(new.inserted, 'FM999G999G999'), to_char(new.updated, 'FM999G999G999')),
      format('%s records read (%s).', to_char(new.records, 'FM999G999G999'), new.format),
      new.source_id, new.id,
      jsonb_build_object('records', new.records, 'inserted', new.inserted, 'updated', new.updated,
                         'unchanged', new.unchanged, 'rejected', new.rejected),
      new.tlp);
  elsif new.status = 'failed' then
    insert into public.intel_events (kind, title, summary, source_id, import_run_id, counts, tlp)
    values ('import_failed', format('%s: import failed', new.source_name), left(coalesce(new.error, ''), 2000),
            new.source_id, new.id, jsonb_build_object('records', new.records), new.tlp);
  end if;
  return null;
end
$$;
comment on function private.announce_import_run() is
  'Trigger: an import run that succeeded with changes, or failed, becomes one intel_events row under the run''s TLP.';

create or replace function private.announce_kev_additions() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  added text[];
begin
  if tg_op = 'INSERT' then
    select array_agg(n.cve_id) into added from changed n where n.kev_date_added is not null;
  else
    select array_agg(n.cve_id) into added
      from changed n join previous o on o.cve_id = n.cve_id
     where n.kev_date_added is not null and o.kev_date_added is null;
  end if;
  if added is null then
    return null;
  end if;
  -- The rows as the statement left them: their marking and audience decide who hears of them.
  insert into public.intel_events (kind, title, summary, cve_ids, counts, tlp, red_audience)
  select 'kev_added',
         case when g.total = 1 then format('%s added to the KEV catalogue', g.cves[1])
              else format('%s vulnerabilities added to the KEV catalogue', to_char(g.total, 'FM999G999G999')) end,
         'Known exploited, with a remediation due date.', g.cves, jsonb_build_object('kev_added', g.total),
         g.tlp, g.audience
    from (select v.tlp, case when v.tlp = 'red' then v.red_audience else '{}' end as audience, count(*) as total,
                 (array_agg(v.cve_id order by v.kev_date_added desc, v.cve_id))[1:1000] as cves
            from public.vulnerabilities v
           where v.cve_id = any (added)
           group by 1, 2) g
   order by g.tlp;
  return null;
end
$$;
comment on function private.announce_kev_additions() is
  'Statement trigger: the CVEs a statement added to KEV become kev_added events, one per TLP and TLP:RED audience, each marked as its CVEs.';

create or replace function private.announce_alerts() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.intel_events (kind, title, summary, alert_id, counts, tlp)
  select 'alert_raised', left(a.severity::text || ' alert: ' || a.title, 300), left(a.description, 2000), a.id, '{}',
         case when a.metadata ->> 'tlp' in ('clear', 'green', 'amber', 'amber+strict', 'red')
              then (a.metadata ->> 'tlp')::public.tlp_level else 'clear' end
    from raised a;
  return null;
end
$$;
comment on function private.announce_alerts() is
  'Statement trigger: every alert raised becomes an alert_raised event, marked with the TLP its metadata names (else CLEAR: every signed-in user reads alerts).';
