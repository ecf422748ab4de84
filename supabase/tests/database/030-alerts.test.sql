-- enhanced_security_alerts: allow and deny per role, trigger-kept timestamps, the badge index.
begin;
select plan(16);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local'),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-a000-00000000000a', 'admin');
insert into public.enhanced_security_alerts (id, title, severity, created_at) values
  ('a0000000-0000-4000-a000-000000000001', 'Cobalt Strike beacon to 203.0.113.7', 'critical', now() - interval '1 hour'),
  ('a0000000-0000-4000-a000-000000000002', 'Old alert', 'low', now() - interval '3 days');

\ir ../fixtures/claims.psql

set local role anon;
select throws_ok($$ select count(*) from public.enhanced_security_alerts $$, '42501', null, 'anon cannot read alerts');
reset role;

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select is((select count(*)::int from public.enhanced_security_alerts where status = 'new' and created_at > now() - interval '24 hours'), 1, 'an analyst counts new alerts of the last 24 h');
select lives_ok($$ update public.enhanced_security_alerts set status = 'resolved', assigned_to = '00000000-0000-4000-a000-00000000000b' where id = 'a0000000-0000-4000-a000-000000000001' $$, 'an analyst triages status and assignment');
select throws_ok($$ update public.enhanced_security_alerts set created_at = now() - interval '1 year' $$, '42501', null, 'an analyst cannot forge created_at');
select throws_ok($$ update public.enhanced_security_alerts set title = 'changed' $$, '42501', null, 'an analyst cannot rewrite the title');
select throws_ok($$ insert into public.enhanced_security_alerts (title) values ('forged') $$, '42501', null, 'an analyst cannot insert alerts');
delete from public.enhanced_security_alerts;
reset role;
select is((select count(*)::int from public.enhanced_security_alerts), 2, 'an analyst deletes nothing');
select isnt((select resolved_at from public.enhanced_security_alerts where id = 'a0000000-0000-4000-a000-000000000001'), null, 'resolving sets resolved_at');
select ok((select updated_at >= created_at from public.enhanced_security_alerts where id = 'a0000000-0000-4000-a000-000000000001'), 'updated_at is kept');

-- Admin without MFA in this session deletes nothing; with MFA may delete.
set local role authenticated;
select set_config('request.jwt.claims', :'admin_claims', true);
delete from public.enhanced_security_alerts where id = 'a0000000-0000-4000-a000-000000000002';
reset role;
select is((select count(*)::int from public.enhanced_security_alerts), 2, 'an admin without MFA deletes nothing');
insert into private.admin_totp (user_id, secret_enc, status) values ('00000000-0000-4000-a000-00000000000a', '\x00', 'active');
insert into private.admin_mfa_sessions (session_id, user_id, verified_at, expires_at)
values ('10000000-0000-4000-a000-000000000001', '00000000-0000-4000-a000-00000000000a', now(), now() + interval '12 hours');
set local role authenticated;
select set_config('request.jwt.claims', :'admin_claims', true);
delete from public.enhanced_security_alerts where id = 'a0000000-0000-4000-a000-000000000002';
reset role;
select is((select count(*)::int from public.enhanced_security_alerts), 1, 'an admin with MFA deletes');

set local role service_role;
select lives_ok($$ insert into public.enhanced_security_alerts (title, status) values ('From the importer', 'dismissed') $$, 'the service role inserts');
reset role;
select isnt((select resolved_at from public.enhanced_security_alerts where title = 'From the importer'), null, 'inserting a dismissed alert sets resolved_at');
select throws_ok($$ insert into public.enhanced_security_alerts (title) values ('') $$, '23514', null, 'an empty title is refused');

-- The badge query can be answered from the partial index alone.
create function pg_temp.plan_of(_sql text) returns text language plpgsql as $f$
declare line text; plan text := '';
begin
  for line in execute 'explain ' || _sql loop plan := plan || line || E'\n'; end loop;
  return plan;
end
$f$;
set local enable_seqscan = off;
select matches(
  pg_temp.plan_of($q$ select count(*) from public.enhanced_security_alerts where status = 'new' and created_at > now() - interval '24 hours' $q$),
  'Index Only Scan using enhanced_security_alerts_new_created_at_idx',
  'the new-alert count is an index-only scan'
);
reset enable_seqscan;

select ok(
  exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime' and tablename = 'enhanced_security_alerts'),
  'alerts are published for realtime'
);
select * from finish();
rollback;
