-- API connections never JIT-compile (20261202020100): the role they log in as has jit off, and a
-- new session of it starts with it off.
begin;
select plan(1);
select ok((select 'jit=off' = any (rolconfig) from pg_roles where rolname = 'authenticator'),
  'authenticator, the role API requests log in as, has jit = off');
select * from finish();
rollback;
