-- Threat Analytics: one aggregate per chart. Who may call them, their shape, the buckets of each
-- period, TLP:RED counted only for admins with a verified second factor (an analyst's counts leave
-- RED indicators, reports, CVEs, actors and links out), and the indicator summaries kept exact by
-- their triggers through inserts, updates, deletes and truncation.
begin;
select plan(46);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local'),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-a000-00000000000a', 'admin');
insert into private.admin_totp (user_id, secret_enc, status) values ('00000000-0000-4000-a000-00000000000a', '\x00', 'active');
insert into private.admin_mfa_sessions (session_id, user_id, verified_at, expires_at)
values ('10000000-0000-4000-a000-000000000001', '00000000-0000-4000-a000-00000000000a', now(), now() + interval '12 hours');

insert into public.sources (id, name, format) values
  ('50000000-0000-4000-a000-000000000001', 'Feed A', 'threatfox'),
  ('50000000-0000-4000-a000-000000000002', 'Feed B', 'stix');
-- Yesterday: three AMBER domains and two RED ones; 40 days ago an IPv4; a URL without first_seen
-- (counted on the day it entered).
insert into public.indicators (type, value, tlp, first_seen) values
  ('domain', 'one.evil.example', 'amber', now() - interval '1 day'),
  ('domain', 'two.evil.example', 'amber', now() - interval '1 day'),
  ('domain', 'three.evil.example', 'amber', now() - interval '1 day'),
  ('domain', 'red1.evil.example', 'red', now() - interval '1 day'),
  ('domain', 'red2.evil.example', 'red', now() - interval '1 day'),
  ('ipv4', '203.0.113.9', 'clear', now() - interval '40 days'),
  ('url', 'http://evil.example/x', 'clear', null);
-- Feed A reports everything with the indicator's marking; feed B the five domains.
insert into public.indicator_sources (indicator_id, source_id, tlp, first_seen)
  select id, '50000000-0000-4000-a000-000000000001', tlp, first_seen from public.indicators;
insert into public.indicator_sources (indicator_id, source_id, tlp, first_seen)
  select id, '50000000-0000-4000-a000-000000000002', tlp, first_seen from public.indicators where type = 'domain';

insert into public.vulnerabilities (cve_id, kev_date_added, kev_vendor, kev_ransomware_use, epss_score, tlp) values
  ('CVE-2024-0001', current_date - 2, 'Acme', 'Known', 0.95, 'clear'),
  ('CVE-2024-0002', current_date - 100, 'Acme', 'Unknown', 0.05, 'clear'),
  ('CVE-2024-0003', current_date - 1, 'Secretco', 'Unknown', 0.5, 'red'),
  ('CVE-2024-0004', current_date - 3, 'Beta', 'Unknown', null, 'clear'),
  ('CVE-2024-0005', current_date - 400, 'Gamma', 'Unknown', 1.0, 'clear');

-- Alerts raised 2 and 4 hours ago and acknowledged now (the first also resolved now), one recorded
-- already resolved (never triaged), one 10 days old and still new.
insert into public.enhanced_security_alerts (id, title, severity, created_at) values
  ('a0000000-0000-4000-a000-000000000001', 'Two hours', 'critical', now() - interval '2 hours'),
  ('a0000000-0000-4000-a000-000000000002', 'Four hours', 'critical', now() - interval '4 hours'),
  ('a0000000-0000-4000-a000-000000000004', 'Old', 'low', now() - interval '10 days');
insert into public.enhanced_security_alerts (id, title, severity, status) values
  ('a0000000-0000-4000-a000-000000000003', 'Closed on arrival', 'high', 'resolved');
update public.enhanced_security_alerts set status = 'acknowledged' where title in ('Two hours', 'Four hours');
update public.enhanced_security_alerts set status = 'resolved' where title = 'Two hours';

-- ATT&CK: two techniques and a deprecated one; two actors and a RED one; one malware family.
insert into public.intel_objects (stix_id, type, name, external_ids, tlp, deprecated, stix) values
  ('attack-pattern--00000000-0000-4000-8000-000000000001', 'attack-pattern', 'Command and Scripting Interpreter', '{T1059}', 'clear', false, '{}'),
  ('attack-pattern--00000000-0000-4000-8000-000000000002', 'attack-pattern', 'Phishing', '{T1566,CAPEC-98}', 'clear', false, '{}'),
  ('attack-pattern--00000000-0000-4000-8000-000000000003', 'attack-pattern', 'Old Technique', '{T9999}', 'clear', true, '{}'),
  ('intrusion-set--00000000-0000-4000-8000-000000000001', 'intrusion-set', 'Group One', '{G0001}', 'clear', false, '{}'),
  ('intrusion-set--00000000-0000-4000-8000-000000000002', 'intrusion-set', 'Group Two', '{G0002}', 'clear', false, '{}'),
  ('intrusion-set--00000000-0000-4000-8000-000000000003', 'intrusion-set', 'Secret Group', '{}', 'red', false, '{}'),
  ('malware--00000000-0000-4000-8000-000000000001', 'malware', 'Loader', '{S0001}', 'clear', false, '{}');
insert into public.relationships (stix_id, relationship_type, source_ref, target_ref, tlp, created, stix) values
  ('relationship--00000000-0000-4000-8000-000000000001', 'uses', 'intrusion-set--00000000-0000-4000-8000-000000000001', 'attack-pattern--00000000-0000-4000-8000-000000000001', 'clear', null, '{}'),
  ('relationship--00000000-0000-4000-8000-000000000002', 'uses', 'intrusion-set--00000000-0000-4000-8000-000000000002', 'attack-pattern--00000000-0000-4000-8000-000000000001', 'clear', null, '{}'),
  ('relationship--00000000-0000-4000-8000-000000000003', 'uses', 'intrusion-set--00000000-0000-4000-8000-000000000003', 'attack-pattern--00000000-0000-4000-8000-000000000001', 'clear', null, '{}'),
  ('relationship--00000000-0000-4000-8000-000000000004', 'uses', 'malware--00000000-0000-4000-8000-000000000001', 'attack-pattern--00000000-0000-4000-8000-000000000001', 'clear', null, '{}'),
  ('relationship--00000000-0000-4000-8000-000000000005', 'uses', 'intrusion-set--00000000-0000-4000-8000-000000000001', 'attack-pattern--00000000-0000-4000-8000-000000000002', 'clear', '2020-01-01', '{}'),
  ('relationship--00000000-0000-4000-8000-000000000006', 'uses', 'intrusion-set--00000000-0000-4000-8000-000000000002', 'attack-pattern--00000000-0000-4000-8000-000000000002', 'red', null, '{}'),
  ('relationship--00000000-0000-4000-8000-000000000007', 'uses', 'intrusion-set--00000000-0000-4000-8000-000000000001', 'attack-pattern--00000000-0000-4000-8000-000000000003', 'clear', null, '{}');

\ir ../fixtures/claims.psql

-- Who may call them: signed-in users only; the two over the private summaries are definers.
select is((select count(*)::int from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where n.nspname = 'public' and p.proname like 'analytics\_%'), 9, 'nine analytics RPCs');
select is((select count(*)::int from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where n.nspname = 'public' and p.proname like 'analytics\_%' and has_function_privilege('authenticated', p.oid, 'execute')),
  9, 'signed-in users execute every one');
select is((select array_agg(p.proname::text order by p.proname) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where n.nspname = 'public' and p.proname like 'analytics\_%'
              and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('service_role', p.oid, 'execute'))),
  null, 'neither anon nor the service role executes any');
select is((select array_agg(p.proname::text order by p.proname) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where n.nspname = 'public' and p.proname like 'analytics\_%' and p.prosecdef),
  '{analytics_indicators_by_source,analytics_indicators_by_type}', 'only the summary readers are security definer');
select is((select count(*)::int from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where n.nspname = 'public' and p.proname like 'analytics\_%' and p.proconfig = array['search_path=""']),
  9, 'every one pins an empty search_path');

-- Their shape (the columns of `returns table`).
create temp table shapes as
  -- Catalogue text is collated "C": the default collation makes the rows comparable with literals.
  select p.proname::text collate "default" as fn, array_agg(u.name collate "default" order by u.ord) as columns
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace,
         unnest(p.proargnames, p.proargmodes) with ordinality u(name, mode, ord)
   where n.nspname = 'public' and p.proname like 'analytics\_%' and u.mode = 't'
   group by p.proname;
select results_eq($$ select fn, columns from shapes order by fn $$, $$ values
  ('analytics_alert_response', '{severity,raised,acknowledged,resolved,dismissed,mtta_seconds,mttr_seconds}'::text[]),
  ('analytics_alert_volume', '{bucket,unit,severity,raised}'),
  ('analytics_indicators_by_network', '{dimension,key,label,indicators}'),
  ('analytics_indicators_by_source', '{bucket,unit,source_id,source_name,indicators,total}'),
  ('analytics_indicators_by_type', '{bucket,unit,type,indicators}'),
  ('analytics_kev_additions', '{bucket,unit,additions,ransomware}'),
  ('analytics_kev_by_vendor', '{vendor,additions,ransomware}'),
  ('analytics_kev_epss', '{bucket,score_from,score_to,cves}'),
  ('analytics_technique_frequency', '{stix_id,attack_id,name,actors,software}') $$, 'each returns the columns its chart reads');

set local role anon;
select throws_ok($$ select * from public.analytics_indicators_by_type('7d') $$, '42501', null, 'anon cannot read the analytics');
select throws_ok($$ select * from public.analytics_alert_response('7d') $$, '42501', null, 'nor the alert times');
reset role;

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select throws_ok($$ select * from private.indicator_day_counts $$, '42501', null, 'the summaries are not readable directly');

-- Buckets of each period.
select is((select (count(*), count(distinct bucket), min(unit), max(unit))::text from public.analytics_indicators_by_type('7d')),
  format('(%s,7,day,day)', 7 * cardinality(enum_range(null::public.indicator_type))),
  '7 days: seven days, every type on each');
select is((select count(distinct bucket)::int from public.analytics_alert_volume('30d')), 30, '30 days: thirty days');
select is((select (min(unit), max(unit), bool_and(extract(isodow from bucket) = 1), min(bucket) <= current_date - 89)::text
             from public.analytics_alert_volume('90d')), '(week,week,t,t)', '90 days: weeks starting on Monday, covering all 90 days');
select is((select (count(distinct bucket), min(unit), bool_and(extract(day from bucket) = 1))::text from public.analytics_kev_additions('1y')),
  '(12,month,t)', '12 months: twelve months');
select is((select (min(bucket), min(unit))::text from public.analytics_kev_additions('all')),
  format('(%s,month)', date_trunc('month', current_date - 400)::date), 'all: months from the first KEV addition');
select throws_ok($$ select * from public.analytics_kev_by_vendor('2w') $$, '22023', 'Unknown period "2w": use 7d, 30d, 90d, 1y or all.',
  'an unknown period is refused in words');

-- Indicators: RED left out for an analyst.
select is((select sum(indicators)::int from public.analytics_indicators_by_type('7d') where type = 'domain'), 3,
  'an analyst counts the AMBER domains, not the RED ones');
select is((select sum(indicators)::int from public.analytics_indicators_by_type('7d') where type = 'url'), 1,
  'an indicator without first_seen counts on the day it entered');
select is((select sum(indicators)::int from public.analytics_indicators_by_type('7d') where type = 'ipv4'), 0, 'one 40 days old is outside 7 days');
select is((select sum(indicators)::int from public.analytics_indicators_by_type('90d')), 5, 'and inside 90 days');
select results_eq($$ select source_name, total::int from public.analytics_indicators_by_source('7d') group by 1, 2 order by 2 desc $$,
  $$ values ('Feed A'::text, 4), ('Feed B', 3) $$, 'reports per source, RED reports left out');
select results_eq($$ select source_id, source_name, total::int from public.analytics_indicators_by_source('7d', 1) group by 1, 2, 3 order by 3 desc $$,
  $$ values ('50000000-0000-4000-a000-000000000001'::uuid, 'Feed A'::text, 4), (null, 'Other sources', 3) $$,
  'past the top sources the rest is one series without an id');

-- KEV: RED left out for an analyst.
select results_eq($$ select vendor, additions::int, ransomware::int from public.analytics_kev_by_vendor('7d') $$,
  $$ values ('Acme'::text, 1, 1), ('Beta', 1, 0) $$, 'KEV additions by vendor, most first, RED left out');
select is((select (sum(additions), sum(ransomware))::text from public.analytics_kev_additions('all')), '(4,1)', 'KEV additions over time');
select results_eq($$ select bucket, cves::int from public.analytics_kev_epss('all') where cves > 0 $$,
  $$ values (0, 1), (1, 1), (10, 2) $$, 'EPSS histogram: no score in bucket 0, 1.0 in the last bucket, RED left out');
select is((select count(*)::int from public.analytics_kev_epss('7d')), 11, 'every bucket present');
select is((select (score_from, score_to)::text from public.analytics_kev_epss('all') where bucket = 6), '(0.5,0.6)', 'buckets of 0.1');

-- ATT&CK: RED actors and links left out, deprecated techniques too.
select results_eq($$ select attack_id, actors::int, software::int from public.analytics_technique_frequency('all') $$,
  $$ values ('T1059'::text, 2, 1), ('T1566', 1, 0) $$, 'techniques by actors, with software; RED and deprecated left out');
select results_eq($$ select attack_id from public.analytics_technique_frequency('1y') $$,
  $$ values ('T1059'::text) $$, 'links made before the period are left out');

-- Alerts (readable by every analyst).
select is((select sum(raised)::int from public.analytics_alert_volume('7d') where severity = 'critical'), 2, 'critical alerts this week');
select is((select sum(raised)::int from public.analytics_alert_volume('30d')), 4, 'every alert of the month');
select results_eq($$ select severity::text, raised::int, acknowledged::int, resolved::int, mtta_seconds, mttr_seconds from public.analytics_alert_response('30d') $$,
  $$ values ('critical'::text, 2, 2, 1, 10800::float8, 7200::float8), ('high', 1, 0, 1, null, null),
            ('medium', 0, 0, 0, null, null), ('low', 1, 0, 0, null, null) $$,
  'mean times per severity, an alert recorded already resolved left out of them');
select is((select sum(raised)::int from public.analytics_alert_response('7d')), 3, 'the period applies');
reset role;

-- An admin with MFA counts RED.
-- RED needs its audience (issue 28 §1): the admin joins a group that every RED row names.
\set red_member '00000000-0000-4000-a000-00000000000a'
\ir ../fixtures/red-audience.psql
set local role authenticated;
select set_config('request.jwt.claims', :'admin_claims', true);
select is((select sum(indicators)::int from public.analytics_indicators_by_type('7d') where type = 'domain'), 5, 'an admin with MFA counts RED indicators');
select is((select sum(indicators)::int from public.analytics_indicators_by_source('7d') where source_name = 'Feed B'), 5, 'and RED reports');
select is((select additions::int from public.analytics_kev_by_vendor('7d') where vendor = 'Secretco'), 1, 'and RED CVEs');
select results_eq($$ select attack_id, actors::int from public.analytics_technique_frequency('all') $$,
  $$ values ('T1059'::text, 3), ('T1566', 2) $$, 'and RED actors and links');
reset role;

-- The summaries follow every change.
update public.indicators set first_seen = now() where value = '203.0.113.9';
update public.indicators set tlp = 'red' where value = 'one.evil.example';
delete from public.indicators where value = 'two.evil.example';
update public.indicator_sources set source_id = '50000000-0000-4000-a000-000000000002'
 where source_id = '50000000-0000-4000-a000-000000000001' and indicator_id = (select id from public.indicators where value = 'http://evil.example/x');
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select is((select sum(indicators)::int from public.analytics_indicators_by_type('7d') where type = 'ipv4'), 1, 'an indicator seen again moves to its new day');
select is((select sum(indicators)::int from public.analytics_indicators_by_type('7d') where type = 'domain'), 1, 'one turned RED and one deleted leave one domain');
select results_eq($$ select source_name, total::int from public.analytics_indicators_by_source('7d') group by 1, 2 order by 1 $$,
  $$ values ('Feed A'::text, 2), ('Feed B', 3) $$, 'reports follow their deletion and their source (a report keeps its own marking)');
reset role;
select results_eq(
  $$ select day, type, tlp, indicators from private.indicator_day_counts where indicators > 0 order by 1, 2, 3 $$,
  $$ select (coalesce(first_seen, created_at) at time zone 'utc')::date, type, tlp, count(*) from public.indicators group by 1, 2, 3 order by 1, 2, 3 $$,
  'the indicator summary equals a count of the table');
select results_eq(
  $$ select day, source_id, tlp, reports from private.indicator_report_day_counts where reports > 0 order by 1, 2, 3 $$,
  $$ select (coalesce(first_seen, created_at) at time zone 'utc')::date, source_id, tlp, count(*) from public.indicator_sources group by 1, 2, 3 order by 1, 2, 3 $$,
  'the report summary equals a count of the table');
select is((select count(*)::int from pg_trigger where tgrelid = 'public.indicators'::regclass and tgname like 'indicators\_count\_%'), 4,
  'indicators have their four summary triggers');
select ok((select bool_and(tgtype & 1 = 0) from pg_trigger where tgrelid = 'public.indicators'::regclass
            and tgname in ('indicators_count_added', 'indicators_count_removed')), 'inserts and deletes are counted per statement');

-- A bulk insert is counted in one statement.
insert into public.indicators (type, value, tlp, first_seen)
  select 'sha256', encode(extensions.digest(n::text, 'sha256'), 'hex'), 'green', now() from generate_series(1, 500) n;
select is((select indicators::int from private.indicator_day_counts where type = 'sha256' and tlp = 'green'), 500, 'a bulk insert is counted');

set local client_min_messages = warning;
truncate public.indicators cascade;
select is((select count(*)::int from private.indicator_day_counts), 0, 'truncating the indicators empties their summary');
select is((select count(*)::int from private.indicator_report_day_counts), 0, 'and the reports'' summary');

select * from finish();
rollback;
