-- Telemetry upload quotas and the expiry of unimported uploads (issue 36 item 7): the settings,
-- storage_upload_allowance (own folder only, the per-person or the whole bucket's quota, whichever
-- binds), the trigger that refuses a stored size past it, and private.expired_uploads.
begin;
select plan(12);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-000000037601', 'authenticated', 'authenticated', 'quota-a@test.local'),
  ('00000000-0000-4000-a000-000000037602', 'authenticated', 'authenticated', 'quota-b@test.local');

select is((select count(*)::int from public.settings where key in ('uploads.telemetry_quota_per_user_mib',
  'uploads.telemetry_quota_total_mib', 'uploads.unimported_expiry_hours')), 3, 'the three upload settings exist');

-- 4 MiB per person, 5 MiB in all; A holds 2 MiB, B holds 2 MiB.
update public.settings set value = '4' where key = 'uploads.telemetry_quota_per_user_mib';
update public.settings set value = '5' where key = 'uploads.telemetry_quota_total_mib';
insert into storage.objects (bucket_id, name, owner_id, metadata, created_at) values
  ('telemetry-uploads', '00000000-0000-4000-a000-000000037601/old.json', '00000000-0000-4000-a000-000000037601',
   '{"size": 2097152}', now() - interval '3 days'),
  ('telemetry-uploads', '00000000-0000-4000-a000-000000037602/queued.json', '00000000-0000-4000-a000-000000037602',
   '{"size": 2097152}', now() - interval '3 days');
insert into public.import_runs (source_name, format, status, upload) values
  ('Telemetry upload', 'telemetry', 'queued',
   '{"bucket": "telemetry-uploads", "object": "00000000-0000-4000-a000-000000037602/queued.json"}');

\set a_claims '{"sub":"00000000-0000-4000-a000-000000037601","role":"authenticated"}'
set local role authenticated;
select set_config('request.jwt.claims', :'a_claims', true);
select is((select bytes from public.storage_upload_allowance('telemetry-uploads', '00000000-0000-4000-a000-000000037601/new.json')),
  1048576::bigint, 'the whole bucket binds first: 5 MiB in all, 4 MiB held, 1 MiB left');
select matches((select reason from public.storage_upload_allowance('telemetry-uploads', '00000000-0000-4000-a000-000000037601/new.json')),
  '^The telemetry files waiting on the server may hold 5 MiB in all and hold 4 MiB now', 'the reason names the quota in all');
select is((select bytes from public.storage_upload_allowance('intel-uploads', '00000000-0000-4000-a000-000000037601/x')), null,
  'buckets without a quota answer none');
select throws_ok($$ select * from public.storage_upload_allowance('telemetry-uploads', '00000000-0000-4000-a000-000000037602/x') $$,
  '42501', null, 'nobody asks about another person''s folder');
select throws_ok($$ select * from private.expired_uploads() $$, '42501', null, 'analysts cannot list expired uploads');
reset role;

update public.settings set value = '100' where key = 'uploads.telemetry_quota_total_mib';
set local role authenticated;
select set_config('request.jwt.claims', :'a_claims', true);
select is((select bytes from public.storage_upload_allowance('telemetry-uploads', '00000000-0000-4000-a000-000000037601/new.json')),
  2097152::bigint, 'with room in all, the per-person quota binds: 4 MiB, 2 MiB held');
select matches((select reason from public.storage_upload_allowance('telemetry-uploads', '00000000-0000-4000-a000-000000037601/new.json')),
  '^Your telemetry files waiting on the server may hold 4 MiB in all and hold 2 MiB now', 'the reason names the person''s quota');
select is((select bytes from public.storage_upload_allowance('telemetry-uploads', '00000000-0000-4000-a000-000000037601/old.json')),
  4194304::bigint, 'replacing a file frees its bytes');
reset role;

select throws_ok($$ insert into storage.objects (bucket_id, name, owner_id, metadata) values ('telemetry-uploads',
  '00000000-0000-4000-a000-000000037601/big.json', '00000000-0000-4000-a000-000000037601', '{"size": 2097153}') $$,
  '53100', null, 'the trigger refuses a stored size past the allowance');
select lives_ok($$ insert into storage.objects (bucket_id, name, owner_id, metadata) values ('telemetry-uploads',
  '00000000-0000-4000-a000-000000037601/fits.json', '00000000-0000-4000-a000-000000037601', '{"size": 2097152}') $$,
  'a size within it is stored');

select is((select array_agg(name order by name) from private.expired_uploads() where name like '00000000-0000-4000-a000-00000003760%'),
  array['00000000-0000-4000-a000-000000037601/old.json'],
  'expired: the old file nobody imports; not the one a queued import names, not a new one');

select * from finish();
rollback;
