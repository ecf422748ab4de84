-- Outbound address rules (issue 36): a source URL or webhook naming a link-local or cloud metadata
-- address (in any spelling) or a metadata host name is refused where it is set, in plain words;
-- private and loopback addresses pass unless outbound.restrict_private; an address administrators
-- with MFA allowed passes (the allow list is theirs alone, and audited).
begin;
select plan(22);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local'),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-a000-00000000000a', 'admin');
insert into private.admin_totp (user_id, secret_enc, status) values ('00000000-0000-4000-a000-00000000000a', '\x00', 'active');
insert into private.admin_mfa_sessions (session_id, user_id, verified_at, expires_at) values
  ('10000000-0000-4000-a000-000000000003', '00000000-0000-4000-a000-00000000000a', now(), now() + interval '12 hours');
\ir ../fixtures/claims.psql

select alike(private.outbound_url_refusal('http://169.254.169.254/latest/meta-data/'), '169.254.169.254 is a link-local address%',
  'the metadata address is refused');
select alike(private.outbound_url_refusal('http://2852039166/'), '2852039166 is an address in an unusual form%', 'so is its decimal form');
select alike(private.outbound_url_refusal('http://0251.0376.0251.0376/'), '% unusual form%', 'and its octal form');
select alike(private.outbound_url_refusal('http://0xa9fea9fe/'), '% unusual form%', 'and its hex form');
select alike(private.outbound_url_refusal('http://[::ffff:169.254.169.254]:80/'), '169.254.169.254 is a link-local address%',
  'an IPv4-mapped IPv6 address is judged as its IPv4 address');
select alike(private.outbound_url_refusal('https://user:pw@[fd00:ec2::254]/x'), 'fd00:ec2::254 is a cloud metadata service address',
  'the AWS IPv6 metadata address is refused');
select is(private.outbound_url_refusal('http://[fe80::1]/'), 'fe80::1 is a link-local address (cloud metadata services live there)',
  'IPv6 link-local is refused');
select alike(private.outbound_url_refusal('http://Metadata.Google.Internal./computeMetadata/v1/'), 'metadata.google.internal is a cloud metadata service name',
  'a metadata host name is refused');
select is(private.outbound_url_refusal('http://100.100.100.200/'), '100.100.100.200 is a cloud metadata service address', 'Alibaba''s metadata address is refused');
select is(private.outbound_url_refusal('https://feeds.example.org/x.json'), null, 'a name passes (judged again when resolved)');
select is(private.outbound_url_refusal('http://10.1.2.3:8080/x'), null, 'a private address passes by default');
select is(private.outbound_url_refusal('http://127.0.0.1/x'), null, 'so does loopback');

select throws_ok($$ insert into public.sources (name, url) values ('metadata probe', 'http://169.254.169.254/latest/') $$,
  '22023', 'This URL is refused: 169.254.169.254 is a link-local address (cloud metadata services live there). An administrator can allow the address under System Configuration, Outbound addresses.',
  'a source cannot be pointed at the metadata service');
insert into public.sources (id, name, url) values ('50000000-0000-4000-a000-0000000381a1', 'mirror', 'http://10.0.0.5/feed.json');
select throws_ok($$ update public.sources set url = 'http://[::ffff:a9fe:a9fe]/' where id = '50000000-0000-4000-a000-0000000381a1' $$,
  '22023', null, 'nor changed to it');
select throws_ok($$ insert into public.notification_channels (name, kind, target) values ('hook', 'webhook', 'http://metadata.google.internal/') $$,
  '22023', null, 'a webhook cannot name a metadata host');

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select throws_ok($$ insert into public.outbound_allowed_addresses (address, reason) values ('169.254.169.254', 'mine now') $$,
  '42501', null, 'an analyst cannot allow an address');
select set_config('request.jwt.claims', :'admin_claims', true);
select throws_ok($$ insert into public.outbound_allowed_addresses (address, reason) values ('169.254.169.254', 'mine now') $$,
  '42501', null, 'nor an admin without MFA');
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
insert into public.outbound_allowed_addresses (address, reason) values ('169.254.10.0/24', 'the lab''s appliance');
reset role;

select is((select count(*)::int from public.audit_trail where action = 'outbound_allowed_address.created'
            and actor_id = '00000000-0000-4000-a000-00000000000a'), 1, 'allowing an address is audited with its administrator');
select is(private.outbound_url_refusal('http://169.254.10.7/'), null, 'an allowed range passes');
select isnt(private.outbound_url_refusal('http://169.254.169.254/'), null, 'the rest of link-local is still refused');

update public.settings set value = 'true' where key = 'outbound.restrict_private';
select is(private.outbound_url_refusal('http://10.1.2.3/'), '10.1.2.3 is a private network address', 'restricted, a private address is refused');
select is(private.outbound_url_refusal('http://[::1]/'), '::1 is a loopback address (this machine)', 'and loopback');

select * from finish();
rollback;
