-- Cases (issue 29 §1): create_case from two alerts, readable with its alerts; cases read by TLP and
-- clearance (AMBER hidden from a green-only member, RED to its audience only, the same for every
-- table of a case and its attachments); notes append-only; the status workflow enforced by the
-- database; a link to something unreadable refused exactly like a missing one; the timeline.
begin;
select plan(49);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local'),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local'),
  ('00000000-0000-4000-a000-0000000385c1', 'authenticated', 'authenticated', 'red-member@test.local'),
  ('00000000-0000-4000-a000-0000000385c2', 'authenticated', 'authenticated', 'green-only@test.local');
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-a000-00000000000a', 'admin');
insert into public.groups (id, name, max_tlp) values
  ('0000a000-0000-4000-a000-0000000385a1', 'Case red cell', 'red'),
  ('0000a000-0000-4000-a000-0000000385a2', 'Case green only', 'green');
delete from public.group_members where user_id = '00000000-0000-4000-a000-0000000385c2';
insert into public.group_members (group_id, user_id) values
  ('0000a000-0000-4000-a000-0000000385a1', '00000000-0000-4000-a000-0000000385c1'),
  ('0000a000-0000-4000-a000-0000000385a2', '00000000-0000-4000-a000-0000000385c2');

\ir ../fixtures/claims.psql
\set red_claims '{"sub":"00000000-0000-4000-a000-0000000385c1","role":"authenticated","session_id":"20000000-0000-4000-a000-0000000385c1"}'
\set green_claims '{"sub":"00000000-0000-4000-a000-0000000385c2","role":"authenticated","session_id":"20000000-0000-4000-a000-0000000385c2"}'

insert into public.enhanced_security_alerts (id, title, severity) values
  ('a1e70000-0000-4000-a000-000000038501', 'Beacon to a known C2', 'high'),
  ('a1e70000-0000-4000-a000-000000038502', 'Same C2 from a second host', 'critical');
insert into public.indicators (id, type, value, tlp, confidence) overriding system value values
  (938501, 'domain', 'amber.cases-test.example', 'amber', 80),
  (938502, 'domain', 'green.cases-test.example', 'green', 80);

-- ── Opening a case ──────────────────────────────────────────────────────────────────────────────
set local role anon;
select set_config('request.jwt.claims', '{"role":"anon"}', true);
select throws_ok($$ select public.create_case('x', 'incident') $$, '42501', null, 'anon cannot open a case');
reset role;
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select public.create_case('C2 beaconing', 'incident',
  array['a1e70000-0000-4000-a000-000000038501', 'a1e70000-0000-4000-a000-000000038502']::uuid[]) as amber_case \gset
select results_eq(
  format($$ select title, kind::text, status::text, tlp::text, severity::text, created_by from public.cases where id = %L $$, :'amber_case'),
  $$ values ('C2 beaconing', 'incident', 'new', 'amber', 'critical', '00000000-0000-4000-a000-00000000000b'::uuid) $$,
  'create_case returns the id of a new incident, AMBER by default, as severe as its worst alert, opened by the caller'
);
select set_eq(
  format($$ select alert_id from public.case_alerts where case_id = %L $$, :'amber_case'),
  $$ values ('a1e70000-0000-4000-a000-000000038501'::uuid), ('a1e70000-0000-4000-a000-000000038502'::uuid) $$,
  'the case is readable with its two alerts through the tables'
);
select ok((select respond_by > created_at and due_at = created_at + interval '1 day' from public.cases where id = :'amber_case'),
  'the SLA targets come from the severity (critical: resolved within a day)');
select public.create_case('An RFI', 'Request for information') as rfi_case \gset
select is((select kind::text from public.cases where id = :'rfi_case'), 'rfi',
  '"request for information" is stored as rfi');
select throws_ok($$ select public.create_case('x', 'hunt') $$, '22023',
  'Unknown case kind "hunt": use incident, rfi (request for information) or takedown.', 'an unknown kind is refused in words');
select throws_ok($$ select public.create_case('  ', 'incident') $$, '22023', 'A case needs a title of 1 to 300 characters.', 'so is an empty title');
select throws_ok($$ select public.create_case('x', 'incident', array['a1e70000-0000-4000-a000-0000000385ff']::uuid[]) $$, '22023',
  'There is no alert a1e70000-0000-4000-a000-0000000385ff that you can read.', 'a missing alert is refused');
select is((select count(*)::int from public.cases where title = 'x'), 0, 'and nothing of the refused case is left');
select throws_ok($$ select public.create_case('x', 'incident', '{}', null, '', 'red') $$, '42501',
  'Your clearance does not reach TLP:RED: open the case at a lower TLP.', 'a default analyst cannot open a RED case');
select throws_ok($$ select public.create_case('x', 'incident', '{}', null, '', 'purple') $$, '22023', null, 'nor one of an unknown TLP');
select public.create_case('Green RFI', 'rfi', '{}', 'low', 'Readable by the green team', 'green') as green_case \gset

set local role authenticated;
select set_config('request.jwt.claims', :'red_claims', true);
select public.create_case('Closed-community incident', 'incident', '{}', 'high', '', 'red',
  array['0000a000-0000-4000-a000-0000000385a1']::uuid[]) as red_case \gset
select is((select count(*)::int from public.cases where id = :'red_case'), 1, 'a RED member opens a RED case for their group');

-- ── Reading by clearance ────────────────────────────────────────────────────────────────────────
select set_config('request.jwt.claims', :'green_claims', true);
select is((select count(*)::int from public.cases where id = :'amber_case'), 0, 'an AMBER case is invisible to a green-only member');
select is((select count(*)::int from public.case_alerts where case_id = :'amber_case'), 0, 'and so are its alerts');
select is((select count(*)::int from public.case_events where case_id = :'amber_case'), 0, 'and its timeline');
select is((select count(*)::int from public.cases where id = :'green_case'), 1, 'a GREEN case is not');
select throws_ok(format($$ select public.add_case_note(%L, 'hello') $$, :'amber_case'), '22023',
  format('There is no case %s that you can read.', :'amber_case'), 'nor can they write to the AMBER case');
select throws_ok($$ select public.add_case_note('00000000-0000-4000-a000-0000000385ff', 'hello') $$, '22023',
  'There is no case 00000000-0000-4000-a000-0000000385ff that you can read.', 'with the words a missing case gets');
select set_config('request.jwt.claims', :'analyst_claims', true);
select is((select count(*)::int from public.cases where id = :'red_case'), 0, 'a RED case is invisible outside its audience');
select set_config('request.jwt.claims', :'admin_claims', true);
select is((select count(*)::int from public.cases where id = :'red_case'), 0, 'administrators included');
select set_config('request.jwt.claims', :'red_claims', true);
select is((select count(*)::int from public.cases where id = :'red_case'), 1, 'its audience reads it');
select throws_ok(format($$ select public.assign_case(%L, '00000000-0000-4000-a000-00000000000b') $$, :'red_case'), '22023',
  'That person''s clearance does not read this TLP:RED case; assign someone who can read it.', 'and cannot hand it to someone outside it');

-- ── Links ───────────────────────────────────────────────────────────────────────────────────────
select set_config('request.jwt.claims', :'green_claims', true);
select throws_ok(format($$ select public.link_case_entity(%L, 'indicator', '938501') $$, :'green_case'), '22023',
  'There is no indicator 938501 that you can read.', 'a link to an indicator above the clearance is refused');
select throws_ok(format($$ select public.link_case_entity(%L, 'indicator', '938599') $$, :'green_case'), '22023',
  'There is no indicator 938599 that you can read.', 'exactly as a link to a missing one');
select throws_ok(format($$ select public.link_case_entity(%L, 'alert', 'a1e70000-0000-4000-a000-0000000385ff') $$, :'green_case'), '22023',
  'There is no alert a1e70000-0000-4000-a000-0000000385ff that you can read.', 'as is a link to an alert that is not there');
select lives_ok(format($$ select public.link_case_entity(%L, 'indicator', '938502') $$, :'green_case'), 'a readable indicator is linked');
select lives_ok(format($$ select public.link_case_entity(%L, 'alert', 'a1e70000-0000-4000-a000-000000038501') $$, :'green_case'), 'and an alert');
select is((select count(*)::int from public.case_links where case_id = :'green_case' and kind = 'indicator' and ref = '938502'), 1,
  'the link is readable');
select throws_ok(format($$ select public.link_case_entity(%L, 'weather', 'x') $$, :'green_case'), '22023', null, 'an unknown kind is refused');

-- ── Workflow, tasks, notes ──────────────────────────────────────────────────────────────────────
select throws_ok(format($$ select public.update_case_status(%L, 'resolved') $$, :'green_case'), '22023',
  'A case that is new can move to in progress or closed only, not to resolved.', 'an illegal transition is refused in plain words');
select throws_ok(format($$ update public.cases set status = 'resolved' where id = %L $$, :'green_case'), '42501', null,
  'nobody writes the table directly');
select is(public.update_case_status(:'green_case', 'in_progress')::text, 'in_progress', 'new -> in progress');
select is(public.update_case_status(:'green_case', 'resolved')::text, 'resolved', 'in progress -> resolved');
select is(public.update_case_status(:'green_case', 'closed')::text, 'closed', 'resolved -> closed');
select throws_ok(format($$ select public.update_case_status(%L, 'in_progress') $$, :'green_case'), '22023',
  'Reopening a closed case needs a reason.', 'reopening a closed case needs a reason');
select lives_ok(format($$ select public.update_case_status(%L, 'in_progress', 'The actor came back') $$, :'green_case'), 'with one it reopens');
select lives_ok(format($$ select public.update_case(%L, 'Green RFI, answered', null, 'high') $$, :'green_case'),
  'a case''s title and severity are edited');
select is((select due_at - created_at from public.cases where id = :'green_case'), interval '3 days',
  'its due date follows the new severity''s target');
select throws_ok(format($$ select public.update_case(%L, '   ') $$, :'green_case'), '22023',
  'A case needs a title of 1 to 300 characters.', 'an empty title is refused');
select public.add_case_task(:'green_case', 'Block the domain') as task \gset
select lives_ok(format($$ select public.complete_case_task(%s) $$, :'task'), 'a task is added and done');
select public.add_case_note(:'green_case', '<img src=https://evil.example/x> **stored as written**') as note \gset
select is((select body from public.case_notes where id = :note), '<img src=https://evil.example/x> **stored as written**', 'a note is stored raw');
select throws_ok(format($$ update public.case_notes set body = 'rewritten' where id = %s $$, :'note'), '42501', null, 'notes cannot be edited');
select throws_ok(format($$ delete from public.case_notes where id = %s $$, :'note'), '42501', null, 'nor deleted');
select is(
  (select array_agg(kind order by id) from public.case_events where case_id = :'green_case'),
  array['created', 'linked', 'alert_added', 'status_changed', 'status_changed', 'status_changed', 'status_changed',
        'edited', 'task_added', 'task_done', 'note_added'],
  'the timeline holds everything that happened, in order'
);

-- ── Attachments ─────────────────────────────────────────────────────────────────────────────────
select lives_ok(format($$ insert into storage.objects (bucket_id, name, owner_id, metadata) values
  ('case-attachments', %L, '00000000-0000-4000-a000-0000000385c2', '{"size": 1234}') $$, :'green_case' || '/takedown-request.pdf'),
  'a reader attaches a file to the case');
select throws_ok(format($$ insert into storage.objects (bucket_id, name, metadata) values
  ('case-attachments', %L, '{"size": 1}') $$, :'amber_case' || '/x.pdf'), '42501', null, 'but not to a case they cannot read');
reset role;
select is((select details ->> 'name' from public.case_events where case_id = :'green_case' and kind = 'attachment_added'),
  'takedown-request.pdf', 'the attachment is on the timeline');
set local role authenticated;
select set_config('request.jwt.claims', :'green_claims', true);
select lives_ok(format($$ select public.unlink_case_entity(%L, 'alert', 'a1e70000-0000-4000-a000-000000038501') $$, :'green_case'),
  'an alert is taken off a case');
reset role;
select lives_ok(format($$ delete from public.cases where id = %L $$, :'amber_case'),
  'a case with alerts can be deleted (its timeline goes with it)');

select * from finish();
rollback;
