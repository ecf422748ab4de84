-- The 21st active API key is a client error (PT409, HTTP 409) that names the limit; a revoked key
-- frees its place (issue 36, "Also found").
begin;
select plan(4);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-000000037501', 'authenticated', 'authenticated', 'api-key-limit@test.local');

\set claims '{"sub":"00000000-0000-4000-a000-000000037501","role":"authenticated"}'
set local role authenticated;
select set_config('request.jwt.claims', :'claims', true);

select lives_ok($$ select public.create_api_key('key ' || n) from generate_series(1, 20) n $$,
  'an analyst creates 20 keys');
select throws_ok($$ select public.create_api_key('key 21') $$, 'PT409',
  'You have 20 active API keys, the most one person may have: revoke one first',
  'the 21st is refused as a client error naming the limit');
select ok(public.revoke_api_key((select k.id from public.api_keys k where k.name = 'key 1')), 'one key is revoked');
select lives_ok($$ select public.create_api_key('key 21') $$, 'a revoked key frees its place');

select * from finish();
rollback;
