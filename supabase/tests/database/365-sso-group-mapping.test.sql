-- Single sign-on group mapping (issue 28 §3): the stack's auth writes the identity provider's group
-- claim to app_metadata.sso_groups as supabase_auth_admin; memberships follow it by group name
-- (case-insensitive), unknown names are ignored, memberships an administrator made and the default
-- group are never removed, each change is audited, and no claim makes anyone an administrator.
begin;
select plan(16);

insert into public.groups (id, name, max_tlp) values
  ('0000a000-0000-4000-a000-000000000365', 'Red team', 'red'),
  ('0000a000-0000-4000-a000-000000000366', 'Green only', 'green'),
  ('0000a000-0000-4000-a000-000000000367', 'Hand picked', 'amber');
insert into auth.users (id, aud, role, email, raw_app_meta_data) values
  ('00000000-0000-4000-a000-000000000365', 'authenticated', 'authenticated', 'sso@test.local',
   '{"provider":"keycloak","providers":["keycloak"],"sso_groups":["red TEAM","No such group","admin"]}'),
  ('00000000-0000-4000-a000-000000000366', 'authenticated', 'authenticated', 'password@test.local',
   '{"provider":"email","providers":["email"]}');

create or replace function pg_temp.groups_of(_user uuid) returns text[] language sql as $$
  select coalesce(array_agg(g.name || case when m.via_sso then ' (sso)' else '' end order by g.name), '{}')
    from public.group_members m join public.groups g on g.id = m.group_id where m.user_id = _user
$$;

select is(pg_temp.groups_of('00000000-0000-4000-a000-000000000365'), array['Analysts', 'Red team (sso)'],
  'a new SSO user joins the default group and the claimed group, matched ignoring case; unknown names are ignored');
select is(pg_temp.groups_of('00000000-0000-4000-a000-000000000366'), array['Analysts'],
  'a user without sso_groups (password sign-up) joins only the default group');
select is((select count(*)::int from public.audit_trail where action = 'group.member_added'
            and details ->> 'user_id' = '00000000-0000-4000-a000-000000000365' and details ->> 'via' = 'sso'
            and details ->> 'provider' = 'keycloak' and details ->> 'group' = 'Red team'), 1,
  'the membership is audited with the provider');
select ok(not exists (select 1 from public.user_roles where user_id = '00000000-0000-4000-a000-000000000365'),
  'a claim naming "admin" grants no role: SSO users are analysts');

-- An administrator adds the user to a group by hand; the sign-ins below must leave it alone.
insert into public.group_members (group_id, user_id, added_by) values
  ('0000a000-0000-4000-a000-000000000367', '00000000-0000-4000-a000-000000000365', null);

-- The next sign-in (as the stack does it: supabase_auth_admin merges app_metadata).
set local role supabase_auth_admin;
update auth.users set raw_app_meta_data = raw_app_meta_data || '{"sso_groups":["Green only"]}'
 where id = '00000000-0000-4000-a000-000000000365';
reset role;
select is(pg_temp.groups_of('00000000-0000-4000-a000-000000000365'), array['Analysts', 'Green only (sso)', 'Hand picked'],
  'the claim moved: the group it dropped is left, the new one joined, the hand-made membership kept');
select is((select details -> 'lost_red' from public.audit_trail where action = 'group.member_removed'
            and details ->> 'user_id' = '00000000-0000-4000-a000-000000000365' and details ->> 'group' = 'Red team'),
  '["sso@test.local"]'::jsonb, 'the removal is audited, naming who lost TLP:RED');
select is((select actor_id::text || '/' || actor_role from public.audit_trail where action = 'group.member_removed'
            and details ->> 'user_id' = '00000000-0000-4000-a000-000000000365'), null,
  'no user is named as its actor: it is the auth service''s (its database login)');
select is((select actor_role from public.audit_trail where action = 'group.member_removed'
            and details ->> 'user_id' = '00000000-0000-4000-a000-000000000365'), session_user::text,
  'recorded as the database login that signed the user in');

-- A sign-in with the same claim changes nothing and audits nothing.
select count(*) as audits_before from public.audit_trail where details ->> 'user_id' = '00000000-0000-4000-a000-000000000365' \gset
update auth.users set raw_app_meta_data = raw_app_meta_data || '{"sso_groups":["green ONLY"]}'
 where id = '00000000-0000-4000-a000-000000000365';
select is((select count(*) from public.audit_trail where details ->> 'user_id' = '00000000-0000-4000-a000-000000000365'),
  :'audits_before'::bigint, 'an unchanged claim changes and audits nothing');

-- The claim names a group the user already belongs to by hand: it stays a hand-made membership.
update auth.users set raw_app_meta_data = raw_app_meta_data || '{"sso_groups":["Green only","Hand picked"]}'
 where id = '00000000-0000-4000-a000-000000000365';
select is(pg_temp.groups_of('00000000-0000-4000-a000-000000000365'), array['Analysts', 'Green only (sso)', 'Hand picked'],
  'a claimed group the user is already in by hand stays hand-made');

-- An empty claim removes what SSO added and nothing else; the default group is never removed.
update auth.users set raw_app_meta_data = raw_app_meta_data || '{"sso_groups":[]}'
 where id = '00000000-0000-4000-a000-000000000365';
select is(pg_temp.groups_of('00000000-0000-4000-a000-000000000365'), array['Analysts', 'Hand picked'],
  'an empty claim leaves only the memberships SSO did not make');

-- Not a list (a provider misconfigured): nothing happens.
update auth.users set raw_app_meta_data = raw_app_meta_data || '{"sso_groups":"Red team"}'
 where id = '00000000-0000-4000-a000-000000000365';
select is(pg_temp.groups_of('00000000-0000-4000-a000-000000000365'), array['Analysts', 'Hand picked'],
  'a claim that is not a list changes nothing');

-- Hostile names are data: no SQL, no pattern matching.
update auth.users set raw_app_meta_data = raw_app_meta_data || '{"sso_groups":["%","Red%","''; drop table public.groups; --"]}'
 where id = '00000000-0000-4000-a000-000000000365';
select is(pg_temp.groups_of('00000000-0000-4000-a000-000000000365'), array['Analysts', 'Hand picked'],
  'names are compared whole: "%" and "Red%" match no group');
select ok(exists (select 1 from public.groups where name = 'Red team'), 'and a hostile name is only a name');

-- Users cannot reach the trigger's function or write the column.
select ok(not has_function_privilege('authenticated', 'private.sync_sso_groups()', 'execute'),
  'signed-in users cannot call the mapping function');
set local role authenticated;
select set_config('request.jwt.claims',
  '{"sub":"00000000-0000-4000-a000-000000000365","role":"authenticated","session_id":"20000000-0000-4000-a000-000000000365"}', true);
select throws_ok($$ update public.group_members set via_sso = false where user_id = '00000000-0000-4000-a000-000000000365' $$,
  '42501', null, 'nor mark their memberships');
reset role;

select * from finish();
rollback;
