-- RFC 6238 Appendix B and RFC 4226 Appendix D vectors, and base32 (RFC 4648) decoding.
begin;
select plan(28);

select is(encode(private.base32_decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'), 'escape'), '12345678901234567890', 'base32 decodes the RFC seed');
select is(encode(private.base32_decode('gezdgnbvgy3tqojqgezdgnbvgy3tqojq'), 'escape'), '12345678901234567890', 'base32 accepts lower case');
select is(encode(private.base32_decode('MZXW6YQ='), 'escape'), 'foob', 'base32 ignores padding');
select throws_ok($$ select private.base32_decode('GEZDGNBV1') $$, '22023', 'Invalid base32 character at position 9', 'base32 refuses characters outside the alphabet');

create temp table vectors (t bigint, sha1 text, sha256 text, sha512 text) on commit drop;
insert into vectors values
  (59, '94287082', '46119246', '90693936'),
  (1111111109, '07081804', '68084774', '25091201'),
  (1111111111, '14050471', '67062674', '99943326'),
  (1234567890, '89005924', '91819424', '93441116'),
  (2000000000, '69279037', '90698825', '38618901'),
  (20000000000, '65353130', '77737706', '47863826');

select is(private.totp_code(convert_to('12345678901234567890', 'UTF8'), t / 30, 8, 'sha1'), sha1, format('RFC 6238 SHA1 at %s', t)) from vectors;
select is(private.totp_code(convert_to('12345678901234567890123456789012', 'UTF8'), t / 30, 8, 'sha256'), sha256, format('RFC 6238 SHA256 at %s', t)) from vectors;
select is(private.totp_code(substring(convert_to(repeat('1234567890', 7), 'UTF8') from 1 for 64), t / 30, 8, 'sha512'), sha512, format('RFC 6238 SHA512 at %s', t)) from vectors;

select results_eq(
  $$ select private.totp_code(convert_to('12345678901234567890', 'UTF8'), c) from generate_series(0, 9) c $$,
  $$ values ('755224'), ('287082'), ('359152'), ('969429'), ('338314'), ('254676'), ('287922'), ('162583'), ('399871'), ('520489') $$,
  'RFC 4226 Appendix D HOTP values for counts 0 to 9'
);
select throws_ok($$ select private.totp_code('\x00'::bytea, 1, 5) $$, '22023', 'digits must be between 6 and 10', 'refuses fewer than 6 digits');
select throws_ok($$ select private.totp_code('\x00'::bytea, 1, 6, 'md5') $$, '22023', 'algorithm must be sha1, sha256 or sha512', 'refuses other algorithms');
select is(private.totp_current_step(), floor(extract(epoch from clock_timestamp()) / 30)::bigint, 'the current step follows the server clock');

select function_privs_are('private', 'totp_code', array['bytea', 'bigint', 'integer', 'text'], 'anon', array[]::text[], 'anon cannot compute codes');
select function_privs_are('private', 'totp_code', array['bytea', 'bigint', 'integer', 'text'], 'authenticated', array[]::text[], 'authenticated cannot compute codes');

select * from finish();
rollback;
