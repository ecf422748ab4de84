-- HOTP/TOTP (RFC 4226, RFC 6238) and base32 (RFC 4648) in SQL with pgcrypto, so the admin second
-- factor is checked where the data lives. Verified against the RFC test vectors in pgTAP.

create function private.base32_decode(_input text) returns bytea
language plpgsql immutable strict set search_path = '' as $$
declare
  alphabet constant text := 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  clean text := upper(rtrim(_input, '='));
  buffer bigint := 0;
  bits int := 0;
  value int;
  output bytea := ''::bytea;
begin
  for i in 1 .. char_length(clean) loop
    value := strpos(alphabet, substr(clean, i, 1)) - 1;
    if value < 0 then
      raise exception 'Invalid base32 character at position %', i using errcode = '22023';
    end if;
    buffer := ((buffer << 5) | value) & 65535;
    bits := bits + 5;
    if bits >= 8 then
      bits := bits - 8;
      output := output || set_byte('\x00'::bytea, 0, ((buffer >> bits) & 255)::int);
    end if;
  end loop;
  return output;
end
$$;
comment on function private.base32_decode(text) is 'RFC 4648 base32 to bytes; case-insensitive, padding optional, refuses other characters.';

-- One HOTP value for `_step` (the TOTP time step or the HOTP counter), as a zero-padded string.
create function private.totp_code(_secret bytea, _step bigint, _digits int default 6, _algo text default 'sha1')
returns text
language plpgsql immutable strict set search_path = '' as $$
declare
  mac bytea;
  offset_ int;
  binary_ bigint;
begin
  if _digits not between 6 and 10 then
    raise exception 'digits must be between 6 and 10' using errcode = '22023';
  end if;
  if _algo not in ('sha1', 'sha256', 'sha512') then
    raise exception 'algorithm must be sha1, sha256 or sha512' using errcode = '22023';
  end if;
  mac := extensions.hmac(decode(lpad(to_hex(_step), 16, '0'), 'hex'), _secret, _algo);
  offset_ := get_byte(mac, length(mac) - 1) & 15;
  binary_ := ((get_byte(mac, offset_) & 127)::bigint << 24)
           | (get_byte(mac, offset_ + 1)::bigint << 16)
           | (get_byte(mac, offset_ + 2)::bigint << 8)
           | get_byte(mac, offset_ + 3)::bigint;
  return lpad((binary_ % (10::bigint ^ _digits)::bigint)::text, _digits, '0');
end
$$;
comment on function private.totp_code(bytea, bigint, int, text) is 'RFC 4226 HOTP value for a counter (the RFC 6238 time step for TOTP).';

-- The current 30-second TOTP step from the server clock (never the client's).
create function private.totp_current_step() returns bigint
language sql volatile set search_path = '' as $$
  select floor(extract(epoch from clock_timestamp()) / 30)::bigint
$$;
comment on function private.totp_current_step() is 'Current RFC 6238 time step (T0 = 0, X = 30 s) from the server clock.';

revoke all on function private.base32_decode(text) from public, anon, authenticated;
revoke all on function private.totp_code(bytea, bigint, int, text) from public, anon, authenticated;
revoke all on function private.totp_current_step() from public, anon, authenticated;
