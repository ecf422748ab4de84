-- The public site's data: anonymous visitors get aggregates, KEV entries and TLP:CLEAR objects
-- through three narrow functions and nothing from the tables; the contact form validates in plain
-- words, limits each address to 5 messages an hour and keeps messages for admins with MFA only.
begin;
select plan(31);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local'),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-a000-00000000000a', 'admin');
insert into private.admin_totp (user_id, secret_enc, status) values
  ('00000000-0000-4000-a000-00000000000a', '\x00', 'active');
insert into private.admin_mfa_sessions (session_id, user_id, verified_at, expires_at) values
  ('10000000-0000-4000-a000-000000000003', '00000000-0000-4000-a000-00000000000a', now(), now() + interval '12 hours');

\ir ../fixtures/claims.psql

-- Tomorrow's dates put the test rows first whatever the database already holds.
insert into public.sources (id, name) values ('53000000-0000-4000-a000-000000000001', 'Public test feed');
insert into public.vulnerabilities (cve_id, kev_date_added, kev_name, kev_vendor, kev_product, tlp) values
  ('CVE-2099-1001', current_date + 1, 'Clear KEV entry', 'Vendor', 'Product', 'clear'),
  ('CVE-2099-1002', current_date + 1, 'Amber KEV entry', 'Vendor', 'Product', 'amber'),
  ('CVE-2099-1003', current_date + 1, 'Red KEV entry', 'Vendor', 'Product', 'red'),
  ('CVE-2099-1004', null, 'Not in KEV', 'Vendor', 'Product', 'clear');
insert into public.intel_objects (stix_id, type, name, tlp, modified, stix, source_ids) values
  ('intrusion-set--00000000-0000-4000-8000-000000000c01', 'intrusion-set', 'Clear Crew', 'clear', now() + interval '1 day', '{}', '{53000000-0000-4000-a000-000000000001}'),
  ('intrusion-set--00000000-0000-4000-8000-000000000c02', 'intrusion-set', 'Green Crew', 'green', now() + interval '1 day', '{}', '{}'),
  ('intrusion-set--00000000-0000-4000-8000-000000000c03', 'intrusion-set', 'Amber Crew', 'amber', now() + interval '1 day', '{}', '{}'),
  ('intrusion-set--00000000-0000-4000-8000-000000000c04', 'intrusion-set', 'Red Crew', 'red', now() + interval '1 day', '{}', '{}'),
  ('report--00000000-0000-4000-8000-000000000c05', 'report', 'Clear report', 'clear', now() + interval '23 hours', '{}', '{}');

set local role anon;

-- Anonymous reads: nothing from the tables.
select throws_ok($$ select count(*) from public.vulnerabilities $$, '42501', null, 'anon cannot read vulnerabilities');
select throws_ok($$ select count(*) from public.intel_objects $$, '42501', null, 'anon cannot read knowledge objects');
select throws_ok($$ select count(*) from public.indicators $$, '42501', null, 'anon cannot read indicators');
select throws_ok($$ select count(*) from public.sources $$, '42501', null, 'anon cannot read sources');
select throws_ok($$ select count(*) from public.contact_messages $$, '42501', null, 'anon cannot read contact messages');
select throws_ok(
  $$ insert into public.contact_messages (name, email, topic, message) values ('x', 'x@example.org', 'other', 'hello there') $$,
  '42501', null, 'anon cannot write contact messages around the checked function'
);

-- Figures: aggregates only, the same as the tables say.
reset role;
create temp table expected_figures on commit drop as
  select (select count(*) from public.vulnerabilities where kev_date_added is not null and tlp = 'clear') as kev,
         (select count(*) from public.sources where enabled) as sources,
         (select count(*) from public.indicators where not revoked) as indicators;
grant select on expected_figures to anon;
set local role anon;
select is(
  (select kev_entries from public.public_site_figures()), (select kev from expected_figures),
  'the KEV figure counts TLP:CLEAR catalogue entries only'
);
select is(
  (select sources_enabled from public.public_site_figures()), (select sources from expected_figures),
  'the sources figure counts enabled sources'
);
select is(
  (select indicators_rounded from public.public_site_figures()), (select (indicators / 100) * 100 from expected_figures),
  'the indicator figure is rounded down to hundreds'
);

-- News: KEV additions.
select is(
  (select array_agg(cve_id order by cve_id) from public.public_kev_additions(10) where cve_id like 'CVE-2099-%'),
  array['CVE-2099-1001'],
  'anon sees the TLP:CLEAR KEV entry, not the amber or red ones nor a CVE outside KEV'
);
select is(
  (select name from public.public_kev_additions(1)), 'Clear KEV entry', 'the newest addition comes first'
);
select is(
  (select count(*)::int from public.public_kev_additions(3)), least(3, (select kev::int from expected_figures)),
  'a page holds at most the requested number of entries'
);
select ok(
  not exists (
    select 1 from public.public_kev_additions(50, current_date + 1, 'CVE-2099-1001') where cve_id = 'CVE-2099-1001'
  ),
  'the next page starts after the given entry'
);
select throws_ok(
  $$ select * from public.public_kev_additions(51) $$, '22023', 'The page size must be between 1 and 50.',
  'pages are at most 50 entries'
);

-- News: TLP:CLEAR highlights.
select is(
  (select array_agg(name order by name) from public.public_intel_highlights(50) where name like '% Crew' or name = 'Clear report'),
  array['Clear Crew', 'Clear report'],
  'anon sees TLP:CLEAR objects only, never green, amber or red ones'
);
select is(
  (select sources from public.public_intel_highlights(1)), array['Public test feed'],
  'a highlight names the sources that delivered it'
);
select is(
  (select name from public.public_intel_highlights(1,
     (select modified from public.public_intel_highlights(1)), (select stix_id from public.public_intel_highlights(1)))),
  'Clear report', 'the next page continues after the last highlight'
);

-- Contact form: validation in plain words.
select throws_ok(
  $$ select * from public.submit_contact_message('', 'ann@example.org', 'access', 'Please give me access.') $$,
  '22023', 'Please give your name (at most 200 characters).', 'a name is required'
);
select throws_ok(
  $$ select * from public.submit_contact_message('Ann', 'not-an-address', 'access', 'Please give me access.') $$,
  '22023', 'Please give an email address we can reply to, like name@example.org.', 'the email must look like one'
);
select throws_ok(
  $$ select * from public.submit_contact_message('Ann', 'ann@example.org', 'sales', 'Please give me access.') $$,
  '22023', 'Please choose what your message is about.', 'the topic comes from the list'
);
select throws_ok(
  $$ select * from public.submit_contact_message('Ann', 'ann@example.org', 'access', 'Hi') $$,
  '22023', 'Please write a message of 10 to 5,000 characters.', 'a message needs 10 characters'
);
select throws_ok(
  format('select * from public.submit_contact_message(%L, %L, %L, %L)', 'Ann', 'ann@example.org', 'access', repeat('x', 5001)),
  '22023', 'Please write a message of 10 to 5,000 characters.', 'a message has at most 5,000 characters'
);

-- Contact form: five an hour per address, then refused; another address still gets through.
select lives_ok(
  $$ select public.submit_contact_message('Ann', 'Ann@Example.org ', 'access', 'Message number ' || n) from generate_series(1, 5) n $$,
  'five messages in an hour are stored'
);
select throws_ok(
  $$ select * from public.submit_contact_message('Ann', 'ann@example.org', 'access', 'Message number six') $$,
  'PT429', 'You have sent 5 messages in the last hour. Please wait an hour before sending another.',
  'the sixth within the hour is refused, the address compared without case or spaces'
);
select lives_ok(
  $$ select * from public.submit_contact_message('Bob', 'bob@example.org', 'security', 'A security question.') $$,
  'another address is not affected'
);

-- Reading messages: admins with MFA only.
reset role;
select is(
  (select count(*)::int from public.contact_messages where email in ('ann@example.org', 'bob@example.org')), 6,
  'the stored messages are there, addresses lower-cased'
);
insert into public.contact_messages (name, email, topic, message, created_at)
  values ('Old', 'old@example.org', 'other', 'An old message to purge.', now() - interval '181 days');
set local role anon;
select lives_ok(
  $$ select * from public.submit_contact_message('Cy', 'cy@example.org', 'product', 'A product question.') $$,
  'a later message is stored'
);
reset role;
select is(
  (select count(*)::int from public.contact_messages where email = 'old@example.org'), 0,
  'messages older than 180 days are removed'
);

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select is((select count(*)::int from public.contact_messages), 0, 'an analyst reads no contact messages');
select set_config('request.jwt.claims', :'admin_claims', true);
select is((select count(*)::int from public.contact_messages), 0, 'an admin without MFA in this session reads none');
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select is(
  (select count(*)::int from public.contact_messages where email in ('ann@example.org', 'bob@example.org', 'cy@example.org')), 7,
  'an admin with MFA reads every message'
);
reset role;

select * from finish();
rollback;
