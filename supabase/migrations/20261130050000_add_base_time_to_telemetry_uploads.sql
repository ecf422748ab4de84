-- Zeek logs whose `ts` counts seconds from the start of the capture (not epoch) can be dated only
-- with the capture's start time. The CLI takes it as an option; the upload form now sends it too,
-- and the worker reads it from the queued run's `upload` object. A new argument changes the
-- signature, so the old function goes (two overloads would make a call with named arguments
-- ambiguous for the REST layer).

drop function public.request_telemetry_import(text, text, text);

create function public.request_telemetry_import(
  _object_name text,
  _format text default null,
  _sensor text default null,
  _base_time timestamptz default null
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
  -- A capture cannot start before packet capture existed or after today (a typo in the year).
  if _base_time is not null and (_base_time < '1990-01-01' or _base_time > now() + interval '1 day') then
    raise exception 'The capture start time must lie between 1990 and today' using errcode = '22023';
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
          jsonb_build_object('bucket', 'telemetry-uploads', 'object', _object_name, 'sensor', _sensor,
            'base_time', to_char(_base_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')),
          _size)
  returning id into _run_id;
  perform pg_notify('intel_import_requests', _run_id::text);
  return _run_id;
end
$$;
comment on function public.request_telemetry_import(text, text, text, timestamptz) is
  'Queues the import of a Suricata EVE or Zeek file the caller uploaded to telemetry-uploads (own folder); the importer worker runs it. _base_time dates Zeek logs whose ts counts from the start of the capture. Returns the run id; at most 3 waiting per person (PT429).';
revoke all on function public.request_telemetry_import(text, text, text, timestamptz) from public, anon;
grant execute on function public.request_telemetry_import(text, text, text, timestamptz) to authenticated;

comment on column public.import_runs.upload is
  'For a file uploaded from the app: {bucket, object, sensor, base_time}; the worker downloads and removes the object. Null for CLI imports and source syncs.';
