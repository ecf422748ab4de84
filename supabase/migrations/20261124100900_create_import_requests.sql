-- Imports started from the app: an administrator with MFA asks for a source to be synced now; the
-- importer's worker (`npm run intel -- worker`, started by `npm start`) picks the request up,
-- runs the connector on the server and records the run. The browser never runs an import.

alter type public.import_status add value if not exists 'queued' before 'running';

create function public.request_source_sync(_source_id uuid) returns bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  _source public.sources;
  _run_id bigint;
begin
  if ((select auth.jwt()) ->> 'role') is distinct from 'service_role' and not private.admin_mfa_verified() then
    raise exception 'Only administrators with a verified second factor can start imports' using errcode = '42501';
  end if;
  select * into _source from public.sources where id = _source_id;
  if not found then
    raise exception 'No such source' using errcode = '22023';
  end if;
  if _source.url is null or _source.format is null then
    raise exception 'This source has no URL and format to fetch; import its files instead' using errcode = '22023';
  end if;
  select id into _run_id from public.import_runs
   where source_id = _source_id and status in ('queued', 'running') order by id desc limit 1;
  if found then
    return _run_id;
  end if;
  insert into public.import_runs (source_id, source_name, format, input, requested_by, status)
  values (_source.id, _source.name, _source.format, _source.url, (select auth.uid()), 'queued')
  returning id into _run_id;
  perform pg_notify('intel_import_requests', _run_id::text);
  return _run_id;
end
$$;
comment on function public.request_source_sync(uuid) is 'Queues a server-side sync of a source for the importer worker; admins with MFA only. Returns the run id (an existing queued or running one if any).';
revoke all on function public.request_source_sync(uuid) from public, anon;
grant execute on function public.request_source_sync(uuid) to authenticated, service_role;
