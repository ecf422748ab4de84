-- Performance reports are filed as the caller through one checked function: the reporter is whoever
-- the token says (no one for anon), "critical" is judged from the metrics, bad input is refused in
-- words, and the table itself stays unwritable to every client role.
begin;
select plan(10);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');

\ir ../fixtures/claims.psql

set local role anon;
select lives_ok($$ select public.file_performance_report('http://127.0.0.1:4173/', 'Mozilla/5.0',
  '{"domContentLoaded": 800, "loadComplete": 1200, "slowResources": []}', now()) $$, 'anon files a report');
select throws_ok($$ insert into public.performance_reports (url, metrics, reported_at) values ('x', '{}', now()) $$,
  '42501', null, 'anon cannot write the table directly');
reset role;

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select lives_ok($$ select public.file_performance_report('http://127.0.0.1:4173/platform/dashboard', 'Mozilla/5.0',
  '{"domContentLoaded": 6200, "loadComplete": 7000, "slowResources": []}', now()) $$, 'an analyst files a report');
select lives_ok($$ select public.file_performance_report('http://127.0.0.1:4173/slow', 'Mozilla/5.0',
  '{"domContentLoaded": 100, "loadComplete": 200, "slowResources": [{},{},{},{},{},{}]}', now()) $$,
  'six slow resources');
select throws_ok($$ select public.file_performance_report('', 'x', '{}', now()) $$, '22023',
  'A report needs the page URL (1 to 2,048 characters).', 'an empty URL is refused in words');
select throws_ok($$ select public.file_performance_report('http://x/', 'x', '[1]', now()) $$, '22023',
  'A report''s metrics are one JSON object of at most 16 kB.', 'metrics must be an object');
select throws_ok($$ select public.file_performance_report('http://x/', 'x', '{"loadComplete": "soon"}', now()) $$, '22023',
  'A report''s timings are numbers of milliseconds.', 'a timing that is no number is refused in words');
select throws_ok($$ insert into public.performance_reports (url, metrics, reported_at) values ('x', '{}', now()) $$,
  '42501', null, 'an analyst cannot write the table directly');
reset role;

select results_eq(
  $$ select url, user_id::text, critical from public.performance_reports where received_at = now() order by id $$,
  $$ values ('http://127.0.0.1:4173/', null::text, false),
            ('http://127.0.0.1:4173/platform/dashboard', '00000000-0000-4000-a000-00000000000b', true),
            ('http://127.0.0.1:4173/slow', '00000000-0000-4000-a000-00000000000b', true) $$,
  'the reporter comes from the token (none for anon); critical is judged from the metrics');
select is((select count(*)::int from public.performance_reports where url in ('', 'http://x/')), 0,
  'nothing is stored from a refused report');

select * from finish();
rollback;
