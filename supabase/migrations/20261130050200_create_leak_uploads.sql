-- Leak-site posts uploaded from Dark Web Monitoring. Until now they came only from the CLI
-- (`intel import FILE --format leak-sites`), so the page stayed empty for anyone without a shell on
-- the server. Same path as telemetry: the browser puts the file into the private `leak-uploads`
-- bucket under the uploader's own folder and asks for an import; the importer's worker downloads
-- it, imports it as the CLI would (posts deduplicated, watches matched, alerts raised) and removes
-- the file. Leak posts are the organisation's shared monitoring data like telemetry, which every
-- signed-in user may upload; the table itself stays writable by the service role only.

-- 256 MiB: a full ransomwatch archive (17,532 posts) is 2.5 MB unpacked.
insert into storage.buckets (id, name, public, file_size_limit)
values ('leak-uploads', 'leak-uploads', false, 268435456)
on conflict (id) do nothing;

create policy "Signed-in users upload leak posts into their own folder" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'leak-uploads' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "Signed-in users read their own leak-post uploads" on storage.objects
  for select to authenticated
  using (bucket_id = 'leak-uploads' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "Signed-in users remove their own leak-post uploads" on storage.objects
  for delete to authenticated
  using (bucket_id = 'leak-uploads' and (storage.foldername(name))[1] = (select auth.uid())::text);

create function public.request_leak_import(_object_name text) returns bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  _uid uuid := (select auth.uid());
  _size bigint;
  _waiting integer;
  _run_id bigint;
begin
  if _uid is null then
    raise exception 'Sign in to import leak posts' using errcode = '42501';
  end if;
  select (o.metadata ->> 'size')::bigint into _size
    from storage.objects o
   where o.bucket_id = 'leak-uploads' and o.name = _object_name
     and (storage.foldername(o.name))[1] = _uid::text;
  if not found then
    raise exception 'That file is not among your leak-post uploads; upload it again' using errcode = '22023';
  end if;
  -- The same allowance as every upload: three waiting per person.
  select count(*) into _waiting from public.import_runs
   where requested_by = _uid and upload is not null and status in ('queued', 'running');
  if _waiting >= 3 then
    raise exception 'You already have 3 imports waiting; import more when one has finished'
      using errcode = 'PT429';
  end if;
  insert into public.import_runs (source_name, format, input, requested_by, status, upload, bytes)
  values ('Leak-site monitoring', 'leak-sites', left(_object_name, 4096), _uid, 'queued',
          jsonb_build_object('bucket', 'leak-uploads', 'object', _object_name), _size)
  returning id into _run_id;
  perform pg_notify('intel_import_requests', _run_id::text);
  return _run_id;
end
$$;
comment on function public.request_leak_import(text) is
  'Queues the import of a leak-site posts file (ransomwatch JSON or the leak-sites format) the caller uploaded to leak-uploads (own folder); the importer worker runs it. Returns the run id; at most 3 uploads waiting per person (PT429).';
revoke all on function public.request_leak_import(text) from public, anon;
grant execute on function public.request_leak_import(text) to authenticated;
