-- Served feeds per role: administrators with a verified second factor and the service role create,
-- list, change, re-key and delete feeds (each audited, the token shown once, its hash readable by
-- no API role, not even in the audit trail); analysts, administrators without the second factor and
-- anon are refused. The feeds function's lookups (private, service role only): the version changes
-- with a matching write, a filter change and a rotated token, not with a pull; the ledger's
-- compaction keeps it; Last-Modified moves only with the version. private.export_indicators judges
-- decay and expiry at the time it is given.
begin;
select plan(48);
delete from public.served_feeds;

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local'),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-a000-00000000000a', 'admin');
insert into private.admin_totp (user_id, secret_enc, status) values ('00000000-0000-4000-a000-00000000000a', '\x00', 'active');
insert into private.admin_mfa_sessions (session_id, user_id, verified_at, expires_at) values
  ('10000000-0000-4000-a000-000000000003', '00000000-0000-4000-a000-00000000000a', now(), now() + interval '12 hours');

\ir ../fixtures/claims.psql
\set service_claims '{"role":"service_role"}'
\set anon_claims '{"role":"anon"}'

insert into public.sources (id, name, format, reliability) values
  ('32000000-0000-4000-a000-00000000000a', 'pgTAP 320 source', 'stix', 'A');

-- anon, analysts and administrators without the second factor: refused, exactly.
set local role anon;
select set_config('request.jwt.claims', :'anon_claims', true);
select throws_ok($$ select * from public.served_feeds $$, '42501', 'permission denied for table served_feeds', 'anon cannot read served feeds');
select throws_ok($$ select * from public.create_served_feed('pgTAP 320 anon', 'text') $$, '42501',
  'permission denied for function create_served_feed', 'anon cannot create a feed');

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select throws_ok($$ select * from public.create_served_feed('pgTAP 320 analyst', 'text') $$, '42501',
  'Only administrators with a verified second factor can manage served feeds', 'an analyst cannot create a feed');
select throws_ok($$ select * from public.list_served_feeds() $$, '42501',
  'Only administrators with a verified second factor can manage served feeds', 'an analyst cannot list feeds');
select is((select count(*) from public.served_feeds), 0::bigint, 'an analyst reads no feed rows');
select throws_ok($$ select * from private.served_feed_tokens $$, '42501', 'permission denied for table served_feed_tokens',
  'an analyst cannot reach the token hashes');
select throws_ok($$ select * from private.served_feed_for_pull(gen_random_uuid()) $$, '42501',
  'permission denied for function served_feed_for_pull', 'an analyst cannot call the function''s lookup');
select set_config('request.jwt.claims', :'admin_claims', true);
select throws_ok($$ select * from public.create_served_feed('pgTAP 320 admin', 'text') $$, '42501',
  'Only administrators with a verified second factor can manage served feeds', 'an admin without MFA cannot create a feed');

-- An administrator with MFA.
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
create temporary table created on commit drop as
  select * from public.create_served_feed('pgTAP 320 sensors', 'zeek-intel', 40, 'green', array['domain', 'ipv4'], array['pgTAP 320 source']);
grant select on created to service_role, authenticated;
select matches((select token from created), '^ctf_[A-Za-z0-9_-]{43}$', 'the token: ctf_ and 256 bits in base64url');
select is((select f.format || ' ' || f.min_score || ' ' || f.max_tlp || ' ' || array_to_string(f.types, ',') || ' ' || cardinality(f.source_ids)
             from public.served_feeds f where f.id = (select id from created)),
          'zeek-intel 40 green ipv4,domain 1', 'the selection is stored');
select is((select f.created_by from public.served_feeds f where f.id = (select id from created)),
          '00000000-0000-4000-a000-00000000000a'::uuid, 'the creator is kept');
select throws_ok($$ select token_hash from private.served_feed_tokens $$, '42501', 'permission denied for table served_feed_tokens',
  'an admin cannot read the token hash either');
select is((select count(*) from information_schema.columns where table_schema = 'public' and table_name = 'served_feeds'
            and column_name ~ 'token'), 0::bigint, 'public.served_feeds has no token column');
select is((select a.action || ' ' || a.actor_role from public.audit_trail a where a.target_id = (select id::text from created)),
          'served_feed.created admin', 'creation is audited with its actor');
select ok((select a.details::text !~ 'ctf_|token_hash|\\x' from public.audit_trail a where a.target_id = (select id::text from created)),
          'the audit row holds neither the token nor its hash');
select results_eq($$ select name, format, types, sources, pull_count, alerts_30d from public.list_served_feeds() $$,
  $$ values ('pgTAP 320 sensors'::text, 'zeek-intel'::text, array['ipv4', 'domain']::text[], array['pgTAP 320 source']::text[], 0::bigint, 0::bigint) $$,
  'list_served_feeds: the feed with source names and counters');

select throws_ok($$ select * from public.create_served_feed('PGTAP 320 SENSORS', 'text') $$, '23505',
  'There is already a feed named "PGTAP 320 SENSORS".', 'a taken name, whatever its case');
select throws_ok($$ select * from public.create_served_feed('pgTAP 320 x', 'misp-feed') $$, '22023',
  'Unknown feed format "misp-feed": use zeek-intel, suricata, rpz, text, nftables, iptables or csv (misp-feed is a folder: export it with the CLI).',
  'misp-feed is refused in words');
select throws_ok($$ select * from public.create_served_feed('pgTAP 320 x', 'text', 0, 'purple') $$, '22023',
  'Unknown TLP level "purple": use clear, green, amber, amber+strict or red.', 'an unknown TLP level');
select throws_ok($$ select * from public.create_served_feed('pgTAP 320 x', 'text', 0, 'amber', array['domain', 'ipv5']) $$, '22023',
  'Unknown indicator type(s): ipv5.', 'an unknown type');
select throws_ok($$ select * from public.create_served_feed('pgTAP 320 x', 'text', 0, 'amber', null, array['Nope']) $$, '22023',
  'Unknown source(s): Nope.', 'an unknown source');
select throws_ok($$ select * from public.create_served_feed('pgTAP 320 x', 'text', 101) $$, '22023',
  'The minimum score is 0 to 100, not 101.', 'a score over 100');
select throws_ok($$ select * from public.create_served_feed('  ', 'text') $$, '22023',
  'A feed needs a name of 1 to 100 characters.', 'an empty name');
select throws_ok($$ update public.served_feeds set max_tlp = 'red' $$, '42501', 'permission denied for table served_feeds',
  'not even an admin writes the table directly');

-- The function's lookups, as the service role.
set local role service_role;
select set_config('request.jwt.claims', :'service_claims', true);
create temporary table v (step text, version text, rendered_at timestamptz) on commit drop;
insert into v select 'created', version, rendered_at from private.served_feed_for_pull((select id from created));
select is((select token_hash from private.served_feed_for_pull((select id from created))),
          sha256(convert_to((select token from created), 'UTF8')), 'the stored hash is the SHA-256 of the token shown');
select is((select hour_start from private.served_feed_for_pull((select id from created))),
          date_trunc('hour', now() at time zone 'UTC') at time zone 'UTC', 'scores are judged at the start of the UTC hour');
select is_empty($$ select * from private.served_feed_for_pull(gen_random_uuid()) $$, 'no row for an unknown feed');

select isnt(private.record_served_feed_pull((select id from created), '203.0.113.9',
              (select version from v where step = 'created')), null, 'a pull is recorded');
create temporary table seen (at timestamptz) on commit drop;
insert into seen select version_seen_at from public.served_feeds where id = (select id from created);
select is((select last_pulled_from || ' ' || pull_count from public.served_feeds where id = (select id from created)),
          '203.0.113.9 1', 'the pull: its client address and the count');
select is(private.record_served_feed_pull((select id from created), '203.0.113.10', (select version from v where step = 'created')),
          (select at from seen), 'the same version keeps its Last-Modified');
select is((select version from private.served_feed_for_pull((select id from created))), (select version from v where step = 'created'),
          'a pull does not change the version');

insert into public.indicators (type, value, confidence, tlp) values ('domain', 'feed320.example', 90, 'clear');
insert into v select 'indicator', version, rendered_at from private.served_feed_for_pull((select id from created));
select isnt((select version from v where step = 'indicator'), (select version from v where step = 'created'),
            'a new indicator changes the version');
select throws_ok($$ select * from private.feed_changes $$, '42501', 'permission denied for table feed_changes',
  'the ledger is not readable by the service role (only through the lookup)');
select private.compact_feed_changes(interval '-1 second');
reset role;
select ok((select count(*) from private.feed_changes c where c.source_table = 'compacted') = 1, 'compaction folds the ledger into one row');
select is((select count(*) from private.feed_changes), 1::bigint, 'and nothing else is left');
set local role service_role;
select is((select version from private.served_feed_for_pull((select id from created))), (select version from v where step = 'indicator'),
          'and keeps the version');

-- A filter change and a new token, by the admin.
set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select lives_ok($$ select public.update_served_feed((select id from created), 60, 'amber', null, null) $$, 'an admin changes the filters');
select is((select min_score || ' ' || max_tlp || ' ' || coalesce(types::text, 'all') from public.served_feeds where id = (select id from created)),
          '60 amber all', 'the new selection');
select is((select a.action from public.audit_trail a where a.target_id = (select id::text from created) order by a.id desc limit 1),
          'served_feed.changed', 'the change is audited');
create temporary table rotated on commit drop as select public.rotate_served_feed_token((select id from created)) as token;
grant select on rotated to service_role;
select isnt((select token from rotated), (select token from created), 'a rotated token is new');
select is((select a.action from public.audit_trail a where a.target_id = (select id::text from created) order by a.id desc limit 1),
          'served_feed.token_rotated', 'the rotation is audited');

set local role service_role;
select set_config('request.jwt.claims', :'service_claims', true);
select is((select token_hash from private.served_feed_for_pull((select id from created))),
          sha256(convert_to((select token from rotated), 'UTF8')), 'only the new token''s hash is kept');
select isnt((select version from private.served_feed_for_pull((select id from created))), (select version from v where step = 'indicator'),
            'a filter change changes the version');
select isnt(private.record_served_feed_pull((select id from created), '203.0.113.9', 'another version'), (select at from seen),
            'a new version moves Last-Modified');

-- Judged at a given time: the value expires between the hour start and now.
reset role;
update public.indicators set valid_until = now() - interval '1 second' where value = 'feed320.example';
select is((select verdict from private.export_indicators('domain', null, 'amber', 0, 'feed320', 10, now()) where value = 'feed320.example'),
          'expired', 'judged now: expired');
select is((select verdict from private.export_indicators('domain', null, 'amber', 0, 'feed320', 10, now() - interval '1 minute') where value = 'feed320.example'),
          null, 'judged a minute ago: still exported');

set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select lives_ok($$ select public.delete_served_feed((select id from created)) $$, 'an admin deletes the feed');
select is((select a.action from public.audit_trail a where a.target_id = (select id::text from created) order by a.id desc limit 1),
          'served_feed.deleted', 'the deletion is audited');

select * from finish();
rollback;
