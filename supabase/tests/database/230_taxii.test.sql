-- TAXII: per-user API keys (secret shown once, SHA-256 at rest, own keys only, audited), admin-defined
-- collections (admin with MFA, audited), the STIX page function under RLS (TLP:RED only for an admin
-- with MFA) and envelope writes with status resources readable by their author only.
begin;
select plan(37);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-0000000000a1', 'authenticated', 'authenticated', 'taxii-admin@test.local'),
  ('00000000-0000-4000-a000-0000000000b1', 'authenticated', 'authenticated', 'taxii-analyst@test.local'),
  ('00000000-0000-4000-a000-0000000000c1', 'authenticated', 'authenticated', 'taxii-other@test.local');
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-a000-0000000000a1', 'admin');
insert into private.admin_totp (user_id, secret_enc, status) values ('00000000-0000-4000-a000-0000000000a1', '\x00', 'active');
insert into private.admin_mfa_sessions (session_id, user_id, verified_at, expires_at) values
  ('30000000-0000-4000-a000-000000000003', '00000000-0000-4000-a000-0000000000a1', now(), now() + interval '12 hours');
insert into public.indicators (type, value, tlp, created_by) values
  ('domain', 'green.taxii-test.example', 'green', null),
  ('domain', 'red.taxii-test.example', 'red', null);
insert into public.taxii_collections (id, title, can_read, can_write) values
  ('40000000-0000-4000-a000-000000000001', 'Writable', true, true);

\set analyst_claims '{"sub":"00000000-0000-4000-a000-0000000000b1","role":"authenticated"}'
\set other_claims '{"sub":"00000000-0000-4000-a000-0000000000c1","role":"authenticated"}'
\set admin_claims '{"sub":"00000000-0000-4000-a000-0000000000a1","role":"authenticated","session_id":"30000000-0000-4000-a000-000000000001"}'
\set admin_mfa_claims '{"sub":"00000000-0000-4000-a000-0000000000a1","role":"authenticated","session_id":"30000000-0000-4000-a000-000000000003"}'
\set all_collection '''5f8a3c0e-3b8e-4d0a-9a55-7a1f0c2d9e01'''

-- API keys ---------------------------------------------------------------------------------------
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
create temp table new_key on commit drop as select * from public.create_api_key('TAXII client');
select ok((select secret ~ '^ctk_[A-Za-z0-9_-]{43}$' and prefix = left(secret, 12) from new_key), 'the secret is 256 random bits, shown once, with its prefix');
select is((select count(*)::int from public.list_api_keys()), 1, 'the owner lists their key');
select throws_ok($$ select * from private.api_key_hashes $$, '42501', null, 'nobody reads the stored hash');
select throws_ok($$ insert into public.api_keys (user_id, name, prefix) values (auth.uid(), 'x', 'ctk_abcdefgh') $$,
  '42501', null, 'keys are not written directly');
select throws_ok($$ select public.create_api_key('') $$, '22023', null, 'a key needs a name');
select throws_ok($$ select * from private.authenticate_api_key('a', 'b') $$, '42501', null, 'clients cannot check keys themselves');
select set_config('request.jwt.claims', :'other_claims', true);
select is((select count(*)::int from public.api_keys), 0, 'another user does not see the key');
select is(public.revoke_api_key((select id from new_key)), false, 'another user cannot revoke it');
reset role;
grant select on new_key to service_role;

select is((select encode(secret_hash, 'hex') from private.api_key_hashes where key_id = (select id from new_key)),
  (select encode(extensions.digest(secret, 'sha256'), 'hex') from new_key), 'only the SHA-256 of the secret is stored');
set local role service_role;
select is((select user_id from private.authenticate_api_key((select id::text from new_key), (select secret from new_key))),
  '00000000-0000-4000-a000-0000000000b1'::uuid, 'key id and secret authenticate the owner');
select is((select user_id from private.authenticate_api_key('TAXII-Analyst@test.local', (select secret from new_key))),
  '00000000-0000-4000-a000-0000000000b1'::uuid, 'the owner''s e-mail works as the user name too');
select is((select count(*)::int from private.authenticate_api_key('taxii-other@test.local', (select secret from new_key))), 0,
  'the secret with someone else''s name is refused');
select is((select count(*)::int from private.authenticate_api_key((select id::text from new_key), 'ctk_wrong')), 0, 'a wrong secret is refused');
reset role;
select isnt((select last_used_at from public.api_keys where id = (select id from new_key)), null, 'a use is recorded');

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select is(public.revoke_api_key((select id from new_key)), true, 'the owner revokes their key');
reset role;
set local role service_role;
select is((select count(*)::int from private.authenticate_api_key((select id::text from new_key), (select secret from new_key))), 0,
  'a revoked key no longer authenticates');
reset role;
select is((select array_agg(action order by id) from public.audit_trail where target_type = 'api_key' and target_id = (select id::text from new_key)),
  array['api_key.created', 'api_key.revoked'], 'creation and revocation are audited');

-- Collections ------------------------------------------------------------------------------------
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select ok((select count(*) >= 2 from public.taxii_collections), 'signed-in users list collections');
select throws_ok($$ select public.save_taxii_collection(null, 'Mine') $$, '42501', null, 'an analyst cannot define collections');
select throws_ok($$ insert into public.taxii_collections (title) values ('x') $$, '42501', null, 'nor write the table');
select set_config('request.jwt.claims', :'admin_claims', true);
select throws_ok($$ select public.save_taxii_collection(null, 'Mine') $$, '42501', null, 'an admin without MFA cannot either');
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select is((select title from public.save_taxii_collection('40000000-0000-4000-a000-000000000002', 'Green only', '', 'green', array['green']::public.tlp_level[])),
  'Green only', 'an admin with MFA defines a collection');
select is(public.delete_taxii_collection('40000000-0000-4000-a000-000000000002'), true, 'and removes it');
reset role;
select is((select count(*)::int from public.audit_trail where target_type = 'taxii_collection' and target_id = '40000000-0000-4000-a000-000000000002'),
  2, 'collection changes are audited');

-- Objects under RLS ------------------------------------------------------------------------------
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select is((select array_agg(object ->> 'name' order by id) from public.taxii_objects(:all_collection, _types => array['indicator'])
            where object ->> 'name' like '%.taxii-test.example'),
  array['green.taxii-test.example'], 'an analyst gets every indicator below RED');
select is((select object -> 'object_marking_refs' from public.taxii_objects(:all_collection, _types => array['indicator'])
            where object ->> 'name' = 'green.taxii-test.example'),
  '["marking-definition--bab4a63c-aed9-4cf5-a766-dfca5abac2bb"]'::jsonb, 'with its TLP 2.0 marking');
-- RED needs its audience (issue 28 §1): the admin joins a group that every RED row names.
reset role;
\set red_member '00000000-0000-4000-a000-0000000000a1'
\ir ../fixtures/red-audience.psql
set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select is((select count(*)::int from public.taxii_objects(:all_collection, _types => array['indicator'])
            where object ->> 'name' like '%.taxii-test.example'), 2,
  'an admin with MFA gets TLP:RED too');
reset role;
set local role anon;
select throws_ok($$ select * from public.taxii_objects('5f8a3c0e-3b8e-4d0a-9a55-7a1f0c2d9e01') $$, '42501', null, 'anon gets nothing');
reset role;

-- Writes and status ------------------------------------------------------------------------------
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select throws_ok($$ select * from public.taxii_add_objects('5f8a3c0e-3b8e-4d0a-9a55-7a1f0c2d9e01', '[]') $$, '22023', null,
  'a read-only collection refuses envelopes');
create temp table envelope on commit drop as select * from public.taxii_add_objects('40000000-0000-4000-a000-000000000001',
  '[{"type":"malware","spec_version":"2.1","id":"malware--0d5b5ec3-7a39-4d8e-8c0a-0d3c4f1e9a11","created":"2026-01-01T00:00:00Z","modified":"2026-01-01T00:00:00Z","name":"Posted","is_family":true,"object_marking_refs":["marking-definition--e828b379-4e03-4974-9ac4-e53a884c97c1"]},
    {"type":"malware","spec_version":"2.1","id":"malware--0d5b5ec3-7a39-4d8e-8c0a-0d3c4f1e9a12","created":"2026-01-01T00:00:00Z","modified":"2026-01-01T00:00:00Z","name":"Posted green","is_family":true,"object_marking_refs":["marking-definition--bab4a63c-aed9-4cf5-a766-dfca5abac2bb"]}]');
select is((select (success_count, failure_count)::text from envelope), '(1,1)',
  'RLS judges each object: an analyst cannot add TLP:RED, the rest is stored');
select is((select failures -> 0 ->> 'message' from public.taxii_status where id = (select status_id from envelope)),
  'not allowed for this user (row-level security)', 'the status says why');
select is((select (stix_id <> 'malware--0d5b5ec3-7a39-4d8e-8c0a-0d3c4f1e9a12' and created_by = auth.uid())::text
             from public.intel_objects where name = 'Posted green'),
  'true', 'an analyst''s posted object is theirs, under an id the database gives');
-- A posted id that exists hidden (TLP:RED, no audience) answers as a new one: stored as the analyst's.
reset role;
insert into public.intel_objects (stix_id, type, name, tlp, stix) values
  ('malware--0d5b5ec3-7a39-4d8e-8c0a-0d3c4f1e9a13', 'malware', 'Hidden', 'red', '{}');
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
create temp table hidden_post on commit drop as select * from public.taxii_add_objects('40000000-0000-4000-a000-000000000001',
  '[{"type":"malware","spec_version":"2.1","id":"malware--0d5b5ec3-7a39-4d8e-8c0a-0d3c4f1e9a13","created":"2026-01-01T00:00:00Z","modified":"2026-01-01T00:00:00Z","name":"Guess","is_family":true,"object_marking_refs":["marking-definition--bab4a63c-aed9-4cf5-a766-dfca5abac2bb"]},
    {"type":"malware","spec_version":"2.1","id":"malware--0d5b5ec3-7a39-4d8e-8c0a-0d3c4f1e9a14","created":"2026-01-01T00:00:00Z","modified":"2026-01-01T00:00:00Z","name":"Fresh","is_family":true,"object_marking_refs":["marking-definition--bab4a63c-aed9-4cf5-a766-dfca5abac2bb"]},
    {"type":"relationship","spec_version":"2.1","id":"relationship--0d5b5ec3-7a39-4d8e-8c0a-0d3c4f1e9a15","created":"2026-01-01T00:00:00Z","modified":"2026-01-01T00:00:00Z","relationship_type":"variant-of","source_ref":"malware--0d5b5ec3-7a39-4d8e-8c0a-0d3c4f1e9a13","target_ref":"malware--0d5b5ec3-7a39-4d8e-8c0a-0d3c4f1e9a14"}]');
select is((select (success_count, failure_count)::text from hidden_post), '(3,0)',
  'a hidden id, a new id and a relationship between them all answer as stored');
select is((select count(*)::int from public.intel_objects where name in ('Guess', 'Fresh') and created_by = auth.uid()), 2,
  'both are the analyst''s own objects');
select is((select count(*)::int from public.relationships r
             join public.intel_objects s on s.stix_id = r.source_ref and s.name = 'Guess'
             join public.intel_objects t on t.stix_id = r.target_ref and t.name = 'Fresh'), 1,
  'the envelope''s relationship joins the two stored objects');
reset role;
select is((select name from public.intel_objects where stix_id = 'malware--0d5b5ec3-7a39-4d8e-8c0a-0d3c4f1e9a13'), 'Hidden',
  'the hidden object is untouched');
set local role authenticated;
select set_config('request.jwt.claims', :'other_claims', true);
select is((select count(*)::int from public.taxii_status), 0, 'nobody else reads that status');
reset role;

select * from finish();
rollback;
