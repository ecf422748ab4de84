-- The observable types added in 20261201030000 get their canonical shape, STIX id, STIX pattern and,
-- for network ranges, a cidr column with a GiST index so "which ranges hold this address" is an
-- index lookup (`network >>= '10.1.2.3'`), not a scan.
--
-- Canonical forms (intel/src/normalise/observables.ts writes them; this check holds analysts to them):
--   ipv4-cidr, ipv6-cidr  network form, host bits cleared (10.0.0.0/8, 2001:db8::/32), no wider than
--                         /8 (IPv4) or /16 (IPv6): a wider range would match a continent
--   asn                   AS followed by the number, no leading zeros (AS13335), 0 … 4294967295
--   ja3, ja3s             32 lower-case hexadecimal characters (MD5)
--   ja4                   FoxIO's a_b_c: t13d1516h2_8daaf6152771_b186095e22b6, lower-case
--   user-agent, filename, mutex, email-subject
--                         as given, without control characters or white space at either end
--   registry-key          as above, the hive written out (HKEY_LOCAL_MACHINE\…, not HKLM\…)

-- A malformed range would make the cast throw; a check must answer false instead.
create function private.network_is_canonical(_value text, _family integer, _min_prefix integer) returns boolean
language plpgsql immutable set search_path = '' as $$
declare
  _network inet;
begin
  _network := _value::inet;
  return family(_network) = _family and masklen(_network) >= _min_prefix
    and network(_network)::text = _value and position('/' in _value) > 0;
exception when others then
  return false;
end
$$;
comment on function private.network_is_canonical(text, integer, integer) is 'Whether a value is a network in canonical CIDR form (host bits clear) of the given family and at least the given prefix length.';
revoke all on function private.network_is_canonical(text, integer, integer) from public, anon;
grant execute on function private.network_is_canonical(text, integer, integer) to authenticated, service_role;

create or replace function private.indicator_value_is_canonical(_type public.indicator_type, _value text) returns boolean
language sql immutable set search_path = '' as $$
  select char_length(_value) between 1 and 8192 and case _type
    when 'ipv4' then _value ~ '^(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}$'
    when 'ipv6' then _value ~ '^[0-9a-f:.]{2,45}$' and _value like '%:%'
    when 'domain' then _value ~ '^[a-z0-9_-]+(\.[a-z0-9_-]+)+$' and char_length(_value) <= 253
    when 'url' then _value ~ '^[a-z][a-z0-9+.-]*://[^[:space:]]+$'
    when 'email' then _value ~ '^[^@[:space:]]+@[a-z0-9_-]+(\.[a-z0-9_-]+)+$' and char_length(_value) <= 254
    when 'md5' then _value ~ '^[0-9a-f]{32}$'
    when 'sha1' then _value ~ '^[0-9a-f]{40}$'
    when 'sha256' then _value ~ '^[0-9a-f]{64}$'
    when 'sha512' then _value ~ '^[0-9a-f]{128}$'
    when 'ipv4-cidr' then _value ~ '^[0-9.]{7,15}/[0-9]{1,2}$' and private.network_is_canonical(_value, 4, 8)
    when 'ipv6-cidr' then _value ~ '^[0-9a-f:.]{2,45}/[0-9]{1,3}$' and private.network_is_canonical(_value, 6, 16)
    when 'asn' then _value ~ '^AS(0|[1-9][0-9]{0,9})$' and substr(_value, 3)::bigint <= 4294967295
    when 'ja3' then _value ~ '^[0-9a-f]{32}$'
    when 'ja3s' then _value ~ '^[0-9a-f]{32}$'
    when 'ja4' then _value ~ '^[tqd][0-9a-z]{2}[di][0-9]{2}[0-9]{2}[0-9a-z]{2}_[0-9a-f]{12}_[0-9a-f]{12}$'
    when 'registry-key' then _value !~ '[[:cntrl:]]' and _value !~ '^[[:space:]]|[[:space:]]$'
      and _value !~* '^(hklm|hkcu|hkcr|hku|hkcc)(\\|$)'
    -- user-agent, filename, mutex, email-subject: free text kept as given, on one line.
    else _value !~ '[[:cntrl:]]' and _value !~ '^[[:space:]]|[[:space:]]$'
  end
$$;

create or replace function private.indicator_stix_id(_type public.indicator_type, _value text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select 'indicator--' || extensions.uuid_generate_v5(
    '00abedb4-aa42-466c-9c01-fed23315a9b7'::uuid,
    '{"type":"' || case _type
      when 'ipv4' then 'ipv4' when 'ipv6' then 'ipv6' when 'domain' then 'domain' when 'url' then 'url'
      when 'email' then 'email' when 'md5' then 'md5' when 'sha1' then 'sha1' when 'sha256' then 'sha256'
      when 'sha512' then 'sha512' when 'ipv4-cidr' then 'ipv4-cidr' when 'ipv6-cidr' then 'ipv6-cidr'
      when 'asn' then 'asn' when 'ja3' then 'ja3' when 'ja3s' then 'ja3s' when 'ja4' then 'ja4'
      when 'user-agent' then 'user-agent' when 'filename' then 'filename' when 'mutex' then 'mutex'
      when 'registry-key' then 'registry-key' when 'email-subject' then 'email-subject' end
    || '","value":"' || replace(replace(_value, '\', '\\'), '"', '\"') || '"}')::text
$$;

-- Generated expressions cannot be altered before PostgreSQL 17: the two columns are rebuilt with
-- the new types (one rewrite of the table; no view or function depends on them by column).
drop index public.indicators_stix_id_key;
alter table public.indicators drop column stix_id, drop column pattern;
alter table public.indicators
  add column stix_id text collate "C" generated always as ('indicator--' || extensions.uuid_generate_v5(
    '00abedb4-aa42-466c-9c01-fed23315a9b7'::uuid,
    '{"type":"' || case type
      when 'ipv4' then 'ipv4' when 'ipv6' then 'ipv6' when 'domain' then 'domain' when 'url' then 'url'
      when 'email' then 'email' when 'md5' then 'md5' when 'sha1' then 'sha1' when 'sha256' then 'sha256'
      when 'sha512' then 'sha512' when 'ipv4-cidr' then 'ipv4-cidr' when 'ipv6-cidr' then 'ipv6-cidr'
      when 'asn' then 'asn' when 'ja3' then 'ja3' when 'ja3s' then 'ja3s' when 'ja4' then 'ja4'
      when 'user-agent' then 'user-agent' when 'filename' then 'filename' when 'mutex' then 'mutex'
      when 'registry-key' then 'registry-key' when 'email-subject' then 'email-subject' end
    || '","value":"' || replace(replace(value, '\', '\\'), '"', '\"') || '"}')::text) stored,
  -- STIX 2.1 patterns. An ASN is a number in STIX (unquoted); JA3/JA3S/JA4 have no standard
  -- property, so they sit in a custom network-traffic extension (x-tls-ext), which our importer
  -- reads back; the User-Agent is the standard http-request-ext header.
  add column pattern text generated always as ('[' || case type
      when 'asn' then 'autonomous-system:number = ' || substr(value, 3)
      else case type
        when 'ipv4' then 'ipv4-addr:value'
        when 'ipv6' then 'ipv6-addr:value'
        when 'domain' then 'domain-name:value'
        when 'url' then 'url:value'
        when 'email' then 'email-addr:value'
        when 'md5' then 'file:hashes.MD5'
        when 'sha1' then 'file:hashes.''SHA-1'''
        when 'sha256' then 'file:hashes.''SHA-256'''
        when 'sha512' then 'file:hashes.''SHA-512'''
        when 'ipv4-cidr' then 'ipv4-addr:value'
        when 'ipv6-cidr' then 'ipv6-addr:value'
        when 'ja3' then 'network-traffic:extensions.''x-tls-ext''.ja3'
        when 'ja3s' then 'network-traffic:extensions.''x-tls-ext''.ja3s'
        when 'ja4' then 'network-traffic:extensions.''x-tls-ext''.ja4'
        when 'user-agent' then 'network-traffic:extensions.''http-request-ext''.request_header.''User-Agent'''
        when 'filename' then 'file:name'
        when 'mutex' then 'mutex:name'
        when 'registry-key' then 'windows-registry-key:key'
        when 'email-subject' then 'email-message:subject'
      end || ' = ''' || replace(replace(value, '\', '\\'), '''', '\''') || ''''
    end || ']') stored,
  -- Null for every other type: the partial GiST index below holds only the ranges.
  add column network cidr generated always as (
    case when type in ('ipv4-cidr', 'ipv6-cidr') then value::cidr end) stored;

comment on column public.indicators.type is 'ipv4, ipv6, domain, url, email, md5, sha1, sha256, sha512, ipv4-cidr, ipv6-cidr, asn, ja3, ja3s, ja4, user-agent, filename, mutex, registry-key or email-subject.';
comment on column public.indicators.stix_id is 'Deterministic STIX id (UUIDv5 of type and value).';
comment on column public.indicators.pattern is 'STIX 2.1 pattern.';
comment on column public.indicators.network is 'The range of an ipv4-cidr or ipv6-cidr indicator as cidr, for containment lookups (network >>= address); null for other types.';

create unique index indicators_stix_id_key on public.indicators (stix_id);
create index indicators_network_idx on public.indicators using gist (network inet_ops) where network is not null;
