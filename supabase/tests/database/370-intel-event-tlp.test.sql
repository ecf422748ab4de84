-- Intelligence events carry the TLP and audience of what they announce (issue 36 §1): a KEV
-- addition per (TLP, audience), an import run's event the run's TLP (its source's), an alert's its
-- metadata's; the analyst (default group, AMBER+STRICT) reads none of the RED ones.
begin;
select plan(9);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
\ir ../fixtures/claims.psql

insert into public.vulnerabilities (cve_id, kev_date_added, tlp) values
  ('CVE-2099-3700001', current_date, 'clear'), ('CVE-2099-3700002', current_date, 'red'),
  ('CVE-2099-3700003', current_date, 'amber');
select is((select count(*)::int from public.intel_events where kind = 'kev_added' and cve_ids && array['CVE-2099-3700001', 'CVE-2099-3700002', 'CVE-2099-3700003']),
  3, 'one statement adding CVEs of three TLPs writes three events');
select is((select tlp::text from public.intel_events where cve_ids = array['CVE-2099-3700002']), 'red', 'the RED CVE''s event is RED');

insert into public.sources (id, name, default_tlp) values
  ('50000000-0000-4000-a000-0000000370a1', 'Red feed 370', 'red'), ('50000000-0000-4000-a000-0000000370a2', 'Green feed 370', 'green');
insert into public.import_runs (id, source_id, source_name, format, input) overriding system value values
  (937001, '50000000-0000-4000-a000-0000000370a1', 'Red feed 370', 'csv', 'r.csv'),
  (937002, '50000000-0000-4000-a000-0000000370a2', 'Green feed 370', 'csv', 'g.csv');
select is((select array_agg(tlp::text order by id) from public.import_runs where id in (937001, 937002)), array['red', 'green'],
  'a run takes its source''s TLP');
update public.import_runs set status = 'succeeded', inserted = 1 where id in (937001, 937002);
update public.import_runs set status = 'failed' where id = 937001;
select is((select array_agg(tlp::text order by import_run_id, id) from public.intel_events where import_run_id in (937001, 937002)),
  array['red', 'red', 'green'], 'an import''s events (succeeded, failed) carry the run''s TLP');

insert into public.enhanced_security_alerts (id, title, metadata) values
  ('a0000000-0000-4000-a000-000000000370', 'red hunt hit 370', '{"tlp": "red"}');
select is((select tlp::text from public.intel_events where alert_id = 'a0000000-0000-4000-a000-000000000370'), 'red',
  'an alert''s event carries its metadata''s TLP');

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select is((select array_agg(cve_ids[1] order by cve_ids[1]) from public.intel_events where kind = 'kev_added'
            and cve_ids && array['CVE-2099-3700001', 'CVE-2099-3700002', 'CVE-2099-3700003']),
  array['CVE-2099-3700001', 'CVE-2099-3700003'], 'the analyst reads the CLEAR and AMBER KEV events, not the RED one');
select is((select count(*)::int from public.intel_events where import_run_id = 937001), 0, 'nor the RED run''s events');
select is((select count(*)::int from public.intel_events where import_run_id = 937002), 1, 'but the GREEN run''s');
select is((select count(*)::int from public.intel_events where alert_id = 'a0000000-0000-4000-a000-000000000370'), 0,
  'nor the RED alert''s event');
reset role;

select * from finish();
rollback;
