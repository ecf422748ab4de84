-- The audit trail: rows written in the acting transaction by record_audit and by the row triggers on
-- user_roles and sources (bookkeeping columns of a sync are not actions); readable by admins with
-- MFA only; append-only for every role, the table owner included.
begin;
select plan(21);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local'),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-a000-00000000000a', 'admin');
insert into private.admin_totp (user_id, secret_enc, status) values
  ('00000000-0000-4000-a000-00000000000a', '\x00', 'active');
insert into private.admin_mfa_sessions (session_id, user_id, verified_at, expires_at) values
  ('10000000-0000-4000-a000-000000000003', '00000000-0000-4000-a000-00000000000a', now(), now() + interval '12 hours');

\ir ../fixtures/claims.psql

select is(
  (select count(*)::int from public.audit_trail where action = 'user_role.created'
     and target_id = '00000000-0000-4000-a000-00000000000a' and actor_role = session_user),
  1, 'granting a role from a SQL console is recorded with the database role as the actor'
);

-- Sources: an administrative change is recorded field by field; a sync's bookkeeping is not.
insert into public.sources (id, name) values ('52000000-0000-4000-a000-000000000001', 'Audited feed');
select is(
  (select details -> 'row' ->> 'name' from public.audit_trail where action = 'source.created'
     and target_id = '52000000-0000-4000-a000-000000000001'),
  'Audited feed', 'a new source is recorded with its row'
);
update public.sources set last_synced_at = now(), etag = 'W/"1"', last_modified = 'yesterday'
 where id = '52000000-0000-4000-a000-000000000001';
select is(
  (select count(*)::int from public.audit_trail where action = 'source.changed'
     and target_id = '52000000-0000-4000-a000-000000000001'),
  0, 'a sync touching only etag, last_modified and last_synced_at leaves no audit row'
);

set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select lives_ok(
  $$ select * from public.update_source('52000000-0000-4000-a000-000000000001', _reliability => 'B', _enabled => false) $$,
  'an admin with MFA changes a source'
);
reset role;
select is(
  (select details -> 'changes' from public.audit_trail where action = 'source.changed'
     and target_id = '52000000-0000-4000-a000-000000000001'),
  '{"enabled": {"from": true, "to": false}, "reliability": {"from": "F", "to": "B"}}'::jsonb,
  'the change lists old and new values of the changed fields only'
);
select is(
  (select (actor_id, actor_email, actor_role) from public.audit_trail where action = 'source.changed'
     and target_id = '52000000-0000-4000-a000-000000000001'),
  ('00000000-0000-4000-a000-00000000000a'::uuid, 'admin@test.local'::text, 'admin'::text),
  'the actor is the signed-in admin, with a copy of the email'
);
select is(
  (select transaction_id from public.audit_trail where action = 'source.changed'
     and target_id = '52000000-0000-4000-a000-000000000001'),
  pg_current_xact_id(), 'the audit row belongs to the transaction of the action'
);

-- A refused action leaves no row: the check fails before anything is written.
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select throws_ok(
  $$ select * from public.update_source('52000000-0000-4000-a000-000000000001', _reliability => 'A') $$,
  '42501', null, 'an analyst cannot change a source'
);
reset role;
select is(
  (select count(*)::int from public.audit_trail where action = 'source.changed'
     and target_id = '52000000-0000-4000-a000-000000000001'),
  1, 'the refused change left no audit row'
);

-- record_audit from a service job.
set local role service_role;
select set_config('request.jwt.claims', '{"role":"service_role"}', true);
select isnt(
  private.record_audit('source.synced', 'source', '52000000-0000-4000-a000-000000000001', '{"records": 3}'),
  null, 'a server job records an action'
);
reset role;
select is(
  (select actor_role from public.audit_trail where action = 'source.synced'), 'service_role',
  'the actor of a server job is service_role'
);
select throws_ok(
  $$ select private.record_audit('Bad Action', 'source') $$,
  '23514', null, 'an action must read "<target>.<verb>"'
);

-- Who reads it.
set local role anon;
select throws_ok($$ select count(*) from public.audit_trail $$, '42501', null, 'anon cannot read the audit trail');
reset role;
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select is((select count(*)::int from public.audit_trail), 0, 'an analyst sees no audit rows');
select set_config('request.jwt.claims', :'admin_claims', true);
select is((select count(*)::int from public.audit_trail), 0, 'an admin without MFA in this session sees none');
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select ok((select count(*)::int from public.audit_trail) >= 4, 'an admin with MFA reads the trail');
select throws_ok(
  $$ insert into public.audit_trail (actor_role, action, target_type) values ('admin', 'user.forged', 'user') $$,
  '42501', null, 'nobody writes the trail directly, not even an admin with MFA'
);
select throws_ok(
  $$ update public.audit_trail set action = 'user.forged' $$,
  '42501', null, 'an admin cannot rewrite the trail'
);
reset role;

-- Append-only for the owner too.
select throws_ok(
  $$ update public.audit_trail set details = '{}' where action = 'source.changed' $$,
  '42501', 'The audit trail is append-only', 'the table owner cannot update a row'
);
select throws_ok(
  $$ delete from public.audit_trail $$,
  '42501', 'The audit trail is append-only', 'the table owner cannot delete rows'
);
select throws_ok(
  $$ truncate public.audit_trail $$,
  '42501', 'The audit trail is append-only', 'the table owner cannot truncate the trail'
);

select * from finish();
rollback;
