-- Telemetry uploads no longer fill the disk (issue 36 item 7): two 1 GiB uploads by one analyst
-- were accepted, and a file nobody imported stayed for ever.
--
-- * Quotas, as settings (System Configuration, category Uploads, audited like every setting): what
--   one person's folder of telemetry-uploads may hold, and what the bucket may hold in all.
-- * public.storage_upload_allowance(bucket, name): the bytes an upload to that name may still
--   store, and the reason to give when it would store more. The stack's storage service asks it
--   before reading a byte of an upload (a declared length over it is refused at once, a body is
--   cut off as soon as it passes it) when the function exists; a trigger checks the stored size
--   again under a lock, so two uploads at once cannot both take the last bytes.
-- * Expiry: private.expired_uploads() lists the files of the upload buckets that no waiting import
--   names and that are older than uploads.unimported_expiry_hours; the importer's worker removes
--   them through the storage API in its daily purge (a row's file goes with it).

insert into public.settings (key, category, label, description, type, value, min_value, max_value, allowed_values, unit) values
  ('uploads.telemetry_quota_per_user_mib', 'Uploads', 'Telemetry uploads per person',
   'What one person''s telemetry files waiting on the server may hold in all; an upload that would pass it is refused before it is stored.',
   'integer', '1024', 1, 1048576, null, 'MiB'),
  ('uploads.telemetry_quota_total_mib', 'Uploads', 'Telemetry uploads in all',
   'What everyone''s telemetry files waiting on the server may hold together; an upload that would pass it is refused before it is stored.',
   'integer', '10240', 1, 10485760, null, 'MiB'),
  ('uploads.unimported_expiry_hours', 'Uploads', 'Unimported uploads kept',
   'An uploaded file (telemetry, leak posts, assets, intelligence) that no waiting import names is removed this long after its upload, by the daily purge.',
   'integer', '24', 1, 720, null, 'hours')
on conflict (key) do nothing;

create function private.upload_allowance(_bucket_id text, _name text)
returns table (bytes bigint, reason text)
language plpgsql stable security definer set search_path = '' as $$
declare
  _owner text := (storage.foldername(_name))[1];
  _per_user bigint;
  _total bigint;
  _user_used bigint;
  _all_used bigint;
begin
  if _bucket_id is distinct from 'telemetry-uploads' then
    return query select null::bigint, null::text;
    return;
  end if;
  _per_user := coalesce((private.setting('uploads.telemetry_quota_per_user_mib') #>> '{}')::bigint, 1024) * 1048576;
  _total := coalesce((private.setting('uploads.telemetry_quota_total_mib') #>> '{}')::bigint, 10240) * 1048576;
  -- The object this upload replaces (same name) frees its bytes.
  select coalesce(sum((o.metadata ->> 'size')::bigint) filter (where (storage.foldername(o.name))[1] = _owner), 0),
         coalesce(sum((o.metadata ->> 'size')::bigint), 0)
    into _user_used, _all_used
    from storage.objects o
   where o.bucket_id = _bucket_id and o.name is distinct from _name;
  if _per_user - _user_used <= _total - _all_used then
    return query select greatest(_per_user - _user_used, 0),
      format('Your telemetry files waiting on the server may hold %s MiB in all and hold %s MiB now: import or remove one first, or ask an administrator to raise "Telemetry uploads per person" (System Configuration)',
             _per_user / 1048576, ceil(_user_used / 1048576.0)::bigint);
  else
    return query select greatest(_total - _all_used, 0),
      format('The telemetry files waiting on the server may hold %s MiB in all and hold %s MiB now: try again once some are imported, or ask an administrator to raise "Telemetry uploads in all" (System Configuration)',
             _total / 1048576, ceil(_all_used / 1048576.0)::bigint);
  end if;
end
$$;
comment on function private.upload_allowance(text, text) is
  'Bytes an upload to this bucket and name may still store under the telemetry upload quotas (per person: the first folder of the name; in all), and the reason to give past them; null, null for buckets without a quota.';
revoke all on function private.upload_allowance(text, text) from public, anon, authenticated;

create function public.storage_upload_allowance(_bucket_id text, _name text)
returns table (bytes bigint, reason text)
language plpgsql stable security definer set search_path = '' as $$
declare
  _allowed record;
begin
  select a.bytes, a.reason into _allowed from private.upload_allowance(_bucket_id, _name) a;
  -- Where a quota applies, a signed-in caller asks about their own folder only (the stack asks as
  -- the service role).
  if _allowed.bytes is not null and (select auth.role()) is distinct from 'service_role'
     and (storage.foldername(_name))[1] is distinct from (select auth.uid())::text then
    raise exception 'You may ask only about your own uploads' using errcode = '42501';
  end if;
  return query select _allowed.bytes, _allowed.reason;
end
$$;
comment on function public.storage_upload_allowance(text, text) is
  'Bytes an upload to this bucket and name may still store under the upload quotas, and the reason to give past them (null, null: no quota). The stack''s storage service asks it before reading an upload''s body; a signed-in caller may ask about their own folder.';
revoke all on function public.storage_upload_allowance(text, text) from public, anon;
grant execute on function public.storage_upload_allowance(text, text) to authenticated, service_role;

-- The last word, where the row is written: under a per-bucket lock, the stored size within the allowance.
create function private.enforce_upload_quota() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  _allowed record;
begin
  if new.metadata ->> 'size' is null then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtext('storage upload quota ' || new.bucket_id));
  select a.bytes, a.reason into _allowed
    from private.upload_allowance(new.bucket_id, new.name) a;
  if _allowed.bytes is not null and (new.metadata ->> 'size')::bigint > _allowed.bytes then
    raise exception '%', _allowed.reason using errcode = '53100';
  end if;
  return new;
end
$$;
comment on function private.enforce_upload_quota() is
  'Trigger on storage.objects (telemetry-uploads): refuses a stored size past private.upload_allowance, under a per-bucket lock (53100).';
revoke all on function private.enforce_upload_quota() from public, anon, authenticated;
create trigger telemetry_uploads_quota before insert or update of metadata on storage.objects
  for each row when (new.bucket_id = 'telemetry-uploads') execute function private.enforce_upload_quota();

create function private.expired_uploads()
returns table (bucket_id text, name text, size bigint)
language sql stable security definer set search_path = '' as $$
  select o.bucket_id, o.name, (o.metadata ->> 'size')::bigint
    from storage.objects o
   where o.bucket_id in ('telemetry-uploads', 'leak-uploads', 'asset-uploads', 'intel-uploads')
     and o.created_at < now() - make_interval(hours =>
           coalesce((private.setting('uploads.unimported_expiry_hours') #>> '{}')::integer, 24))
     and not exists (
       select 1 from public.import_runs r
        where r.status in ('queued', 'running') and r.upload ->> 'bucket' = o.bucket_id
          and r.upload ->> 'object' = o.name)
   order by o.created_at
   limit 1000
$$;
comment on function private.expired_uploads() is
  'Uploaded files no waiting import names, older than uploads.unimported_expiry_hours (1,000 at most per call): the worker''s daily purge removes them through the storage API.';
revoke all on function private.expired_uploads() from public, anon, authenticated;
grant execute on function private.expired_uploads() to service_role;
