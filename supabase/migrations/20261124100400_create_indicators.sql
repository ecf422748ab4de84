-- Indicators of compromise: one row per (type, canonical value) whatever the number of sources that
-- report it; what each source said lives in indicator_sources. Importers canonicalise values (IDNA,
-- RFC 5952, refanged, lower-case hex); the check below keeps every writer, analysts included, to
-- the canonical shape so one value never exists twice under two spellings.

create type public.indicator_type as enum ('ipv4', 'ipv6', 'domain', 'url', 'email', 'md5', 'sha1', 'sha256', 'sha512');
comment on type public.indicator_type is 'Indicator types the knowledge base keeps, each with one canonical text form.';

create function private.indicator_value_is_canonical(_type public.indicator_type, _value text) returns boolean
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
  end
$$;
comment on function private.indicator_value_is_canonical(public.indicator_type, text) is 'Whether a value has the canonical shape of its indicator type (lower-case, no defanging, no spaces).';
revoke all on function private.indicator_value_is_canonical(public.indicator_type, text) from public, anon;
grant execute on function private.indicator_value_is_canonical(public.indicator_type, text) to authenticated, service_role;

-- Analysts' hand-entered values are held to the canonical shape here. Importers canonicalise in
-- the pipeline (IDNA, RFC 5952, URL serialisation: more than SQL can check) and write as the
-- service role with created_by null; checking their millions of rows again would halve ingestion.
create function private.enforce_canonical_indicator() returns trigger
language plpgsql set search_path = '' as $$
begin
  if not private.indicator_value_is_canonical(new.type, new.value) then
    raise exception 'Not a canonical % value: %', new.type, left(new.value, 200)
      using errcode = '23514', hint = 'Refang it and write it lower-case (IDNA for names, RFC 5952 for IPv6).';
  end if;
  return new;
end
$$;
comment on function private.enforce_canonical_indicator() is 'Trigger: refuses a non-canonical indicator value entered by an analyst.';
revoke all on function private.enforce_canonical_indicator() from public, anon, authenticated;

-- Deterministic STIX id: UUIDv5 in the STIX SCO namespace over {"type":…,"value":…}, the same
-- name string as JSON.stringify({type, value}) in the importers (stored ids depend on it: it never
-- changes). An enum's text is not immutable, hence the literals. The generated column below
-- repeats this expression inline (a function with a fixed search_path is never inlined, and the
-- call would run for every imported row); pgTAP checks that the two agree.
create function private.indicator_stix_id(_type public.indicator_type, _value text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select 'indicator--' || extensions.uuid_generate_v5(
    '00abedb4-aa42-466c-9c01-fed23315a9b7'::uuid,
    '{"type":"' || case _type
      when 'ipv4' then 'ipv4' when 'ipv6' then 'ipv6' when 'domain' then 'domain' when 'url' then 'url'
      when 'email' then 'email' when 'md5' then 'md5' when 'sha1' then 'sha1' when 'sha256' then 'sha256'
      when 'sha512' then 'sha512' end
    || '","value":"' || replace(replace(_value, '\', '\\'), '"', '\"') || '"}')::text
$$;
comment on function private.indicator_stix_id(public.indicator_type, text) is 'Deterministic STIX id of a typed indicator (UUIDv5 of its JSON type and value).';
revoke all on function private.indicator_stix_id(public.indicator_type, text) from public, anon;
grant execute on function private.indicator_stix_id(public.indicator_type, text) to authenticated, service_role;

create table public.indicators (
  id bigint generated always as identity primary key,
  type public.indicator_type not null,
  -- Byte order ("C"): the fastest comparisons for the merge's unique index, and prefix searches
  -- (value like 'd41d8c%') can use that index.
  value text collate "C" not null check (char_length(value) between 1 and 8192),
  stix_id text collate "C" generated always as ('indicator--' || extensions.uuid_generate_v5(
    '00abedb4-aa42-466c-9c01-fed23315a9b7'::uuid,
    '{"type":"' || case type
      when 'ipv4' then 'ipv4' when 'ipv6' then 'ipv6' when 'domain' then 'domain' when 'url' then 'url'
      when 'email' then 'email' when 'md5' then 'md5' when 'sha1' then 'sha1' when 'sha256' then 'sha256'
      when 'sha512' then 'sha512' end
    || '","value":"' || replace(replace(value, '\', '\\'), '"', '\"') || '"}')::text) stored,
  -- STIX 2.1 pattern, quoted per the patterning grammar.
  pattern text generated always as ('[' || case type
      when 'ipv4' then 'ipv4-addr:value'
      when 'ipv6' then 'ipv6-addr:value'
      when 'domain' then 'domain-name:value'
      when 'url' then 'url:value'
      when 'email' then 'email-addr:value'
      when 'md5' then 'file:hashes.MD5'
      when 'sha1' then 'file:hashes.''SHA-1'''
      when 'sha256' then 'file:hashes.''SHA-256'''
      when 'sha512' then 'file:hashes.''SHA-512'''
    end || ' = ''' || replace(replace(value, '\', '\\'), '''', '\''') || ''']') stored,
  name text check (char_length(name) <= 500),
  description text not null default '' check (char_length(description) <= 10000),
  confidence smallint check (confidence between 0 and 100),
  tlp public.tlp_level not null default 'amber',
  first_seen timestamptz,
  last_seen timestamptz,
  valid_from timestamptz,
  valid_until timestamptz,
  revoked boolean not null default false,
  labels text[] not null default '{}',
  kill_chain_phases jsonb not null default '[]'::jsonb check (jsonb_typeof(kill_chain_phases) = 'array'),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.indicators is 'Indicators of compromise, one row per (type, canonical value); per-source reports in indicator_sources.';
comment on column public.indicators.id is 'Indicator id.';
comment on column public.indicators.type is 'ipv4, ipv6, domain, url, email, md5, sha1, sha256 or sha512.';
comment on column public.indicators.value is 'Canonical value: refanged, lower-case, IDNA punycode, RFC 5952 IPv6, normalised URL scheme and host. Hostile by nature: render inert.';
comment on column public.indicators.stix_id is 'Deterministic STIX id (UUIDv5 of type and value).';
comment on column public.indicators.pattern is 'STIX 2.1 pattern.';
comment on column public.indicators.name is 'Short name when a source gave one.';
comment on column public.indicators.description is 'Description (newest report wins), rendered as text only.';
comment on column public.indicators.confidence is 'Confidence 0-100 of the newest report.';
comment on column public.indicators.tlp is 'Least restrictive TLP among its reports (the value itself is that widely shared).';
comment on column public.indicators.first_seen is 'Earliest first-seen of any report.';
comment on column public.indicators.last_seen is 'Latest last-seen of any report.';
comment on column public.indicators.valid_from is 'STIX valid_from.';
comment on column public.indicators.valid_until is 'STIX valid_until: not to be used for detection after this time.';
comment on column public.indicators.revoked is 'Revoked by its producer.';
comment on column public.indicators.labels is 'Labels and tags of all reports.';
comment on column public.indicators.kill_chain_phases is 'STIX kill chain phases [{kill_chain_name, phase_name}].';
comment on column public.indicators.created_by is 'Analyst who added it by hand; null when imported.';
comment on column public.indicators.created_at is 'When it entered the knowledge base.';
comment on column public.indicators.updated_at is 'Last change.';

-- (value, type): one lookup by value serves every type, and it is the dedup key of the merge.
create unique index indicators_value_type_key on public.indicators (value, type);
create unique index indicators_stix_id_key on public.indicators (stix_id);
create index indicators_last_seen_idx on public.indicators (last_seen desc nulls last);
-- Only analysts' rows have an author; imported millions stay out of this index.
create index indicators_created_by_idx on public.indicators (created_by) where created_by is not null;
-- Substring search over names, URLs and e-mail addresses. Addresses and hashes are looked up
-- whole or by prefix (the unique index, byte order): trigrams of them cost more at import than
-- they give (measured: the trigram index is two thirds of an indicator's insert cost). A large
-- pending list lets bulk imports append and merge in bulk instead of updating the tree per row.
create index indicators_value_trgm_idx on public.indicators using gin (value extensions.gin_trgm_ops)
  with (gin_pending_list_limit = 65536) where type in ('domain', 'url', 'email');

create trigger indicators_touch_updated_at before update on public.indicators
  for each row execute function private.touch_updated_at();
create trigger indicators_canonical_from_analysts before insert or update of type, value on public.indicators
  for each row when (new.created_by is not null) execute function private.enforce_canonical_indicator();

alter table public.indicators enable row level security;
grant select on public.indicators to authenticated;
grant insert (type, value, name, description, confidence, tlp, first_seen, last_seen, valid_from, valid_until, labels, kill_chain_phases),
  update (name, description, confidence, tlp, first_seen, last_seen, valid_from, valid_until, revoked, labels, kill_chain_phases),
  delete on public.indicators to authenticated;
grant all on public.indicators to service_role;

create policy "Analysts read indicators up to their TLP" on public.indicators
  for select to authenticated using (tlp <> 'red' or (select private.red_readable_by_caller()));
create policy "Analysts add indicators as themselves" on public.indicators
  for insert to authenticated
  with check (created_by = (select auth.uid()) and (tlp <> 'red' or (select private.red_readable_by_caller())));
create policy "Analysts change the indicators they added" on public.indicators
  for update to authenticated
  using (created_by = (select auth.uid()))
  with check (created_by = (select auth.uid()) and (tlp <> 'red' or (select private.red_readable_by_caller())));
create policy "Admins with MFA remove indicators" on public.indicators
  for delete to authenticated using ((select private.admin_mfa_verified()));
