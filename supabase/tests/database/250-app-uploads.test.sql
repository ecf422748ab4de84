-- Uploads from the app (issue 35): a Zeek capture's start time carried by request_telemetry_import,
-- leak-post uploads (leak-uploads bucket, request_leak_import), and a failed manual upload leaving
-- its source's health alone.
begin;
select plan(17);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local'),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-a000-00000000000a', 'admin');

\ir ../fixtures/claims.psql

-- request_telemetry_import with a capture start time
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
insert into storage.objects (bucket_id, name, metadata) values
  ('telemetry-uploads', '00000000-0000-4000-a000-00000000000b/1/http.log', '{"size": 310764}');
select throws_ok(
  $$ select public.request_telemetry_import('00000000-0000-4000-a000-00000000000b/1/http.log', 'zeek', null, '1970-01-01T00:00:18Z') $$,
  '22023', 'The capture start time must lie between 1990 and today', 'a start time in 1970 is a typo, refused'
);
select throws_ok(
  $$ select public.request_telemetry_import('00000000-0000-4000-a000-00000000000b/1/http.log', 'zeek', null, now() + interval '1 month') $$,
  '22023', 'The capture start time must lie between 1990 and today', 'so is one in the future'
);
select lives_ok(
  $$ select public.request_telemetry_import('00000000-0000-4000-a000-00000000000b/1/http.log', 'zeek', null, '2022-09-24T14:30:00+02:00') $$,
  'an analyst queues a Zeek log with its capture start time'
);
reset role;
select is(
  (select upload from public.import_runs where upload ->> 'object' = '00000000-0000-4000-a000-00000000000b/1/http.log'),
  '{"bucket": "telemetry-uploads", "object": "00000000-0000-4000-a000-00000000000b/1/http.log", "sensor": null, "base_time": "2022-09-24T12:30:00.000000Z"}'::jsonb,
  'the run carries the start time in UTC for the worker'
);
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
insert into storage.objects (bucket_id, name, metadata) values
  ('telemetry-uploads', '00000000-0000-4000-a000-00000000000b/2/eve.json', '{"size": 10}');
select lives_ok(
  $$ select public.request_telemetry_import('00000000-0000-4000-a000-00000000000b/2/eve.json') $$,
  'the start time stays optional'
);
select is(
  (select upload ->> 'base_time' from public.import_runs where upload ->> 'object' = '00000000-0000-4000-a000-00000000000b/2/eve.json'),
  null, 'and is null when not given'
);

-- The leak-uploads bucket: each signed-in user's own folder only
select lives_ok(
  $$ insert into storage.objects (bucket_id, name, metadata) values
       ('leak-uploads', '00000000-0000-4000-a000-00000000000b/1/posts.json', '{"size": 2495613}') $$,
  'an analyst uploads leak posts into their own folder'
);
select throws_ok(
  $$ insert into storage.objects (bucket_id, name, metadata) values ('leak-uploads', '00000000-0000-4000-a000-00000000000a/1/posts.json', '{"size": 1}') $$,
  '42501', null, 'but not into someone else''s'
);
select set_config('request.jwt.claims', :'admin_claims', true);
select is((select count(*)::int from storage.objects where bucket_id = 'leak-uploads'), 0, 'an admin does not read the analyst''s upload');
select throws_ok(
  $$ select public.request_leak_import('00000000-0000-4000-a000-00000000000b/1/posts.json') $$,
  '22023', 'That file is not among your leak-post uploads; upload it again', 'nor import it'
);
set local role anon;
select throws_ok(
  $$ select public.request_leak_import('00000000-0000-4000-a000-00000000000b/1/posts.json') $$,
  '42501', null, 'anon cannot queue a leak import'
);
reset role;
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select lives_ok(
  $$ select public.request_leak_import('00000000-0000-4000-a000-00000000000b/1/posts.json') $$,
  'an analyst queues the import of their leak posts'
);
reset role;
select results_eq(
  $$ select source_name, format, status::text, requested_by, bytes, upload from public.import_runs
      where upload ->> 'bucket' = 'leak-uploads' $$,
  $$ values ('Leak-site monitoring', 'leak-sites', 'queued', '00000000-0000-4000-a000-00000000000b'::uuid, 2495613::bigint,
             '{"bucket": "leak-uploads", "object": "00000000-0000-4000-a000-00000000000b/1/posts.json"}'::jsonb) $$,
  'the run is queued in the leak-sites format with the file to fetch and its size'
);
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select throws_ok(
  $$ select public.request_leak_import('00000000-0000-4000-a000-00000000000b/1/posts.json') $$,
  'PT429', 'You already have 3 imports waiting; import more when one has finished',
  'three waiting uploads of any kind are the limit'
);
reset role;
select ok(
  not has_table_privilege('authenticated', 'public.leak_posts', 'insert'),
  'the leak posts themselves stay writable by the importer only'
);

-- source_overview: a failed manual upload is not the feed failing
insert into public.sources (id, name, kind, format, url, enabled, sync_interval, last_synced_at, reliability, default_tlp) values
  ('52000000-0000-4000-a000-000000000001', 'Uploaded-into feed', 'feed', 'threatfox', 'https://feed.example/tf.json', true, '1 day', now() - interval '2 hours', 'B', 'clear'),
  ('52000000-0000-4000-a000-000000000002', 'Sync-broken feed', 'feed', 'threatfox', 'https://feed.example/tf2.json', true, '1 day', now() - interval '2 hours', 'B', 'clear');
insert into public.import_runs (source_id, source_name, format, status, started_at, finished_at, error, upload) values
  ('52000000-0000-4000-a000-000000000001', 'Uploaded-into feed', 'threatfox', 'succeeded', now() - interval '2 hours', now() - interval '2 hours', null, null),
  ('52000000-0000-4000-a000-000000000001', 'Uploaded-into feed', 'threatfox', 'failed', now() - interval '1 minute', now(),
   'Nothing was kept: malformed or truncated JSON', '{"bucket": "intel-uploads", "object": "a/1/tf.json"}'),
  ('52000000-0000-4000-a000-000000000002', 'Sync-broken feed', 'threatfox', 'succeeded', now() - interval '2 hours', now() - interval '2 hours', null, null),
  ('52000000-0000-4000-a000-000000000002', 'Sync-broken feed', 'threatfox', 'failed', now() - interval '1 minute', now(), 'HTTP 503', null);
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select results_eq(
  $$ select name, health, last_run_status::text from public.source_overview()
      where name in ('Uploaded-into feed', 'Sync-broken feed') order by name $$,
  $$ values ('Sync-broken feed', 'failed', 'failed'), ('Uploaded-into feed', 'healthy', 'failed') $$,
  'a bad manual upload shows as the last run but leaves the feed healthy; a failed sync still makes it failing'
);
select is(
  (select last_run_error from public.source_overview() where name = 'Uploaded-into feed'),
  'Nothing was kept: malformed or truncated JSON', 'the upload''s error is still there to read'
);

select * from finish();
rollback;
