-- Asset inventory CSVs uploaded from External Assets. Until now the browser parsed and checked the
-- file itself and wrote the rows over REST, with its own copy of the importer's rules (issue 33
-- item 3). Now the same path as telemetry and leak posts: the browser puts the file into the
-- private `asset-uploads` bucket under the uploader's own folder and asks for an import; the
-- importer's worker downloads it, imports it as `intel import FILE --format assets` does (one
-- reading of the rows, rejects by line) with created_by = the uploader, as the REST path stored,
-- and removes the file. Who may import is unchanged: every signed-in user may add and edit assets
-- (the policies of 20261126100200_create_assets.sql), so every signed-in user may upload them.
-- The queueing itself (the file must be the caller's own, three waiting per person) moves into one
-- private helper that request_leak_import uses too, with its behaviour and words unchanged.

-- 5 MiB, the page's limit before (an inventory of 50,000 hosts is about 3 MB); the CLI takes larger files.
insert into storage.buckets (id, name, public, file_size_limit)
values ('asset-uploads', 'asset-uploads', false, 5242880)
on conflict (id) do nothing;

create policy "Signed-in users upload asset inventories into their own folder" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'asset-uploads' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "Signed-in users read their own asset inventory uploads" on storage.objects
  for select to authenticated
  using (bucket_id = 'asset-uploads' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "Signed-in users remove their own asset inventory uploads" on storage.objects
  for delete to authenticated
  using (bucket_id = 'asset-uploads' and (storage.foldername(name))[1] = (select auth.uid())::text);

-- The steps every "import the file I uploaded" RPC takes, for the caller (auth.uid()): the object must
-- be in their own folder of _bucket, they may have three uploads waiting at most, and the run is
-- queued for the importer's worker (NOTIFY intel_import_requests). Called only by the checked public
-- RPCs below, which name the bucket, the format and what the file is called in their refusal.
create function private.queue_own_upload(
  _bucket text, _object_name text, _source_name text, _format text, _what text
) returns bigint
language plpgsql volatile set search_path = '' as $$
declare
  _uid uuid := (select auth.uid());
  _size bigint;
  _waiting integer;
  _run_id bigint;
begin
  if _uid is null then
    raise exception 'Sign in to import files' using errcode = '42501';
  end if;
  select (o.metadata ->> 'size')::bigint into _size
    from storage.objects o
   where o.bucket_id = _bucket and o.name = _object_name
     and (storage.foldername(o.name))[1] = _uid::text;
  if not found then
    raise exception 'That file is not among your % uploads; upload it again', _what using errcode = '22023';
  end if;
  -- The same allowance as every upload: three waiting per person.
  select count(*) into _waiting from public.import_runs
   where requested_by = _uid and upload is not null and status in ('queued', 'running');
  if _waiting >= 3 then
    raise exception 'You already have 3 imports waiting; import more when one has finished'
      using errcode = 'PT429';
  end if;
  insert into public.import_runs (source_name, format, input, requested_by, status, upload, bytes)
  values (_source_name, _format, left(_object_name, 4096), _uid, 'queued',
          jsonb_build_object('bucket', _bucket, 'object', _object_name), _size)
  returning id into _run_id;
  perform pg_notify('intel_import_requests', _run_id::text);
  return _run_id;
end
$$;
comment on function private.queue_own_upload(text, text, text, text, text) is
  'Queues the import of a file the caller uploaded to their own folder of _bucket (at most 3 uploads waiting per person, PT429); _what names the kind of file in refusals. For the checked request_*_import RPCs only.';
revoke all on function private.queue_own_upload(text, text, text, text, text) from public, anon, authenticated;

create or replace function public.request_leak_import(_object_name text) returns bigint
language sql volatile security definer set search_path = '' as $$
  select private.queue_own_upload('leak-uploads', _object_name, 'Leak-site monitoring', 'leak-sites', 'leak-post');
$$;

create function public.request_asset_import(_object_name text) returns bigint
language sql volatile security definer set search_path = '' as $$
  select private.queue_own_upload('asset-uploads', _object_name, 'Asset inventory', 'assets', 'asset inventory');
$$;
comment on function public.request_asset_import(text) is
  'Queues the import of an asset inventory CSV (hostname, ip, owner, criticality, vendor, product, version, cpe) the caller uploaded to asset-uploads (own folder); the importer worker runs it and records the caller as the creator of new assets. Returns the run id; at most 3 uploads waiting per person (PT429).';
revoke all on function public.request_asset_import(text) from public, anon;
grant execute on function public.request_asset_import(text) to authenticated;
