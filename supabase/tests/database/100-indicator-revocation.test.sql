-- Revoking indicators: any analyst may revoke or restore what they can read, with a reason; who,
-- when and why are kept; TLP:RED rows stay out of reach of those who may not read them.
begin;
select plan(14);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
insert into public.indicators (type, value, tlp) values
  ('domain', 'revoke-me.example', 'amber'), ('domain', 'keep-me.example', 'green'), ('domain', 'red.example', 'red');

\ir ../fixtures/claims.psql

set local role anon;
select throws_ok($$ select public.revoke_indicators(array[1::bigint], 'x') $$, '42501', null, 'anon cannot revoke');
reset role;

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select is(
  public.revoke_indicators(array(select id from public.indicators where value in ('revoke-me.example', 'red.example')), 'Sinkholed since May'),
  1, 'an analyst revokes an imported indicator, and nothing marked RED');
select is((select revoked from public.indicators where value = 'revoke-me.example'), true, 'it is revoked');
select is((select revoked_by from public.indicators where value = 'revoke-me.example'), '00000000-0000-4000-a000-00000000000b'::uuid, 'who revoked it is kept');
select is((select revocation_reason from public.indicators where value = 'revoke-me.example'), 'Sinkholed since May', 'why is kept');
select isnt((select revoked_at from public.indicators where value = 'revoke-me.example'), null, 'when is kept');
select is(
  public.revoke_indicators(array(select id from public.indicators where value = 'revoke-me.example'), 'again'),
  0, 'revoking a revoked indicator changes nothing');
select throws_ok($$ select public.revoke_indicators(array[]::bigint[], 'x') $$, '22023', 'Choose between 1 and 1,000 indicators.', 'an empty selection is refused in words');
select throws_ok($$ select public.revoke_indicators(array(select generate_series(1, 1001)::bigint), 'x') $$, '22023', 'Choose between 1 and 1,000 indicators.', 'more than 1,000 is refused');
select throws_ok(
  format('select public.revoke_indicators(array[%s::bigint], %L)', (select id from public.indicators where value = 'keep-me.example'), '  '),
  '22023', 'Give a reason of at most 500 characters.', 'a blank reason is refused');
select is(
  public.revoke_indicators(array(select id from public.indicators where value = 'revoke-me.example'), 'Back in use', false),
  1, 'an analyst restores it');
select is((select (revoked, revoked_by, revocation_reason) from public.indicators where value = 'revoke-me.example'),
  (false, null::uuid, 'Back in use'::text), 'restoring clears who revoked it and keeps why');
select throws_ok(
  $$ update public.indicators set revoked_by = '00000000-0000-4000-a000-00000000000b' where value = 'keep-me.example' $$,
  '42501', null, 'the revocation columns cannot be written directly');
reset role;
select is((select revoked from public.indicators where value = 'red.example'), false, 'the RED indicator was not touched');

select * from finish();
rollback;
