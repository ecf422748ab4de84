-- Asset host names are stored lower-case, whoever writes them, so the inventory's lookups compare
-- them exactly, and a differently-cased duplicate is still refused.
begin;
select plan(4);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-0000000000b1', 'authenticated', 'authenticated', 'hosts@test.local');
select set_config('request.jwt.claims', '{"sub":"00000000-0000-4000-a000-0000000000b1","role":"authenticated"}', true);
set local role authenticated;

insert into public.assets (hostname, owner) values ('VPN.Hosts-Test.Example', 'it');
select is((select hostname from public.assets where owner = 'it'), 'vpn.hosts-test.example',
  'an analyst''s mixed-case host name is stored lower-case');
select is((select count(*)::int from public.assets where hostname in ('vpn.hosts-test.example')), 1,
  'an exact lower-case lookup finds it (the browser import''s in-list)');
select throws_ok($$insert into public.assets (hostname) values ('vpn.HOSTS-test.example')$$, '23505', null,
  'the same host in other case is a duplicate');
update public.assets set hostname = 'Mail.Hosts-Test.Example' where owner = 'it';
select is((select hostname from public.assets where owner = 'it'), 'mail.hosts-test.example',
  'a renamed host is lower-cased too');

select * from finish();
rollback;
