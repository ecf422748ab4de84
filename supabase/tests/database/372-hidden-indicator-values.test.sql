-- No existence oracle through the indicators' unique key (issue 36 §2): an analyst's insert of a
-- value hidden from them is a new row of theirs; the hidden reports move to it and stay hidden; a
-- visible value still conflicts; no committed row is superseded. The public figure counts CLEAR
-- indicators only (§3).
begin;
select plan(10);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
\ir ../fixtures/claims.psql

insert into public.sources (id, name, default_tlp) values ('50000000-0000-4000-a000-0000000372a1', 'Red feed 372', 'red');
insert into public.indicators (id, type, value, tlp, description) overriding system value values
  (937201, 'domain', 'hidden.oracle-372.example', 'red', 'red secret'),
  (937202, 'domain', 'visible.oracle-372.example', 'amber', 'seen');
insert into public.indicator_sources (indicator_id, source_id, tlp, context) values
  (937201, '50000000-0000-4000-a000-0000000372a1', 'red', '{"note": "red secret"}');

select is((select indicators_rounded from public.public_site_figures()),
  (select (count(*) / 100) * 100 from public.indicators where tlp = 'clear' and not revoked), 'the public figure counts CLEAR indicators only');

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select lives_ok($$ insert into public.indicators (type, value, tlp, description) values ('domain', 'hidden.oracle-372.example', 'amber', 'mine') $$,
  'an analyst inserts a value hidden from them as a new one');
select is((select description from public.indicators where value = 'hidden.oracle-372.example'), 'mine', 'and reads their own report');
select is((select count(*)::int from public.indicator_sources s join public.indicators i on i.id = s.indicator_id
            where i.value = 'hidden.oracle-372.example'), 0, 'the hidden report stays hidden');
select throws_ok($$ insert into public.indicators (type, value, tlp) values ('domain', 'visible.oracle-372.example', 'amber') $$,
  '23505', null, 'a value the analyst can read still conflicts');
reset role;

select is((select count(*)::int from public.indicators where value = 'hidden.oracle-372.example'), 1, 'one row per value remains');
select isnt((select id from public.indicators where value = 'hidden.oracle-372.example'), 937201::bigint, 'the analyst''s row, not the hidden one');
select is((select (s.tlp::text, s.context ->> 'note') from public.indicator_sources s join public.indicators i on i.id = s.indicator_id
            where i.value = 'hidden.oracle-372.example'), ('red'::text, 'red secret'::text), 'the hidden report is kept, RED, under the new row');
select is((select created_by from public.indicators where value = 'hidden.oracle-372.example'),
  '00000000-0000-4000-a000-00000000000b'::uuid, 'authored by the analyst');
select is((select count(*)::int from public.indicators where superseded), 0, 'no committed row is superseded');

select * from finish();
rollback;
