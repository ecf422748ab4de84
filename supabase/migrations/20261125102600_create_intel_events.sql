-- The Global Threat Feed's stream: one row per thing an analyst wants to know arrived (an import run,
-- its KEV additions, a new alert), never one per indicator. Written only by triggers and the service
-- role; readable by signed-in users within their TLP; pushed by realtime.

create table public.intel_events (
  id bigint generated always as identity primary key,
  occurred_at timestamptz not null default now(),
  kind text not null check (kind in ('kev_added', 'indicators_imported', 'objects_imported', 'alert_raised', 'import_succeeded', 'import_failed')),
  title text not null check (char_length(title) between 1 and 300),
  summary text not null default '' check (char_length(summary) <= 2000),
  source_id uuid references public.sources (id) on delete set null,
  import_run_id bigint references public.import_runs (id) on delete set null,
  alert_id uuid references public.enhanced_security_alerts (id) on delete cascade,
  cve_ids text[] not null default '{}' check (cardinality(cve_ids) <= 1000),
  counts jsonb not null default '{}'::jsonb check (jsonb_typeof(counts) = 'object' and pg_column_size(counts) <= 4096),
  tlp public.tlp_level not null default 'clear'
);
comment on table public.intel_events is 'The stream of new intelligence (import runs, KEV additions, new alerts) for the Global Threat Feed; written by triggers.';
comment on column public.intel_events.id is 'Event id.';
comment on column public.intel_events.occurred_at is 'When it happened.';
comment on column public.intel_events.kind is 'kev_added, indicators_imported, objects_imported, alert_raised, import_succeeded or import_failed.';
comment on column public.intel_events.title is 'One line, rendered as text only.';
comment on column public.intel_events.summary is 'A few more words, rendered as text only.';
comment on column public.intel_events.source_id is 'The source an import came from.';
comment on column public.intel_events.import_run_id is 'The import run.';
comment on column public.intel_events.alert_id is 'The alert raised.';
comment on column public.intel_events.cve_ids is 'CVE ids concerned (at most 1,000; counts says how many in all).';
comment on column public.intel_events.counts is 'Numbers (inserted, updated, kev_added, …).';
comment on column public.intel_events.tlp is 'The most restrictive marking of what it describes.';
create index intel_events_occurred_at_idx on public.intel_events (occurred_at desc, id desc);
create index intel_events_kind_occurred_at_idx on public.intel_events (kind, occurred_at desc);
create index intel_events_source_id_idx on public.intel_events (source_id) where source_id is not null;
create index intel_events_import_run_id_idx on public.intel_events (import_run_id) where import_run_id is not null;
create index intel_events_alert_id_idx on public.intel_events (alert_id) where alert_id is not null;

alter table public.intel_events enable row level security;
grant select on public.intel_events to authenticated;
grant all on public.intel_events to service_role;
create policy "Analysts read intelligence events up to their TLP" on public.intel_events
  for select to authenticated using (tlp <> 'red' or (select private.red_readable_by_caller()));

alter publication supabase_realtime add table public.intel_events;

-- A finished import run: one event saying what it brought (or why it failed).
create function private.announce_import_run() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.status = 'succeeded' and new.inserted + new.updated > 0 then
    insert into public.intel_events (kind, title, summary, source_id, import_run_id, counts)
    values (
      case when new.format in ('attack', 'stix', 'misp-galaxy') then 'objects_imported'
           when new.format in ('kev', 'epss', 'cve') then 'import_succeeded'
           else 'indicators_imported' end,
      format('%s: %s new, %s updated', new.source_name, to_char(new.inserted, 'FM999G999G999'), to_char(new.updated, 'FM999G999G999')),
      format('%s records read (%s).', to_char(new.records, 'FM999G999G999'), new.format),
      new.source_id, new.id,
      jsonb_build_object('records', new.records, 'inserted', new.inserted, 'updated', new.updated,
                         'unchanged', new.unchanged, 'rejected', new.rejected));
  elsif new.status = 'failed' then
    insert into public.intel_events (kind, title, summary, source_id, import_run_id, counts)
    values ('import_failed', format('%s: import failed', new.source_name), left(coalesce(new.error, ''), 2000),
            new.source_id, new.id, jsonb_build_object('records', new.records));
  end if;
  return null;
end
$$;
comment on function private.announce_import_run() is 'Trigger: an import run that succeeded with changes, or failed, becomes one intel_events row.';
revoke all on function private.announce_import_run() from public, anon, authenticated;

create trigger import_runs_announce after update of status on public.import_runs
  for each row when (old.status is distinct from new.status and new.status in ('succeeded', 'failed'))
  execute function private.announce_import_run();

-- KEV additions: one event per statement listing the CVEs that newly got a KEV date.
create function private.announce_kev_additions() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  added text[];
  total integer;
begin
  if tg_op = 'INSERT' then
    select count(*), (array_agg(n.cve_id order by n.kev_date_added desc, n.cve_id))[1:1000]
      into total, added from changed n where n.kev_date_added is not null;
  else
    select count(*), (array_agg(n.cve_id order by n.kev_date_added desc, n.cve_id))[1:1000]
      into total, added
      from changed n join previous o on o.cve_id = n.cve_id
     where n.kev_date_added is not null and o.kev_date_added is null;
  end if;
  if total > 0 then
    insert into public.intel_events (kind, title, summary, cve_ids, counts)
    values ('kev_added',
            case when total = 1 then format('%s added to the KEV catalogue', added[1])
                 else format('%s vulnerabilities added to the KEV catalogue', to_char(total, 'FM999G999G999')) end,
            'Known exploited, with a remediation due date.', added, jsonb_build_object('kev_added', total));
  end if;
  return null;
end
$$;
comment on function private.announce_kev_additions() is 'Statement trigger: the CVEs a statement added to KEV become one kev_added event.';
revoke all on function private.announce_kev_additions() from public, anon, authenticated;

create trigger vulnerabilities_announce_kev_insert after insert on public.vulnerabilities
  referencing new table as changed for each statement execute function private.announce_kev_additions();
create trigger vulnerabilities_announce_kev_update after update on public.vulnerabilities
  referencing old table as previous new table as changed for each statement execute function private.announce_kev_additions();

-- A new alert: one event per alert (statement trigger, so a batch of alerts is one pass).
create function private.announce_alerts() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.intel_events (kind, title, summary, alert_id, counts)
  select 'alert_raised', left(a.severity::text || ' alert: ' || a.title, 300), left(a.description, 2000), a.id, '{}'
    from raised a;
  return null;
end
$$;
comment on function private.announce_alerts() is 'Statement trigger: every alert raised becomes an alert_raised event.';
revoke all on function private.announce_alerts() from public, anon, authenticated;

create trigger enhanced_security_alerts_announce after insert on public.enhanced_security_alerts
  referencing new table as raised for each statement execute function private.announce_alerts();
