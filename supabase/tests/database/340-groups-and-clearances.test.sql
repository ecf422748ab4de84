-- Groups, clearances and TLP:RED audiences (issue 28 §1), per clearance: a member of a source's RED
-- audience reads its RED indicator and report, another analyst and an administrator with MFA who is
-- not a member do not; a member of a green-only group reads no AMBER that a default analyst reads;
-- the same through search_indicators, count_indicators, unified_search, hunt_indicators, analytics
-- and the dashboard. Group changes go through audited RPCs for admins with MFA; unknown TLP values
-- are refused; removing a user's last RED group warns; a RED row made by hand names its audience.
begin;
select plan(58);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local'),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local'),
  ('00000000-0000-4000-a000-0000000003c1', 'authenticated', 'authenticated', 'red-member@test.local'),
  ('00000000-0000-4000-a000-0000000003c2', 'authenticated', 'authenticated', 'green-only@test.local');
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-a000-00000000000a', 'admin');
insert into private.admin_totp (user_id, secret_enc, status) values ('00000000-0000-4000-a000-00000000000a', '\x00', 'active');
insert into private.admin_mfa_sessions (session_id, user_id, verified_at, expires_at) values
  ('10000000-0000-4000-a000-000000000003', '00000000-0000-4000-a000-00000000000a', now(), now() + interval '12 hours');

\ir ../fixtures/claims.psql
\set red_claims '{"sub":"00000000-0000-4000-a000-0000000003c1","role":"authenticated","session_id":"20000000-0000-4000-a000-0000000003c1"}'
\set green_claims '{"sub":"00000000-0000-4000-a000-0000000003c2","role":"authenticated","session_id":"20000000-0000-4000-a000-0000000003c2"}'
\set anon_claims '{"role":"anon"}'

select is((select count(*)::int from public.group_members where group_id = '0000a000-0000-4000-a000-000000000001'
            and user_id in ('00000000-0000-4000-a000-00000000000a', '00000000-0000-4000-a000-00000000000b',
                            '00000000-0000-4000-a000-0000000003c1', '00000000-0000-4000-a000-0000000003c2')), 4,
  'every new user joins the default group "Analysts"');
select is((select max_tlp::text from public.groups where id = '0000a000-0000-4000-a000-000000000001'), 'amber+strict',
  'which reads up to TLP:AMBER+STRICT');

-- Intelligence: one source whose RED reports the audience group reads.
insert into public.sources (id, name, default_tlp) values
  ('50000000-0000-4000-a000-0000000003a1', 'Closed community', 'red'),
  ('50000000-0000-4000-a000-0000000003a2', 'Open feed', 'amber');
insert into public.indicators (id, type, value, tlp, confidence) overriding system value values
  (934001, 'domain', 'red-only.groups-test.example', 'red', 80),
  (934002, 'domain', 'amber.groups-test.example', 'amber', 80),
  (934003, 'domain', 'green.groups-test.example', 'green', 80);
insert into public.indicator_sources (indicator_id, source_id, tlp, context) values
  (934001, '50000000-0000-4000-a000-0000000003a1', 'red', '{"note":"the closed community''s words"}'),
  (934002, '50000000-0000-4000-a000-0000000003a2', 'amber', '{}'),
  (934003, '50000000-0000-4000-a000-0000000003a2', 'green', '{}');

-- ── Managing groups ─────────────────────────────────────────────────────────────────────────────
set local role anon;
select set_config('request.jwt.claims', :'anon_claims', true);
select throws_ok($$ select public.create_group('x') $$, '42501', null, 'anon cannot make a group');
reset role;
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select throws_ok($$ select public.create_group('x') $$, '42501', null, 'an analyst cannot make a group');
select throws_ok($$ insert into public.groups (name) values ('x') $$, '42501', null, 'nor write the table');
select throws_ok($$ insert into public.group_members (group_id, user_id) values ('0000a000-0000-4000-a000-000000000001', '00000000-0000-4000-a000-00000000000b') $$,
  '42501', null, 'nor the memberships');
select is((select array_agg(name) from public.groups), array['Analysts'], 'an analyst reads the groups they belong to');
select set_config('request.jwt.claims', :'admin_claims', true);
select throws_ok($$ select public.create_group('x') $$, '42501', null, 'nor can an admin without MFA in this session');

select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select throws_ok($$ select public.create_group('Purple', 'purple') $$, '22023',
  'Unknown TLP level "purple": use clear, green, amber, amber+strict or red.', 'an unknown TLP is refused in words');
select throws_ok($$ select public.create_group('  ') $$, '22023', 'A group needs a name of 1 to 100 characters.', 'a group needs a name');
select throws_ok($$ select public.create_group('analysts') $$, '23505', 'There is already a group named "analysts".',
  'names are unique ignoring case');
select public.create_group('Red cell', 'red', 'Reads the closed community''s RED') as red_group \gset
select public.create_group('Green only', 'green') as green_group \gset
select is((select count(*)::int from public.audit_trail where action = 'group.created' and target_id in (:'red_group', :'green_group')), 2,
  'each new group is audited');
select lives_ok(format($$ select public.add_group_member(%L, '00000000-0000-4000-a000-0000000003c1') $$, :'red_group'), 'an admin adds a member');
select lives_ok(format($$ select public.add_group_member(%L, '00000000-0000-4000-a000-0000000003c2') $$, :'green_group'), 'and another');
select is((select public.remove_group_member('0000a000-0000-4000-a000-000000000001', '00000000-0000-4000-a000-0000000003c2') ->> 'warning'), null,
  'removing a member of a group below RED warns of nothing');
select is((select count(*)::int from public.audit_trail where action in ('group.member_added', 'group.member_removed')
            and details ->> 'user_id' in ('00000000-0000-4000-a000-0000000003c1', '00000000-0000-4000-a000-0000000003c2')), 3,
  'memberships changed are audited');
select throws_ok(format($$ select public.add_group_member(%L, '00000000-0000-4000-a000-0000000009ff') $$, :'red_group'), '22023', null,
  'an unknown user cannot join');
select throws_ok($$ select public.delete_group('0000a000-0000-4000-a000-000000000001') $$, '22023',
  'The default group "Analysts" cannot be deleted: every new user joins it. Lower its TLP ceiling instead.', 'the default group stays');
select is((select member_count from public.list_groups() where id = :'red_group'), 1::bigint, 'groups list their member counts');
reset role;

-- The audience: the source names the RED group; a group below RED is refused as an audience.
select throws_ok(format($$ update public.sources set red_audience = array[%L]::uuid[] where id = '50000000-0000-4000-a000-0000000003a1' $$, :'green_group'),
  '23514', 'A TLP:RED audience names only groups cleared for TLP:RED; not: Green only (cleared up to green).', 'an audience names only RED groups');
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
update public.sources set red_audience = array[:'red_group']::uuid[] where id = '50000000-0000-4000-a000-0000000003a1';
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select is((select cardinality(red_audience) from public.sources where id = '50000000-0000-4000-a000-0000000003a1'), 0,
  'an analyst cannot name a source''s audience');
update public.sources set red_audience = array[:'red_group']::uuid[] where id = '50000000-0000-4000-a000-0000000003a1';
reset role;
select is((select count(*)::int from public.audit_trail where action = 'source.changed' and target_id = '50000000-0000-4000-a000-0000000003a1'
            and details -> 'changes' ? 'red_audience'), 1, 'an admin with MFA names it, audited');
select throws_ok($$ insert into public.groups (name, max_tlp) values ('Bad', 'purple') $$, '22P02', null,
  'the database refuses an unknown TLP value');

-- ── Reading per clearance ───────────────────────────────────────────────────────────────────────
set local role authenticated;
select set_config('request.jwt.claims', :'red_claims', true);
select is((select value from public.indicators where id = 934001), 'red-only.groups-test.example', 'a member of the source''s audience reads its RED indicator');
select is((select context ->> 'note' from public.indicator_sources where indicator_id = 934001), 'the closed community''s words', 'and its report');
select is((select count(*)::int from public.search_indicators(_value => 'red-only.groups-test.example')), 1, 'search_indicators finds it');
select is((select total from public.count_indicators(_value => 'red-only.groups-test.example')), 1::bigint, 'count_indicators counts it');
select ok((select count(*) > 0 from public.unified_search('red-only.groups-test.example', 5) where kind = 'indicator'), 'unified search finds it');
select is((select count(*)::int from public.hunt_indicators(array['domain']::public.indicator_type[], array['red-only.groups-test.example'])
            where id = 934001), 1, 'a hunt finds it');
select ok((select sum(indicators) from public.analytics_indicators_by_type('all') where type = 'domain') >= 3, 'analytics count it');

select set_config('request.jwt.claims', :'analyst_claims', true);
select is((select array_agg(name) from public.groups), array['Analysts'], 'an analyst reads only the groups they belong to');
select is((select count(*)::int from public.group_members where user_id <> '00000000-0000-4000-a000-00000000000b'), 0,
  'and only their own memberships');
select is((select count(*)::int from public.indicators where id = 934001), 0, 'another analyst does not read the RED indicator');
select is((select count(*)::int from public.indicator_sources where indicator_id = 934001), 0, 'nor its report');
select is((select count(*)::int from public.search_indicators(_value => 'red-only.groups-test.example')), 0, 'nor through search_indicators');
select is((select total from public.count_indicators(_value => 'red-only.groups-test.example')), 0::bigint, 'nor count_indicators');
select is((select count(*)::int from public.unified_search('red-only.groups-test.example', 5) where kind = 'indicator'), 0, 'nor unified search');
select is((select count(*)::int from public.hunt_indicators(array['domain']::public.indicator_type[], array['red-only.groups-test.example'])
            where id is not null), 0, 'nor a hunt');
select is((select sum(indicators)::int from public.analytics_indicators_by_type('all') where type = 'domain'),
          (select count(*)::int from public.indicators where type = 'domain'), 'analytics count only what the analyst reads');
select is((select count(*)::int from public.indicators where id = 934002), 1, 'a default analyst reads AMBER');

select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select is((select count(*)::int from public.indicators where id = 934001), 0, 'an admin with MFA outside the audience does not read it');
select is((select count(*)::int from public.indicator_sources where indicator_id = 934001), 0, 'nor its report');

select set_config('request.jwt.claims', :'green_claims', true);
select is((select array_agg(id order by id) from public.indicators where id between 934001 and 934003), array[934003::bigint],
  'a member of a green-only group reads GREEN, not AMBER or RED');
select is((select count(*)::int from public.search_indicators(_value => 'amber.groups-test.example')), 0, 'nor AMBER through search_indicators');
select is((select total from public.count_indicators(_value => 'amber.groups-test.example')), 0::bigint, 'nor counts it');
select is((select count(*)::int from public.hunt_indicators(array['domain']::public.indicator_type[], array['amber.groups-test.example'])
            where id is not null), 0, 'nor hunts it');
select ok((select active_indicators from public.dashboard_figures()) < (select count(*) from public.indicators i
            where i.tlp <= 'amber+strict' and not i.revoked) + 1, 'the dashboard counts what they read');
select throws_ok($$ insert into public.indicators (type, value, tlp) values ('domain', 'mine.groups-test.example', 'amber') $$, '42501', null,
  'nor adds AMBER intelligence');
select is((select (clearance, red_groups)::text from public.my_clearance()), '(green,[])', 'and my_clearance says GREEN, no RED group');

-- A RED row made by hand names its audience.
select set_config('request.jwt.claims', :'red_claims', true);
select is((select (clearance, red_groups -> 0 ->> 'name')::text from public.my_clearance()), '(red,"Red cell")',
  'my_clearance offers a RED member RED and their audience group');
select throws_ok($$ insert into public.indicators (type, value, tlp) values ('domain', 'hand-red.groups-test.example', 'red') $$, '23514',
  'A TLP:RED indicator made by hand needs its audience: name at least one group cleared for TLP:RED.', 'a RED indicator made by hand needs an audience');
select lives_ok(format($$ insert into public.indicators (type, value, tlp, red_audience) values ('domain', 'hand-red.groups-test.example', 'red', array[%L]::uuid[]) $$, :'red_group'),
  'with one, its member adds it');
select set_config('request.jwt.claims', :'analyst_claims', true);
select is((select count(*)::int from public.indicators where value = 'hand-red.groups-test.example'), 0, 'and other analysts do not read it');

-- ── Warnings and deletion ───────────────────────────────────────────────────────────────────────
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select is(public.remove_group_member(:'red_group', '00000000-0000-4000-a000-0000000003c1') ->> 'warning',
  'red-member@test.local no longer reads TLP:RED: "Red cell" was their last group cleared for it.', 'removing the last RED group warns');
select set_config('request.jwt.claims', :'red_claims', true);
select is((select count(*)::int from public.indicators where id = 934001), 0, 'and the former member no longer reads RED');
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select lives_ok(format($$ select public.delete_group(%L) $$, :'red_group'), 'an admin deletes a group');
reset role;
select is((select red_audience from public.sources where id = '50000000-0000-4000-a000-0000000003a1'), '{}'::uuid[],
  'which leaves the audiences naming it');
select is((select count(*)::int from public.audit_trail where action in ('group.deleted', 'group.member_removed') and target_id = :'red_group'), 2,
  'removal and deletion are audited');

select * from finish();
rollback;
