-- A case's TLP and PAP change through update_case, checked as at opening: up to the caller's
-- clearance, RED only with an audience including the caller, an audience only for RED, the assignee
-- must still read it; the change is on the timeline and in the audit trail.
begin;
select plan(13);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local'),
  ('00000000-0000-4000-a000-0000000387c1', 'authenticated', 'authenticated', 'red-member@test.local');
insert into public.groups (id, name, max_tlp) values ('0000a000-0000-4000-a000-0000000387a1', 'Marking red cell', 'red');
insert into public.group_members (group_id, user_id) values
  ('0000a000-0000-4000-a000-0000000387a1', '00000000-0000-4000-a000-0000000387c1');

\ir ../fixtures/claims.psql
\set red_claims '{"sub":"00000000-0000-4000-a000-0000000387c1","role":"authenticated","session_id":"20000000-0000-4000-a000-0000000387c1"}'

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select set_config('test.rfi', public.create_case('Partner RFI', 'rfi')::text, true);
select lives_ok(format($$ select public.update_case(%L, _tlp => 'green', _pap => 'amber') $$, current_setting('test.rfi')),
  'an analyst marks their case down to GREEN and its PAP up to AMBER');
select results_eq(format($$ select tlp::text, pap::text from public.cases where id = %L $$, current_setting('test.rfi')),
  $$ values ('green', 'amber') $$, 'the new marking is stored');
select ok((select details -> 'fields' ? 'TLP' and details -> 'fields' ? 'PAP' from public.case_events
            where case_id = current_setting('test.rfi')::uuid and kind = 'edited'),
  'the timeline names the TLP and PAP change');
select throws_ok(format($$ select public.update_case(%L, _tlp => 'red', _red_audience => '{0000a000-0000-4000-a000-0000000387a1}') $$, current_setting('test.rfi')),
  '42501', 'Your clearance does not reach TLP:RED: mark the case at a lower TLP.', 'nobody marks a case above their clearance');
select throws_ok(format($$ select public.update_case(%L, _tlp => 'green', _red_audience => '{0000a000-0000-4000-a000-0000000387a1}') $$, current_setting('test.rfi')),
  '22023', 'Only a TLP:RED case names an audience.', 'an audience only for RED');
select throws_ok(format($$ select public.update_case(%L, _tlp => 'purple') $$, current_setting('test.rfi')),
  '22023', 'Unknown TLP level "purple": use clear, green, amber, amber+strict or red.', 'an unknown TLP is refused in words');
select throws_ok(format($$ select public.update_case(%L, _pap => 'white') $$, current_setting('test.rfi')),
  '22023', 'Unknown PAP level "white": use clear, green, amber or red.', 'an unknown PAP is refused in words');

-- A RED member takes an AMBER incident assigned to the analyst up to RED.
select set_config('request.jwt.claims', :'red_claims', true);
select set_config('test.incident', public.create_case('Partner breach', 'incident', _assignee => '00000000-0000-4000-a000-00000000000b')::text, true);
select throws_ok(format($$ select public.update_case(%L, _tlp => 'red') $$, current_setting('test.incident')),
  '22023', 'A TLP:RED case needs an audience that includes one of your groups cleared for TLP:RED.', 'RED needs an audience');
select throws_ok(format($$ select public.update_case(%L, _tlp => 'red', _red_audience => '{0000a000-0000-4000-a000-0000000387a1}') $$, current_setting('test.incident')),
  '22023', null, 'an assignee who would no longer read it keeps the case from going to RED');
select lives_ok(format($$ select public.assign_case(%L, null); select public.update_case(%L, _tlp => 'red', _red_audience => '{0000a000-0000-4000-a000-0000000387a1}') $$,
  current_setting('test.incident'), current_setting('test.incident')),
  'unassigned, it goes to RED for the red cell');

select set_config('request.jwt.claims', :'analyst_claims', true);
select is((select count(*)::int from public.cases where id = current_setting('test.incident')::uuid), 0,
  'the analyst no longer reads it');
select throws_ok(format($$ select public.update_case(%L, _tlp => 'clear') $$, current_setting('test.incident')),
  '22023', format('There is no case %s that you can read.', current_setting('test.incident')),
  'nor can they re-mark it: the refusal a missing case gets');
reset role;

select ok((select count(*) = 2 from public.audit_trail where action = 'case.marked'
            and target_id in (current_setting('test.rfi'), current_setting('test.incident'))),
  'each re-marking is audited');

select * from finish();
rollback;
