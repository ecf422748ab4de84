-- A feed's health no longer turns "Failing" because an administrator uploaded a bad file into its
-- source by hand: the verdict reads the feed's own runs (syncs and CLI imports) and successful
-- uploads. The failed upload still shows as the source's last run, with its error.

create or replace function public.source_overview()
returns table (
  id uuid,
  name text,
  kind public.source_kind,
  format text,
  url text,
  description text,
  reliability public.source_reliability,
  default_tlp public.tlp_level,
  default_confidence smallint,
  sync_interval_seconds integer,
  enabled boolean,
  last_synced_at timestamptz,
  next_sync_at timestamptz,
  last_success_at timestamptz,
  last_run_id bigint,
  last_run_status public.import_status,
  last_run_started_at timestamptz,
  last_run_finished_at timestamptz,
  last_run_records integer,
  last_run_inserted integer,
  last_run_updated integer,
  last_run_unchanged integer,
  last_run_rejected integer,
  last_run_ignored integer,
  last_run_error text,
  health text
)
language sql stable security invoker set search_path = '' as $$
  select s.id, s.name, s.kind, s.format, s.url, s.description, s.reliability, s.default_tlp,
         s.default_confidence, extract(epoch from s.sync_interval)::integer, s.enabled, s.last_synced_at,
         case when scheduled then coalesce(s.last_synced_at, s.created_at) + s.sync_interval end,
         ok.finished_at, r.id, r.status, r.started_at, r.finished_at, r.records, r.inserted, r.updated,
         r.unchanged, r.rejected, r.ignored, r.error,
         case
           when done.status = 'failed' then 'failed'
           -- A first import under way is not a failure yet.
           when done.status is null and r.status in ('queued', 'running') then 'pending'
           when s.enabled and ok.finished_at is null then 'never_succeeded'
           -- Slack for the worker's poll and a long import: one hour, or one interval when shorter.
           when scheduled and coalesce(s.last_synced_at, s.created_at) + s.sync_interval
                + least(s.sync_interval, interval '1 hour') < now() then 'overdue'
           when not s.enabled then 'disabled'
           else 'healthy'
         end
    from public.sources s
   cross join lateral (
     select s.enabled and s.url is not null and s.format is not null and s.sync_interval is not null as scheduled
   ) due
   left join lateral (
     select * from public.import_runs x where x.source_id = s.id order by x.started_at desc, x.id desc limit 1
   ) r on true
   left join lateral (
     select x.status from public.import_runs x
      where x.source_id = s.id
        -- A file someone uploaded by hand that failed says nothing about the feed: it is the file.
        and (x.status = 'succeeded' or (x.status = 'failed' and x.upload is null))
      order by x.started_at desc, x.id desc limit 1
   ) done on true
   left join lateral (
     select x.finished_at from public.import_runs x
      where x.source_id = s.id and x.status = 'succeeded'
      order by x.started_at desc, x.id desc limit 1
   ) ok on true
   order by s.name
$$;
comment on function public.source_overview() is
  'Every source with its latest run and a health verdict: failed (last finished run failed; a failed manual upload does not count), pending (first run under way), never_succeeded (enabled, no successful run), overdue (scheduled sync late by more than an hour or an interval), disabled or healthy. RLS applies.';
revoke all on function public.source_overview() from public, anon;
grant execute on function public.source_overview() to authenticated, service_role;
