-- Third-Party Intelligence: the sources of the knowledge base as one overview (each source with its
-- last run and a verdict on its health), administrators changing a source, and files an
-- administrator uploads for a source. The browser never imports: the file goes into the private
-- `intel-uploads` bucket (the uploader's own folder) and the importer's worker runs it through the
-- knowledge-base pipeline, exactly as `npm run intel -- import FILE --source NAME` would.

-- Each source with its latest run (any status: a queued or running one shows as such) and a verdict
-- from its finished runs and schedule. security invoker: RLS applies as for direct reads.
create function public.source_overview()
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
      where x.source_id = s.id and x.status in ('succeeded', 'failed')
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
  'Every source with its latest run and a health verdict: failed (last finished run failed), pending (first run under way), never_succeeded (enabled, no successful run), overdue (scheduled sync late by more than an hour or an interval), disabled or healthy. RLS applies.';
revoke all on function public.source_overview() from public, anon;
grant execute on function public.source_overview() to authenticated, service_role;

-- Source changes are recorded like the other administrative acts: who changed what, from what to what.
insert into private.security_event_types (event_type, default_severity, client_reportable)
values ('source_changed', 'medium', false)
on conflict (event_type) do nothing;

-- Administrators switch a source on or off and judge it (reliability, default TLP). An RPC rather
-- than the table's column grants: a refusal is an explicit 42501 (an update filtered by RLS would
-- answer 200 with nothing changed), and every change is recorded as a security event.
create function public.update_source(
  _id uuid,
  _enabled boolean default null,
  _reliability public.source_reliability default null,
  _default_tlp public.tlp_level default null
)
returns table (id uuid, enabled boolean, reliability public.source_reliability, default_tlp public.tlp_level, updated_at timestamptz)
language plpgsql volatile security definer set search_path = '' as $$
declare
  _before public.sources;
  _after public.sources;
  _changes jsonb := '{}'::jsonb;
begin
  if ((select auth.jwt()) ->> 'role') is distinct from 'service_role' and not private.admin_mfa_verified() then
    raise exception 'Only administrators with a verified second factor can change sources' using errcode = '42501';
  end if;
  select * into _before from public.sources s where s.id = _id for update;
  if not found then
    raise exception 'No such source' using errcode = '22023';
  end if;
  update public.sources s
     set enabled = coalesce(_enabled, s.enabled),
         reliability = coalesce(_reliability, s.reliability),
         default_tlp = coalesce(_default_tlp, s.default_tlp)
   where s.id = _id
  returning * into _after;
  if _after.enabled is distinct from _before.enabled then
    _changes := _changes || jsonb_build_object('enabled', jsonb_build_object('from', _before.enabled, 'to', _after.enabled));
  end if;
  if _after.reliability is distinct from _before.reliability then
    _changes := _changes || jsonb_build_object('reliability', jsonb_build_object('from', _before.reliability, 'to', _after.reliability));
  end if;
  if _after.default_tlp is distinct from _before.default_tlp then
    _changes := _changes || jsonb_build_object('default_tlp', jsonb_build_object('from', _before.default_tlp, 'to', _after.default_tlp));
  end if;
  if _changes <> '{}'::jsonb then
    perform private.record_security_event(
      'source_changed',
      jsonb_build_object('source_id', _after.id, 'source', _after.name, 'changes', _changes),
      (select auth.uid()));
  end if;
  return query select _after.id, _after.enabled, _after.reliability, _after.default_tlp, _after.updated_at;
end
$$;
comment on function public.update_source(uuid, boolean, public.source_reliability, public.tlp_level) is
  'Enables or disables a source and sets its reliability and default TLP (null: unchanged); admins with MFA only; each change is recorded as a source_changed security event.';
revoke all on function public.update_source(uuid, boolean, public.source_reliability, public.tlp_level) from public, anon;
grant execute on function public.update_source(uuid, boolean, public.source_reliability, public.tlp_level) to authenticated, service_role;

-- Files for the knowledge base, uploaded by administrators with MFA into their own folder. 512 MiB:
-- a full CVE or ATT&CK dump compressed; larger files are for the CLI on the platform host.
insert into storage.buckets (id, name, public, file_size_limit)
values ('intel-uploads', 'intel-uploads', false, 536870912)
on conflict (id) do nothing;

create policy "Admins with MFA upload intelligence into their own folder" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'intel-uploads' and (storage.foldername(name))[1] = (select auth.uid())::text
              and (select private.admin_mfa_verified()));
create policy "Admins with MFA read their own intelligence uploads" on storage.objects
  for select to authenticated
  using (bucket_id = 'intel-uploads' and (storage.foldername(name))[1] = (select auth.uid())::text
         and (select private.admin_mfa_verified()));
create policy "Admins with MFA remove their own intelligence uploads" on storage.objects
  for delete to authenticated
  using (bucket_id = 'intel-uploads' and (storage.foldername(name))[1] = (select auth.uid())::text
         and (select private.admin_mfa_verified()));

create function public.request_file_import(
  _object_name text,
  _source_id uuid,
  _format text default null
) returns bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  _uid uuid := (select auth.uid());
  _source public.sources;
  _size bigint;
  _waiting integer;
  _run_id bigint;
begin
  if _uid is null or not private.admin_mfa_verified() then
    raise exception 'Only administrators with a verified second factor can import files' using errcode = '42501';
  end if;
  select * into _source from public.sources s where s.id = _source_id;
  if not found then
    raise exception 'No such source' using errcode = '22023';
  end if;
  _format := coalesce(nullif(btrim(_format), ''), _source.format);
  if _format is null then
    raise exception 'This source has no format: name the file''s format' using errcode = '22023';
  end if;
  -- The worker knows which formats have an importer and fails the run with the reason otherwise.
  if _format !~ '^[a-z0-9-]{1,40}$' then
    raise exception 'A format name is lower-case letters, digits and hyphens' using errcode = '22023';
  end if;
  select (o.metadata ->> 'size')::bigint into _size
    from storage.objects o
   where o.bucket_id = 'intel-uploads' and o.name = _object_name
     and (storage.foldername(o.name))[1] = _uid::text;
  if not found then
    raise exception 'That file is not among your intelligence uploads; upload it again' using errcode = '22023';
  end if;
  select count(*) into _waiting from public.import_runs r
   where r.requested_by = _uid and r.upload is not null and r.status in ('queued', 'running');
  if _waiting >= 3 then
    raise exception 'You already have 3 file imports waiting; import more when one has finished'
      using errcode = 'PT429';
  end if;
  insert into public.import_runs (source_id, source_name, format, input, requested_by, status, upload, bytes)
  values (_source.id, _source.name, _format, left(_object_name, 4096), _uid, 'queued',
          jsonb_build_object('bucket', 'intel-uploads', 'object', _object_name), _size)
  returning id into _run_id;
  perform pg_notify('intel_import_requests', _run_id::text);
  return _run_id;
end
$$;
comment on function public.request_file_import(text, uuid, text) is
  'Queues the import of a file an admin with MFA uploaded to intel-uploads (own folder) into a source, in the source''s format unless one is named; the importer worker runs it. Returns the run id; at most 3 waiting per person (PT429).';
revoke all on function public.request_file_import(text, uuid, text) from public, anon;
grant execute on function public.request_file_import(text, uuid, text) to authenticated;
