-- Which alerts each notification rule kind captures (private.capture_notification_events): kev_asset
-- rules get the alerts of the kev-asset detection rule only; watch_hit rules those of lookalike-domain
-- and leak-keyword (brand and leak watches) only; alert rules every alert at their severity; an
-- import_failed rule no alert; digest rules nothing at once. Then the digest side: an administrator
-- may make a daily rule now, and private.notification_digest_summary counts a period's events per
-- kind and severity, withholding (counting, never listing) those above a channel's ceiling.
begin;
select plan(19);
delete from public.notification_rules;
delete from public.notification_channels;
delete from private.notification_cursors;

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local');
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-a000-00000000000a', 'admin');
insert into private.admin_totp (user_id, secret_enc, status) values ('00000000-0000-4000-a000-00000000000a', '\x00', 'active');
insert into private.admin_mfa_sessions (session_id, user_id, verified_at, expires_at) values
  ('10000000-0000-4000-a000-000000000003', '00000000-0000-4000-a000-00000000000a', now(), now() + interval '12 hours');
\ir ../fixtures/claims.psql

insert into public.notification_channels (name, kind, target) values ('soc', 'email', 'soc@test.local') returning id as chan \gset
insert into public.notification_rules (name, event_kind, min_severity, digest, created_at) values
  ('every alert', 'alert', 'low', 'none', now() - interval '1 hour'),
  ('kev', 'kev_asset', 'low', 'none', now() - interval '1 hour'),
  ('kev critical', 'kev_asset', 'critical', 'none', now() - interval '1 hour'),
  ('watch', 'watch_hit', 'low', 'none', now() - interval '1 hour'),
  ('imports', 'import_failed', 'low', 'none', now() - interval '1 hour'),
  ('watch digest', 'watch_hit', 'low', 'daily', now() - interval '1 hour');
insert into public.notification_rule_channels (rule_id, channel_id) select r.id, :'chan' from public.notification_rules r;

insert into public.indicators (type, value, tlp) values ('domain', 'red.mapping-test.example', 'red') returning id as red \gset
insert into public.enhanced_security_alerts (title, severity, rule_key, indicator_id) values
  ('map: kev critical', 'critical', 'kev-asset', null),
  ('map: kev high', 'high', 'kev-asset', null),
  ('map: lookalike', 'high', 'lookalike-domain', null),
  ('map: leak', 'critical', 'leak-keyword', null),
  ('map: telemetry', 'high', 'telemetry-indicator', null),
  ('map: manual', 'medium', null, null),
  ('map: red lookalike', 'high', 'lookalike-domain', :'red');

select private.capture_notification_events() as first_pass \gset
create temporary view got as
  select r.name as rule, d.event_kind, d.event->>'title' as title, d.event->>'detection_rule' as detection_rule, d.status
    from public.notification_deliveries d join public.notification_rules r on r.id = d.rule_id;

select set_eq($$ select title from got where rule = 'kev' $$,
  array['map: kev critical', 'map: kev high'], 'a kev_asset rule gets the kev-asset alerts');
select set_eq($$ select distinct event_kind from got where rule = 'kev' $$, array['kev_asset'], '… as kev_asset events');
select set_eq($$ select title from got where rule = 'kev critical' $$,
  array['map: kev critical'], 'at its severity only');
select set_eq($$ select title from got where rule = 'watch' $$,
  array['map: lookalike', 'map: leak', 'map: red lookalike'], 'a watch_hit rule gets the lookalike-domain and leak-keyword alerts');
select set_eq($$ select distinct event_kind from got where rule = 'watch' $$, array['watch_hit'], '… as watch_hit events');
select set_eq($$ select detection_rule from got where rule = 'watch' $$, array['lookalike-domain', 'leak-keyword'],
  'and the event names the detection rule');
select is((select status::text from got where rule = 'watch' and title = 'map: red lookalike'), 'skipped',
  'a watch hit on a TLP:RED indicator is recorded as skipped for an AMBER channel');
select is((select count(*)::int from got where rule = 'every alert'), 7, 'an alert rule gets every alert');
select set_eq($$ select event_kind || ' ' || title from got where rule = 'every alert' and event_kind <> 'alert' $$,
  array['kev_asset map: kev critical', 'kev_asset map: kev high', 'watch_hit map: lookalike', 'watch_hit map: leak',
        'watch_hit map: red lookalike'], '… each under its own kind');
select is((select count(*)::int from got where rule = 'imports'), 0, 'an import_failed rule gets no alert');
select is((select count(*)::int from got where rule = 'watch digest'), 0, 'a digest rule gets nothing at once');
select is(private.capture_notification_events(), 0, 'a second pass captures nothing again');

-- ── Digests ─────────────────────────────────────────────────────────────────────────────────────
select is((select (s->>'total')::int from (select private.notification_digest_summary(
  (select id from public.notification_rules where name = 'watch digest'), now() - interval '1 day', now() + interval '1 second', 'amber') s) x),
  2, 'the watch digest counts the two watch hits at or below AMBER');
select is((select s->'counts' from (select private.notification_digest_summary(
  (select id from public.notification_rules where name = 'watch digest'), now() - interval '1 day', now() + interval '1 second', 'amber') s) x),
  '[{"kind": "watch_hit", "count": 1, "severity": "critical"}, {"kind": "watch_hit", "count": 1, "severity": "high"}]'::jsonb,
  'per kind and severity');
select is((select (s->>'withheld')::int from (select private.notification_digest_summary(
  (select id from public.notification_rules where name = 'watch digest'), now() - interval '1 day', now() + interval '1 second', 'amber') s) x),
  1, 'the hit on a TLP:RED indicator is withheld');
select ok((select private.notification_digest_summary(
  (select id from public.notification_rules where name = 'watch digest'), now() - interval '1 day', now() + interval '1 second', 'amber')::text
  not like '%red.mapping-test%'), 'and never listed');
select is((select (s->>'total')::int from (select private.notification_digest_summary(
  (select id from public.notification_rules where name = 'watch digest'), now() - interval '1 day', now(), 'amber') s) x),
  0, 'the period ends before its end: events at the end belong to the next');

set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select is((select digest::text from public.create_notification_rule('Weekly KEV', 'kev_asset', array[:'chan']::uuid[], 'low', 'weekly')),
  'weekly', 'an administrator may make a weekly digest rule');
reset role;
select throws_ok($$ select private.notification_digest_summary(gen_random_uuid(), now(), now(), 'amber') $$, '22023', null,
  'a missing rule is refused in words');

select * from finish();
rollback;
