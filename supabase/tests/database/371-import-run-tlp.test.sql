-- Import runs under their TLP (issue 36 §4): the analyst reads a RED source's runs not at all (their
-- rejects quote RED values), their own runs always; no run names a server folder.
begin;
select plan(7);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
\ir ../fixtures/claims.psql

insert into public.sources (id, name, default_tlp) values
  ('50000000-0000-4000-a000-0000000371a1', 'Red feed 371', 'red'), ('50000000-0000-4000-a000-0000000371a2', 'Amber feed 371', 'amber');
insert into public.import_runs (id, source_id, source_name, format, input, status, rejects, error, requested_by) overriding system value values
  (937101, '50000000-0000-4000-a000-0000000371a1', 'Red feed 371', 'csv', '/srv/feeds/red/x.csv', 'failed',
   '[{"where": "line 2", "reason": "not an address: 203.0.113.7"}]', null, null),
  (937102, '50000000-0000-4000-a000-0000000371a2', 'Amber feed 371', 'csv', '/srv/feeds/amber/y.csv', 'failed',
   '[{"where": "/srv/feeds/amber/y.csv line 3", "reason": "bad"}]', 'could not open ''/srv/feeds/amber/y.csv''', null),
  (937103, '50000000-0000-4000-a000-0000000371a1', 'Red feed 371', 'csv', 'https://feed.example/a/b.csv', 'failed', '[]', null,
   '00000000-0000-4000-a000-00000000000b');

select is((select input from public.import_runs where id = 937102), 'y.csv', 'a file path keeps its name only');
select is((select error from public.import_runs where id = 937102), 'could not open ''y.csv''', 'so does an error');
select is((select rejects -> 0 ->> 'where' from public.import_runs where id = 937102), 'y.csv line 3', 'and a reject');
select is((select input from public.import_runs where id = 937103), 'https://feed.example/a/b.csv', 'a URL stays whole');

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select is((select count(*)::int from public.import_runs where id = 937101), 0, 'the analyst does not read a RED source''s run');
select is((select count(*)::int from public.import_runs where id = 937102), 1, 'but reads an AMBER one');
select is((select count(*)::int from public.import_runs where id = 937103), 1, 'and always the runs they asked for');
reset role;

select * from finish();
rollback;
