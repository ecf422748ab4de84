-- Telemetry uploaded from the Network Monitoring page. The browser puts the file into the private
-- `telemetry-uploads` bucket, under the uploader's own folder, and asks for an import; the importer's
-- worker (the one that runs app-requested syncs) downloads it, imports it through the telemetry
-- pipeline and removes the file. The browser never parses a log: a 1 GB EVE file is streamed on the
-- server in constant memory, exactly as `npm run intel -- import FILE --format suricata-eve` does.

insert into storage.buckets (id, name, public, file_size_limit)
values ('telemetry-uploads', 'telemetry-uploads', false, 1073741824)
on conflict (id) do nothing;

create policy "Signed-in users upload telemetry into their own folder" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'telemetry-uploads' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "Signed-in users read their own telemetry uploads" on storage.objects
  for select to authenticated
  using (bucket_id = 'telemetry-uploads' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "Signed-in users remove their own telemetry uploads" on storage.objects
  for delete to authenticated
  using (bucket_id = 'telemetry-uploads' and (storage.foldername(name))[1] = (select auth.uid())::text);

alter table public.import_runs
  add column upload jsonb check (upload is null or (jsonb_typeof(upload) = 'object' and pg_column_size(upload) <= 2048));
comment on column public.import_runs.upload is
  'For a file uploaded from the app: {bucket, object, sensor}; the worker downloads and removes the object. Null for CLI imports and source syncs.';

-- The worker takes queued uploads in order; the partial index keeps that lookup off the run history.
create index import_runs_queued_uploads on public.import_runs (id) where status = 'queued' and upload is not null;

create function public.request_telemetry_import(
  _object_name text,
  _format text default null,
  _sensor text default null
) returns bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  _uid uuid := (select auth.uid());
  _size bigint;
  _waiting integer;
  _run_id bigint;
begin
  if _uid is null then
    raise exception 'Sign in to import telemetry' using errcode = '42501';
  end if;
  if _format is not null and _format not in ('suricata-eve', 'zeek') then
    raise exception 'The format is suricata-eve or zeek, or none to recognise it from the file' using errcode = '22023';
  end if;
  _sensor := nullif(btrim(_sensor), '');
  if _sensor is not null and (char_length(_sensor) > 100 or _sensor ~ '[[:cntrl:]]') then
    raise exception 'A sensor name has at most 100 characters and no control characters' using errcode = '22023';
  end if;
  select (o.metadata ->> 'size')::bigint into _size
    from storage.objects o
   where o.bucket_id = 'telemetry-uploads' and o.name = _object_name
     and (storage.foldername(o.name))[1] = _uid::text;
  if not found then
    raise exception 'That file is not among your telemetry uploads; upload it again' using errcode = '22023';
  end if;
  -- Three waiting imports per person: enough for a batch of sensors, too few to fill the queue.
  select count(*) into _waiting from public.import_runs
   where requested_by = _uid and upload is not null and status in ('queued', 'running');
  if _waiting >= 3 then
    raise exception 'You already have 3 telemetry imports waiting; import more when one has finished'
      using errcode = 'PT429';
  end if;
  insert into public.import_runs (source_name, format, input, requested_by, status, upload, bytes)
  values ('Telemetry upload', coalesce(_format, 'telemetry'), left(_object_name, 4096), _uid, 'queued',
          jsonb_build_object('bucket', 'telemetry-uploads', 'object', _object_name, 'sensor', _sensor), _size)
  returning id into _run_id;
  perform pg_notify('intel_import_requests', _run_id::text);
  return _run_id;
end
$$;
comment on function public.request_telemetry_import(text, text, text) is
  'Queues the import of a Suricata EVE or Zeek file the caller uploaded to telemetry-uploads (own folder); the importer worker runs it. Returns the run id; at most 3 waiting per person (PT429).';
revoke all on function public.request_telemetry_import(text, text, text) from public, anon;
grant execute on function public.request_telemetry_import(text, text, text) to authenticated;
