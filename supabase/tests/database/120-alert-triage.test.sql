-- Alert triage: the workflow's allowed and refused moves, the dismissal reason, acknowledged_at set
-- once, atomic bulk updates, assignees with a profile, the history, and append-only notes.
begin;
select plan(27);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local'),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-a000-00000000000a', 'admin');
insert into public.enhanced_security_alerts (id, title, severity) values
  ('a0000000-0000-4000-a000-000000000001', 'One', 'critical'),
  ('a0000000-0000-4000-a000-000000000002', 'Two', 'high'),
  ('a0000000-0000-4000-a000-000000000003', 'Three', 'low');

\ir ../fixtures/claims.psql

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);

-- Forward moves.
select lives_ok($$ update public.enhanced_security_alerts set status = 'acknowledged' where title = 'One' $$, 'new → acknowledged');
select isnt((select acknowledged_at from public.enhanced_security_alerts where title = 'One'), null, 'acknowledging sets acknowledged_at');
select lives_ok($$ update public.enhanced_security_alerts set status = 'investigating' where title = 'One' $$, 'acknowledged → investigating');
select throws_ok($$ update public.enhanced_security_alerts set status = 'new' where title = 'One' $$,
  '23514', 'An alert cannot go from investigating to new.', 'going back to new is refused in words');
select throws_ok($$ update public.enhanced_security_alerts set status = 'acknowledged' where title = 'One' $$,
  '23514', 'An alert cannot go from investigating to acknowledged.', 'going back to acknowledged is refused');
select throws_ok($$ update public.enhanced_security_alerts set status = 'dismissed' where title = 'One' $$,
  '23514', 'A dismissed alert needs a reason.', 'a dismissal without a reason is refused');
select lives_ok($$ update public.enhanced_security_alerts set status = 'dismissed', dismissal_reason = 'False positive' where title = 'One' $$,
  'investigating → dismissed with a reason');
select lives_ok($$ update public.enhanced_security_alerts set status = 'investigating' where title = 'One' $$, 'a dismissed alert reopens as investigating');
select is((select dismissal_reason from public.enhanced_security_alerts where title = 'One'), null, 'reopening clears the reason');
select throws_ok($$ update public.enhanced_security_alerts set dismissal_reason = 'x' where title = 'One' $$,
  '23514', 'Only a dismissed alert has a dismissal reason.', 'an open alert has no dismissal reason');
select lives_ok($$ update public.enhanced_security_alerts set status = 'resolved' where title = 'One' $$, 'investigating → resolved');
select isnt((select resolved_at from public.enhanced_security_alerts where title = 'One'), null, 'resolving sets resolved_at');
select lives_ok($$ update public.enhanced_security_alerts set status = 'dismissed', dismissal_reason = 'Duplicate' where title = 'Three' $$,
  'new → dismissed directly, with a reason');

-- acknowledged_at is set once and cannot be forged.
select throws_ok($$ update public.enhanced_security_alerts set acknowledged_at = now() - interval '1 day' where title = 'Two' $$,
  '42501', null, 'acknowledged_at cannot be written by an analyst');

-- A bulk update is one statement: one bad row refuses all.
select throws_ok($$ update public.enhanced_security_alerts set status = 'acknowledged' where title in ('One', 'Two') $$,
  '23514', 'An alert cannot go from resolved to acknowledged.', 'a bulk update with one forbidden move fails as a whole');
select is((select status::text from public.enhanced_security_alerts where title = 'Two'), 'new', 'and the other alert was not changed');

-- Assignment.
select lives_ok($$ update public.enhanced_security_alerts set assigned_to = '00000000-0000-4000-a000-00000000000a' where title = 'Two' $$, 'an alert is assigned to a colleague');
select throws_ok($$ update public.enhanced_security_alerts set assigned_to = '00000000-0000-4000-a000-0000000000ff' where title = 'Two' $$,
  '23503', null, 'nobody without an account is assigned');
select is((select count(*)::int from public.assignable_users()), 2, 'an analyst lists whom to assign to');

-- History.
select results_eq(
  $$ select kind, from_value, to_value from public.alert_history('a0000000-0000-4000-a000-000000000001') $$,
  $$ values ('raised'::text, null::text, 'new'::text), ('status', 'new', 'acknowledged'), ('status', 'acknowledged', 'investigating'),
            ('status', 'investigating', 'dismissed'), ('status', 'dismissed', 'investigating'), ('status', 'investigating', 'resolved') $$,
  'the history lists every change in order');
select is((select actor_name from public.alert_history('a0000000-0000-4000-a000-000000000001') where kind = 'status' limit 1),
  'analyst', 'with who made it (the profile''s name)');

-- Notes: as oneself, unforgeable, append-only.
select lives_ok($$ insert into public.alert_notes (alert_id, body) values ('a0000000-0000-4000-a000-000000000002', 'Seen from 10.0.0.5 <script>') $$, 'an analyst adds a note');
select is((select author_id from public.alert_notes where body like 'Seen from%'), '00000000-0000-4000-a000-00000000000b'::uuid, 'as themselves');
select throws_ok($$ insert into public.alert_notes (alert_id, body, author_id) values ('a0000000-0000-4000-a000-000000000002', 'forged', '00000000-0000-4000-a000-00000000000a') $$,
  '42501', null, 'the author cannot be chosen');
select throws_ok($$ update public.alert_notes set body = 'changed' $$, '42501', null, 'a note cannot be edited');
select set_config('request.jwt.claims', :'admin_claims', true);
select throws_ok($$ delete from public.alert_notes $$, '42501', null, 'nor deleted, even by an admin');
select is((select count(*)::int from public.alert_history('a0000000-0000-4000-a000-000000000002') where kind = 'note'), 1, 'the note is in the history');

select * from finish();
rollback;
