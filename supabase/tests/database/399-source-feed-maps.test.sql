-- Feed maps (issue 30 §3): set_source_feed_map attaches a checked map to a source (admins with MFA;
-- analysts and admins without MFA are refused with 42501), a map the importer could not read is
-- refused with its problem in plain words (22023) by the RPC and by the column's check, taking the
-- map off restores no format, and each change is a source_changed security event.
begin;
select plan(16);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local'),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-a000-00000000000a', 'admin');
insert into private.admin_totp (user_id, secret_enc, status) values ('00000000-0000-4000-a000-00000000000a', '\x00', 'active');
insert into private.admin_mfa_sessions (session_id, user_id, verified_at, expires_at) values
  ('10000000-0000-4000-a000-000000000003', '00000000-0000-4000-a000-00000000000a', now(), now() + interval '12 hours');
\ir ../fixtures/claims.psql

insert into public.sources (id, name, kind, url) values
  ('39700000-0000-4000-a000-000000000001', 'Partner feed', 'feed', 'https://partner.example/iocs.csv');
\set map '{"delimiter": ";", "fields": {"value": "Indicator", "type": {"column": "Kind", "values": {"ip": "ipv4", "cidr": "ipv4-cidr"}}, "first_seen": 3}}'

-- ── The check, as the importer's schema says it ─────────────────────────────────────────────────
select is(private.feed_map_problem(:'map'), null, 'a CSV map with a type column is valid');
select is(private.feed_map_problem('{"format": "json", "records": "data.iocs", "fields": {"value": "ioc.value", "type": "url"}}'),
  null, 'a JSON map with a records path and a fixed type is valid');
select is(private.feed_map_problem('{"fields": {"type": "url"}}'), 'fields.value is missing', 'the value column is required');
select is(private.feed_map_problem('{"fields": {"value": 1, "type": {"column": 2, "values": {"ip": "ip-address"}}}}'),
  'fields.type.values: "ip-address" is not an indicator type', 'type values are our indicator types');
select is(private.feed_map_problem('{"delimiter": ";;", "fields": {"value": 1, "type": "url"}}'),
  'delimiter is one character (not a quote or a line break)', 'a delimiter is one character');
select is(private.feed_map_problem('{"format": "json", "fields": {"value": 2, "type": "url"}}'),
  'fields.value: a JSON map names keys, not column numbers', 'a JSON map names keys');
select is(private.feed_map_problem('{"header": false, "fields": {"value": "Indicator", "type": "url"}}'),
  'fields.value: the file has no header, so a column is named by its number', 'no header, no names');
select is(private.feed_map_problem('{"fields": {"value": 1, "type": "url", "colour": 2}}'),
  'fields: unknown key "colour"', 'an unknown field is named');

-- ── Who may set it ───────────────────────────────────────────────────────────────────────────────
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select throws_ok(format($$ select * from public.set_source_feed_map('39700000-0000-4000-a000-000000000001', %L) $$, :'map'),
  '42501', 'Only administrators with a verified second factor can change sources', 'an analyst cannot set a map');
select set_config('request.jwt.claims', :'admin_claims', true);
select throws_ok(format($$ select * from public.set_source_feed_map('39700000-0000-4000-a000-000000000001', %L) $$, :'map'),
  '42501', 'Only administrators with a verified second factor can change sources', 'nor an admin without MFA in this session');
select throws_ok($$ update public.sources set feed_map = '{"fields": {}}' where id = '39700000-0000-4000-a000-000000000001' $$,
  '42501', null, 'the column is not written directly');

select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select throws_ok($$ select * from public.set_source_feed_map('39700000-0000-4000-a000-000000000001', '{"fields": {"value": 1, "type": "ip"}}') $$,
  '22023', 'The map is not valid: "ip" is not an indicator type', 'a map the importer could not read is refused with its problem');
select results_eq(
  format($$ select format, feed_map from public.set_source_feed_map('39700000-0000-4000-a000-000000000001', %L) $$, :'map'),
  format($$ values ('csv-map'::text, %L::jsonb) $$, :'map'),
  'an admin with MFA attaches the map; the source becomes csv-map'
);
select results_eq(
  $$ select format, feed_map from public.set_source_feed_map('39700000-0000-4000-a000-000000000001', null) $$,
  $$ values (null::text, null::jsonb) $$,
  'taking it off leaves no mapped format behind'
);
reset role;
select is(
  (select count(*)::int from public.security_events where event_type = 'source_changed'
     and details ->> 'source_id' = '39700000-0000-4000-a000-000000000001' and details -> 'changes' ? 'feed_map'
     and user_id = '00000000-0000-4000-a000-00000000000a'),
  2, 'both changes were recorded, by whom'
);
select throws_ok($$ update public.sources set feed_map = '{"fields": {"value": 0, "type": "url"}}' where id = '39700000-0000-4000-a000-000000000001' $$,
  '23514', null, 'the column''s check refuses an invalid map whoever writes it');

select * from finish();
rollback;
