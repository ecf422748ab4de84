-- RSS sources and delta high-water marks (issue 30 §3, 20261202060000): a source may be of kind
-- rss; sources.sync_cursor is kept by the importers (service role) only: analysts read it with the
-- rest of the source, and no one signed in, administrators with MFA included, can write it.
begin;
select plan(7);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local'),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-a000-00000000000a', 'admin');
insert into private.admin_totp (user_id, secret_enc, status) values ('00000000-0000-4000-a000-00000000000a', '\x00', 'active');
insert into private.admin_mfa_sessions (session_id, user_id, verified_at, expires_at) values
  ('10000000-0000-4000-a000-000000000003', '00000000-0000-4000-a000-00000000000a', now(), now() + interval '12 hours');
\ir ../fixtures/claims.psql

insert into public.sources (id, name, kind, format, url, sync_cursor) values
  ('40000000-0000-4000-a000-000000000001', 'Vendor blog', 'rss', 'rss', 'https://blog.example/feed/', null),
  ('40000000-0000-4000-a000-000000000002', 'CVE deltas', 'feed', 'cve', 'https://mirror.example/cves/deltaLog.json',
   '2026-11-20T10:07:00.000Z');

select is((select kind::text from public.sources where name = 'Vendor blog'), 'rss', 'a source can be of kind rss');
select throws_ok($$ update public.sources set sync_cursor = repeat('x', 201) where name = 'CVE deltas' $$, '23514', null,
  'a high-water mark is at most 200 characters');
select isnt(col_description('public.sources'::regclass,
  (select attnum from pg_attribute where attrelid = 'public.sources'::regclass and attname = 'sync_cursor')), null,
  'sync_cursor is described');

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select is((select sync_cursor from public.sources where name = 'CVE deltas'), '2026-11-20T10:07:00.000Z',
  'an analyst reads the high-water mark with the source');
select throws_ok($$ update public.sources set sync_cursor = null where name = 'CVE deltas' $$, '42501', null,
  'an analyst cannot change it');

select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select throws_ok($$ update public.sources set sync_cursor = '2000-01-01T00:00:00Z' where name = 'CVE deltas' $$, '42501', null,
  'an administrator with MFA cannot move it either (the importers keep it)');
select lives_ok($$ update public.sources set enabled = true where name = 'Vendor blog' $$,
  'while the columns administrators set stay theirs');

select * from finish();
rollback;
