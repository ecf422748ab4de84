-- Notifications, per role: admins with MFA manage channels and rules (audited), analysts only make
-- "notify me" rules to their own e-mail and read and delete only their own; nobody reads a webhook
-- secret back through the API; the worker's capture turns a new alert into one delivery per rule and
-- channel (never two), records an event above a channel's TLP ceiling as skipped, and leaves rules
-- alone with events older than them.
begin;
select plan(35);
delete from public.notification_rules;
delete from public.notification_channels;
delete from private.notification_cursors;

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local'),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local'),
  ('00000000-0000-4000-a000-00000000000c', 'authenticated', 'authenticated', 'other-analyst@test.local');
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-a000-00000000000a', 'admin');
insert into private.admin_totp (user_id, secret_enc, status) values ('00000000-0000-4000-a000-00000000000a', '\x00', 'active');
insert into private.admin_mfa_sessions (session_id, user_id, verified_at, expires_at) values
  ('10000000-0000-4000-a000-000000000003', '00000000-0000-4000-a000-00000000000a', now(), now() + interval '12 hours');

\ir ../fixtures/claims.psql
\set other_analyst_claims '{"sub":"00000000-0000-4000-a000-00000000000c","role":"authenticated","session_id":"20000000-0000-4000-a000-000000000002"}'
\set anon_claims '{"role":"anon"}'

-- ── Who may manage channels ─────────────────────────────────────────────────────────────────────
set local role anon;
select set_config('request.jwt.claims', :'anon_claims', true);
select throws_ok($$ select * from public.notification_channels $$, '42501', 'permission denied for table notification_channels',
  'anon cannot read channels');
select throws_ok($$ select * from public.create_notification_channel('x', 'webhook', 'https://hooks.example.org/a') $$, '42501',
  'permission denied for function create_notification_channel', 'anon cannot add a channel');
reset role;
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select throws_ok($$ select * from public.create_notification_channel('x', 'webhook', 'https://hooks.example.org/a') $$, '42501',
  'Admin privileges required', 'an analyst cannot add a channel');
select throws_ok($$ insert into public.notification_channels (name, kind, target) values ('x', 'email', 'a@example.org') $$, '42501',
  'permission denied for table notification_channels', 'nor write the table directly');
select set_config('request.jwt.claims', :'admin_claims', true);
select throws_ok($$ select * from public.create_notification_channel('x', 'webhook', 'https://hooks.example.org/a') $$, '42501',
  'Admin privileges required', 'nor an admin without MFA in this session');

select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select throws_ok($$ select * from public.create_notification_channel('x', 'webhook', 'ftp://hooks.example.org/a') $$, '22023',
  'A webhook channel needs an http:// or https:// URL (at most 2,048 characters).', 'a URL that is not http(s) is refused');
select throws_ok($$ select * from public.create_notification_channel('x', 'webhook', 'https://hooks.example.org/a', 'amber', 'nope') $$, '22023',
  'A webhook secret is whsec_ followed by the base64 of at least 24 random bytes.', 'a malformed secret is refused');
select throws_ok($$ select * from public.create_notification_channel('x', 'email', 'not an address') $$, '22023',
  'An e-mail channel needs one e-mail address, like soc@example.org.', 'a malformed address is refused');
select throws_ok($$ select * from public.create_notification_channel('x', 'slack', 'https://hooks.slack.example/a', 'amber', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw') $$, '22023',
  'Only webhook channels are signed: a slack channel takes no secret.', 'a chat channel takes no secret');

select id as hook, secret as hook_secret from public.create_notification_channel('SOC hook', 'webhook', 'https://hooks.example.org/soc') \gset
select ok(:'hook_secret' ~ '^whsec_[A-Za-z0-9+/]{43}=$', 'a webhook without a secret gets a generated one, returned once');
select id as given, coalesce(secret, 'none') as given_secret from public.create_notification_channel('Given', 'webhook', 'https://hooks.example.org/given', 'green', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw') \gset
select is(:'given_secret'::text, 'none', 'a secret the admin gave is not returned');
select id as mail from public.create_notification_channel('SOC mail', 'email', 'soc@example.org', 'green') \gset
select is((select has_secret from public.notification_channels where id = :'hook'), true, 'the channel says it has a secret');
select throws_ok($$ select * from private.notification_channel_secrets $$, '42501', 'permission denied for table notification_channel_secrets',
  'the secret is not readable back, even by an admin with MFA');
select is((select count(*)::int from public.audit_trail where action = 'notification_channel.created' and target_id in (:'hook', :'given', :'mail')), 3,
  'each new channel is audited');
select ok((select not (details::text like '%whsec_%') from public.audit_trail where action = 'notification_channel.created' and target_id = :'hook'),
  'and the audit row holds no secret');
select id as rotated, secret as rotated_secret from public.update_notification_channel(:'hook', 'SOC hook', 'https://hooks.example.org/soc', 'amber', true, true) \gset
select ok(:'rotated_secret' ~ '^whsec_' and :'rotated_secret' <> :'hook_secret', 'a new secret replaces the old one and is shown once');
select is((select count(*)::int from public.audit_trail where action = 'notification_channel.secret_rotated' and target_id = :'hook'), 1,
  'the rotation is audited');

-- ── Rules ───────────────────────────────────────────────────────────────────────────────────────
select throws_ok($$ select * from public.create_notification_rule('r', 'alert', '{}') $$, '22023', 'A rule needs at least one channel.',
  'a rule needs a channel');
select throws_ok($$ select * from public.create_notification_rule('r', 'saved_view', array[gen_random_uuid()]) $$, '22023',
  'A rule''s channel does not exist.', 'and one that exists');
select id as high_rule from public.create_notification_rule('High alerts', 'alert', array[:'hook', :'mail']::uuid[], 'high') \gset
select is((select count(*)::int from public.audit_trail where action = 'notification_rule.created' and target_id = :'high_rule'), 1,
  'a new rule is audited');

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select throws_ok($$ select * from public.create_notification_rule('r', 'alert', '{}') $$, '42501', 'Admin privileges required',
  'an analyst cannot make an event rule');
select id as view_rule from public.notify_me('ioc-intelligence', 'source=ThreatFox&minScore=80', 'ThreatFox ≥ 80') \gset
select results_eq($$ select c.kind::text, c.target, c.owner_id from public.notification_channels c $$,
  $$ values ('email', 'analyst@test.local', '00000000-0000-4000-a000-00000000000b'::uuid) $$,
  'notify me delivers to the analyst''s own e-mail, and the analyst sees only that channel');
select is((select count(*)::int from public.notification_rules), 1, 'an analyst sees only their own rule');
select throws_ok($$ select public.notify_me('../etc', '') $$, '22023', 'A saved view''s page is a platform page name like ioc-intelligence.',
  'a page that is no page name is refused');
select set_config('request.jwt.claims', :'other_analyst_claims', true);
select is((select count(*)::int from public.notification_rules), 0, 'another analyst sees none of them');
select throws_ok(format('select public.delete_notification_rule(%L)', :'view_rule'), '22023', format('No notification rule %s of yours.', :'view_rule'),
  'nor deletes them');
select throws_ok(format('select public.delete_notification_rule(%L)', :'high_rule'), '22023', format('No notification rule %s of yours.', :'high_rule'),
  'nor an admin''s rule');
reset role;

-- ── Capture: one delivery per rule, channel and event; TLP ceiling; no history ─────────────────────
insert into public.enhanced_security_alerts (title, severity, created_at) values ('pgTAP 330 old', 'critical', now() - interval '2 hours');
select is(private.capture_notification_events(), 0, 'an alert older than every rule is not notified');
insert into public.notification_rules (name, event_kind, created_at) values ('from the past', 'alert', now() - interval '1 day');
insert into public.indicators (id, type, value, tlp) overriding system value values (933001, 'ipv4', '192.0.2.33', 'amber');
insert into public.enhanced_security_alerts (title, severity, indicator_id) values ('pgTAP 330 beacon', 'high', 933001), ('pgTAP 330 low', 'low', null);
select is(private.capture_notification_events(), 2, 'a high alert is queued once per channel of the high rule');
select results_eq($$ select c.name, d.status::text, d.last_error from public.notification_deliveries d join public.notification_channels c on c.id = d.channel_id
                      where d.event->>'title' = 'pgTAP 330 beacon' order by c.name $$,
  $$ values ('SOC hook', 'pending', null::text),
            ('SOC mail', 'skipped', 'TLP:AMBER is above this channel''s ceiling TLP:GREEN: not sent') $$,
  'the mail channel''s ceiling is GREEN: the AMBER alert is recorded as skipped with the reason');
select is(private.capture_notification_events(), 0, 'a second pass queues nothing again');

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select is((select count(*)::int from public.notification_deliveries), 0, 'an analyst does not see the deliveries of admin rules');
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select is((select count(*)::int from public.notification_deliveries), 2, 'an admin with MFA sees them');
select lives_ok(format('select public.retry_notification_delivery(%s)',
  (select id from public.notification_deliveries where status = 'skipped')), 'an admin with MFA retries a skipped or dead delivery');
select is((select count(*)::int from public.audit_trail where action = 'notification_delivery.retried'), 1, 'the retry is audited');
reset role;

select * from finish();
rollback;
