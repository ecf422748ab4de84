-- Third-Party Intelligence: source_overview (the last run and the health verdict of each source),
-- update_source and request_file_import (admins with MFA only: analysts and admins without MFA in
-- this session are refused with 42501), the intel-uploads bucket and its own-folder policies.
begin;
select plan(49);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local'),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local'),
  ('00000000-0000-4000-a000-00000000000c', 'authenticated', 'authenticated', 'admin2@test.local');
insert into public.user_roles (user_id, role) values
  ('00000000-0000-4000-a000-00000000000a', 'admin'), ('00000000-0000-4000-a000-00000000000c', 'admin');
-- The admin passed TOTP in session …0003 and not in session …0001: both are tested.
insert into private.admin_totp (user_id, secret_enc, status) values
  ('00000000-0000-4000-a000-00000000000a', '\x00', 'active'), ('00000000-0000-4000-a000-00000000000c', '\x00', 'active');
insert into private.admin_mfa_sessions (session_id, user_id, verified_at, expires_at) values
  ('10000000-0000-4000-a000-000000000003', '00000000-0000-4000-a000-00000000000a', now(), now() + interval '12 hours'),
  ('10000000-0000-4000-a000-000000000004', '00000000-0000-4000-a000-00000000000c', now(), now() + interval '12 hours');

\ir ../fixtures/claims.psql
\set admin2_mfa_claims '{"sub":"00000000-0000-4000-a000-00000000000c","role":"authenticated","session_id":"10000000-0000-4000-a000-000000000004"}'

-- One source per verdict.
insert into public.sources (id, name, kind, format, url, enabled, sync_interval, last_synced_at, reliability, default_tlp) values
  ('51000000-0000-4000-a000-000000000001', 'Healthy feed', 'feed', 'kev', 'https://feed.example/kev.json', true, '1 day', now() - interval '2 hours', 'A', 'clear'),
  ('51000000-0000-4000-a000-000000000002', 'Broken feed', 'feed', 'feodo', 'https://feed.example/feodo.csv', true, null, null, 'C', 'amber'),
  ('51000000-0000-4000-a000-000000000003', 'Never run', 'file', 'stix', null, true, null, null, 'F', 'amber'),
  ('51000000-0000-4000-a000-000000000004', 'First run', 'file', 'misp', null, true, null, null, 'F', 'amber'),
  ('51000000-0000-4000-a000-000000000005', 'Late feed', 'feed', 'urlhaus', 'https://feed.example/urlhaus.csv', true, '1 hour', now() - interval '3 hours', 'B', 'green'),
  ('51000000-0000-4000-a000-000000000006', 'Switched off', 'feed', 'epss', 'https://feed.example/epss.csv.gz', false, '1 hour', now() - interval '3 days', 'A', 'clear');
insert into public.import_runs (source_id, source_name, format, status, started_at, finished_at, records, inserted, rejected, error) values
  ('51000000-0000-4000-a000-000000000001', 'Healthy feed', 'kev', 'succeeded', now() - interval '2 hours', now() - interval '2 hours' + interval '5 seconds', 1400, 1400, 0, null),
  ('51000000-0000-4000-a000-000000000002', 'Broken feed', 'feodo', 'succeeded', now() - interval '2 days', now() - interval '2 days', 10, 10, 0, null),
  ('51000000-0000-4000-a000-000000000002', 'Broken feed', 'feodo', 'failed', now() - interval '1 day', now() - interval '1 day', 0, 0, 0, 'the input is not a Feodo Tracker blocklist'),
  ('51000000-0000-4000-a000-000000000002', 'Broken feed', 'feodo', 'running', now() - interval '1 minute', null, 0, 0, 0, null),
  ('51000000-0000-4000-a000-000000000004', 'First run', 'misp', 'queued', now(), null, 0, 0, 0, null),
  ('51000000-0000-4000-a000-000000000005', 'Late feed', 'urlhaus', 'succeeded', now() - interval '3 hours', now() - interval '3 hours', 5, 5, 0, null),
  ('51000000-0000-4000-a000-000000000006', 'Switched off', 'epss', 'succeeded', now() - interval '3 days', now() - interval '3 days', 9, 9, 0, null);

-- source_overview
set local role anon;
select throws_ok($$ select * from public.source_overview() $$, '42501', null, 'anon cannot read the sources');
reset role;
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select results_eq(
  $$ select name, health from public.source_overview() where name in ('Healthy feed', 'Broken feed', 'Never run', 'First run', 'Late feed', 'Switched off') $$,
  $$ values ('Broken feed', 'failed'), ('First run', 'pending'), ('Healthy feed', 'healthy'), ('Late feed', 'overdue'),
            ('Never run', 'never_succeeded'), ('Switched off', 'disabled') $$,
  'each source gets its verdict, in name order'
);
select is(
  (select last_run_status::text from public.source_overview() where name = 'Broken feed'), 'running',
  'the last run is the latest one, in progress or not'
);
select is(
  (select last_run_error from public.source_overview() where name = 'Healthy feed'), null,
  'a healthy source has no error'
);
select is(
  (select (last_run_records, last_run_inserted, sync_interval_seconds) from public.source_overview() where name = 'Healthy feed'),
  (1400, 1400, 86400), 'counts and the interval in seconds'
);
select ok(
  (select last_success_at < now() - interval '1 day' from public.source_overview() where name = 'Broken feed'),
  'the last success is the last succeeded run, not the last run'
);
select ok(
  (select next_sync_at between now() + interval '21 hours' and now() + interval '23 hours' from public.source_overview() where name = 'Healthy feed'),
  'a scheduled source says when it is due next'
);
select is(
  (select next_sync_at from public.source_overview() where name = 'Switched off'), null,
  'a disabled source is not due'
);
reset role;

-- The hour of slack: a daily feed synced 24.5 hours ago is not overdue yet, at 25.5 hours it is.
update public.sources set last_synced_at = now() - interval '24 hours 30 minutes' where name = 'Healthy feed';
select is((select health from public.source_overview() where name = 'Healthy feed'), 'healthy', 'a feed within its slack is healthy');
update public.sources set last_synced_at = now() - interval '25 hours 30 minutes' where name = 'Healthy feed';
select is((select health from public.source_overview() where name = 'Healthy feed'), 'overdue', 'a feed past its slack is overdue');
update public.sources set last_synced_at = now() - interval '2 hours' where name = 'Healthy feed';

-- update_source
set local role anon;
select throws_ok($$ select * from public.update_source('51000000-0000-4000-a000-000000000001', false) $$, '42501', null, 'anon cannot change a source');
reset role;
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select throws_ok(
  $$ select * from public.update_source('51000000-0000-4000-a000-000000000001', false, 'E', 'red') $$,
  '42501', 'Only administrators with a verified second factor can change sources', 'an analyst cannot change a source'
);
-- The table's own policy refuses them too (a silent zero-row update).
update public.sources set enabled = false where id = '51000000-0000-4000-a000-000000000001';
select set_config('request.jwt.claims', :'admin_claims', true);
select throws_ok(
  $$ select * from public.update_source('51000000-0000-4000-a000-000000000001', false, 'E', 'red') $$,
  '42501', 'Only administrators with a verified second factor can change sources', 'an admin without MFA cannot change a source'
);
reset role;
select is(
  (select (enabled, reliability, default_tlp)::text from public.sources where id = '51000000-0000-4000-a000-000000000001'),
  '(t,A,clear)', 'nothing changed for them'
);
select is((select count(*)::int from public.security_events where event_type = 'source_changed' and details ->> 'source_id' = '51000000-0000-4000-a000-000000000001'), 0, 'and nothing was recorded');

set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select results_eq(
  $$ select enabled, reliability::text, default_tlp::text from public.update_source('51000000-0000-4000-a000-000000000001', false, 'C', 'amber') $$,
  $$ values (false, 'C', 'amber') $$,
  'an admin with MFA disables a source and judges it; the new values come back'
);
select results_eq(
  $$ select enabled, reliability::text, default_tlp::text from public.update_source('51000000-0000-4000-a000-000000000001', _enabled => true) $$,
  $$ values (true, 'C', 'amber') $$,
  'an argument left out leaves its column unchanged'
);
select throws_ok(
  $$ select * from public.update_source('00000000-0000-4000-8000-000000000000', true) $$,
  '22023', 'No such source', 'an unknown source is an input error'
);
select throws_ok(
  $$ select * from public.update_source('51000000-0000-4000-a000-000000000001', _reliability => 'G') $$,
  '22P02', null, 'a reliability off the Admiralty scale is refused'
);
select lives_ok(
  $$ select * from public.update_source('51000000-0000-4000-a000-000000000001', true) $$,
  'a change to nothing is fine'
);
reset role;
select results_eq(
  $$ select user_id, details -> 'changes' from public.security_events
      where event_type = 'source_changed' and details ->> 'source_id' = '51000000-0000-4000-a000-000000000001' order by id $$,
  $$ values
     ('00000000-0000-4000-a000-00000000000a'::uuid, '{"enabled": {"from": true, "to": false}, "reliability": {"from": "A", "to": "C"}, "default_tlp": {"from": "clear", "to": "amber"}}'::jsonb),
     ('00000000-0000-4000-a000-00000000000a'::uuid, '{"enabled": {"from": false, "to": true}}'::jsonb) $$,
  'each real change is recorded as a security event with who, from and to (a change to nothing is not)'
);
select is(
  (select details ->> 'source' from public.security_events where event_type = 'source_changed' and details ->> 'source_id' = '51000000-0000-4000-a000-000000000001' limit 1),
  'Healthy feed', 'the event names the source'
);
set local role service_role;
select lives_ok(
  $$ select * from public.update_source('51000000-0000-4000-a000-000000000001', _default_tlp => 'green') $$,
  'the service role may change a source (operators, automation)'
);
reset role;
select is((select default_tlp::text from public.sources where id = '51000000-0000-4000-a000-000000000001'), 'green', 'its change is applied');

-- The intel-uploads bucket: private, 512 MiB, admins with MFA in their own folder only.
select is(
  (select (public, file_size_limit)::text from storage.buckets where id = 'intel-uploads'),
  '(f,536870912)', 'the bucket is private with a 512 MiB cap'
);
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select throws_ok(
  $$ insert into storage.objects (bucket_id, name, metadata) values ('intel-uploads', '00000000-0000-4000-a000-00000000000b/x/feed.csv', '{"size": 10}') $$,
  '42501', null, 'an analyst cannot upload into the bucket, even in their own folder'
);
select set_config('request.jwt.claims', :'admin_claims', true);
select throws_ok(
  $$ insert into storage.objects (bucket_id, name, metadata) values ('intel-uploads', '00000000-0000-4000-a000-00000000000a/x/feed.csv', '{"size": 10}') $$,
  '42501', null, 'an admin without MFA cannot upload'
);
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select throws_ok(
  $$ insert into storage.objects (bucket_id, name, metadata) values ('intel-uploads', '00000000-0000-4000-a000-00000000000c/x/feed.csv', '{"size": 10}') $$,
  '42501', null, 'an admin with MFA cannot upload into another admin''s folder'
);
select lives_ok(
  $$ insert into storage.objects (bucket_id, name, metadata) values
       ('intel-uploads', '00000000-0000-4000-a000-00000000000a/1/feed.csv', '{"size": 2048}'),
       ('intel-uploads', '00000000-0000-4000-a000-00000000000a/2/feed.csv', '{"size": 10}'),
       ('intel-uploads', '00000000-0000-4000-a000-00000000000a/3/feed.csv', '{"size": 10}'),
       ('intel-uploads', '00000000-0000-4000-a000-00000000000a/4/feed.csv', '{"size": 10}') $$,
  'an admin with MFA uploads into their own folder'
);
select is((select count(*)::int from storage.objects where bucket_id = 'intel-uploads'), 4, 'and reads their own uploads');
select set_config('request.jwt.claims', :'admin2_mfa_claims', true);
select is((select count(*)::int from storage.objects where bucket_id = 'intel-uploads'), 0, 'another admin reads none of them');
select set_config('request.jwt.claims', :'admin_claims', true);
select is((select count(*)::int from storage.objects where bucket_id = 'intel-uploads'), 0, 'nor does the admin in a session without MFA');
select set_config('request.jwt.claims', :'analyst_claims', true);
select is((select count(*)::int from storage.objects where bucket_id = 'intel-uploads'), 0, 'nor an analyst');

-- request_file_import
select throws_ok(
  $$ select public.request_file_import('00000000-0000-4000-a000-00000000000a/1/feed.csv', '51000000-0000-4000-a000-000000000002') $$,
  '42501', 'Only administrators with a verified second factor can import files', 'an analyst cannot import a file'
);
select set_config('request.jwt.claims', :'admin_claims', true);
select throws_ok(
  $$ select public.request_file_import('00000000-0000-4000-a000-00000000000a/1/feed.csv', '51000000-0000-4000-a000-000000000002') $$,
  '42501', 'Only administrators with a verified second factor can import files', 'an admin without MFA cannot import a file'
);
select set_config('request.jwt.claims', :'admin2_mfa_claims', true);
select throws_ok(
  $$ select public.request_file_import('00000000-0000-4000-a000-00000000000a/1/feed.csv', '51000000-0000-4000-a000-000000000002') $$,
  '22023', 'That file is not among your intelligence uploads; upload it again', 'nor another admin''s upload'
);
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select throws_ok(
  $$ select public.request_file_import('00000000-0000-4000-a000-00000000000a/1/feed.csv', '00000000-0000-4000-8000-000000000000') $$,
  '22023', 'No such source', 'an unknown source is an input error'
);
select throws_ok(
  $$ select public.request_file_import('00000000-0000-4000-a000-00000000000a/1/feed.csv', '51000000-0000-4000-a000-000000000002', 'CSV; drop') $$,
  '22023', 'A format name is lower-case letters, digits and hyphens', 'a format name is checked'
);
select throws_ok(
  $$ select public.request_file_import('00000000-0000-4000-a000-00000000000a/9/missing.csv', '51000000-0000-4000-a000-000000000002') $$,
  '22023', 'That file is not among your intelligence uploads; upload it again', 'a file never uploaded is refused'
);
select lives_ok(
  $$ select public.request_file_import('00000000-0000-4000-a000-00000000000a/1/feed.csv', '51000000-0000-4000-a000-000000000002') $$,
  'an admin with MFA queues the import of their upload'
);
reset role;
select results_eq(
  $$ select source_id, source_name, format, status::text, requested_by, bytes, upload from public.import_runs
      where upload ->> 'bucket' = 'intel-uploads' and requested_by = '00000000-0000-4000-a000-00000000000a' $$,
  $$ values ('51000000-0000-4000-a000-000000000002'::uuid, 'Broken feed', 'feodo', 'queued', '00000000-0000-4000-a000-00000000000a'::uuid, 2048::bigint,
             '{"bucket": "intel-uploads", "object": "00000000-0000-4000-a000-00000000000a/1/feed.csv"}'::jsonb) $$,
  'the run is queued for the source, in its format, with the file to fetch and its size'
);
set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select lives_ok(
  $$ select public.request_file_import('00000000-0000-4000-a000-00000000000a/2/feed.csv', '51000000-0000-4000-a000-000000000002', 'threatfox') $$,
  'a second waiting import is fine'
);
select is(
  (select format from public.import_runs where upload ->> 'object' = '00000000-0000-4000-a000-00000000000a/2/feed.csv'),
  'threatfox', 'a format named replaces the source''s'
);
select lives_ok(
  $$ select public.request_file_import('00000000-0000-4000-a000-00000000000a/3/feed.csv', '51000000-0000-4000-a000-000000000003') $$,
  'a third waiting import is fine'
);
select throws_ok(
  $$ select public.request_file_import('00000000-0000-4000-a000-00000000000a/4/feed.csv', '51000000-0000-4000-a000-000000000003') $$,
  'PT429', 'You already have 3 file imports waiting; import more when one has finished', 'a fourth waits until one has finished'
);
reset role;
update public.import_runs set status = 'failed', finished_at = now() where requested_by = '00000000-0000-4000-a000-00000000000a';
update public.sources set format = null where id = '51000000-0000-4000-a000-000000000003';
set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select throws_ok(
  $$ select public.request_file_import('00000000-0000-4000-a000-00000000000a/4/feed.csv', '51000000-0000-4000-a000-000000000003') $$,
  '22023', 'This source has no format: name the file''s format', 'a source without a format needs one named'
);
reset role;
set local role service_role;
select throws_ok(
  $$ select public.request_file_import('00000000-0000-4000-a000-00000000000a/4/feed.csv', '51000000-0000-4000-a000-000000000003', 'stix') $$,
  '42501', null, 'the service role has no folder: it imports files with the CLI'
);
reset role;

-- The RPCs are closed to anon and run with an empty search path.
select ok(
  not has_function_privilege('anon', 'public.request_file_import(text, uuid, text)', 'execute')
  and not has_function_privilege('anon', 'public.update_source(uuid, boolean, public.source_reliability, public.tlp_level)', 'execute')
  and not has_function_privilege('anon', 'public.source_overview()', 'execute'),
  'anon may execute none of them'
);
select is(
  (select array_agg(p.proname::text order by p.proname) from pg_proc p
    where p.pronamespace = 'public'::regnamespace and p.proname in ('request_file_import', 'update_source', 'source_overview')
      and 'search_path=""' = any(p.proconfig)),
  array['request_file_import', 'source_overview', 'update_source'], 'each sets an empty search path'
);
select * from finish();
rollback;
