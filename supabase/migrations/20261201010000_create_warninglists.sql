-- MISP warninglists (github.com/MISP/misp-warninglists, CC0): lists of well-known benign values
-- (public resolvers, special ranges, top domains, known TI false positives). The importer
-- (`intel import --format misp-warninglist`) replaces a list whole each time; each entry is kept in
-- the form its type is looked up by, so a value's lists come from index probes, never a scan of
-- 100,000-entry lists. Public data: every signed-in user reads it, only importers write it.

create type public.warninglist_type as enum ('string', 'substring', 'hostname', 'cidr', 'regex');
comment on type public.warninglist_type is 'How a MISP warninglist matches: exact string, substring, host and its subdomains, CIDR range, regular expression.';

-- MISP attribute types (matching_attributes) → the indicator types they describe; a list with none,
-- or with "ALL", applies to every type (the upstream README).
create function private.warninglist_indicator_types(_attributes text[]) returns public.indicator_type[]
language sql immutable parallel safe set search_path = '' as $$
  select case when coalesce(cardinality(_attributes), 0) = 0 or 'ALL' = any(_attributes)
    then enum_range(null::public.indicator_type)
    else coalesce((
      select array_agg(distinct t order by t) from unnest(_attributes) a, lateral (values
        (case when a in ('ip-src', 'ip-dst', 'ip-src|port', 'ip-dst|port', 'domain|ip') then 'ipv4' end),
        (case when a in ('ip-src', 'ip-dst', 'ip-src|port', 'ip-dst|port', 'domain|ip') then 'ipv6' end),
        (case when a in ('domain', 'hostname', 'domain|ip', 'hostname|port') then 'domain' end),
        (case when a in ('url', 'uri', 'link') then 'url' end),
        (case when a in ('email', 'email-src', 'email-dst', 'email-reply-to', 'target-email', 'whois-registrant-email', 'dns-soa-email') then 'email' end),
        (case when a in ('md5', 'filename|md5', 'malware-sample') then 'md5' end),
        (case when a in ('sha1', 'filename|sha1') then 'sha1' end),
        (case when a in ('sha256', 'filename|sha256') then 'sha256' end),
        (case when a in ('sha512', 'filename|sha512') then 'sha512' end)
      ) m(x), lateral (select x::public.indicator_type as t) c
      where x is not null), '{}')
  end
$$;
comment on function private.warninglist_indicator_types(text[]) is 'The indicator types a warninglist applies to, from its MISP matching_attributes (none or ALL: every type).';
revoke all on function private.warninglist_indicator_types(text[]) from public, anon;
grant execute on function private.warninglist_indicator_types(text[]) to authenticated, service_role;

create table public.warninglists (
  id bigint generated always as identity primary key,
  name text not null unique check (char_length(name) between 1 and 200),
  description text not null default '' check (char_length(description) <= 4000),
  type public.warninglist_type not null,
  version bigint not null,
  category text check (category in ('false_positive', 'known')),
  matching_attributes text[] not null default '{}' check (cardinality(matching_attributes) <= 100),
  indicator_types public.indicator_type[] generated always as (private.warninglist_indicator_types(matching_attributes)) stored,
  source_id uuid references public.sources (id) on delete set null,
  import_run_id bigint references public.import_runs (id) on delete set null,
  entry_count integer not null default 0 check (entry_count >= 0),
  imported_at timestamptz not null default now()
);
comment on table public.warninglists is 'MISP warninglists: well-known values that are likely false positives; a re-import replaces a list whole.';
comment on column public.warninglists.id is 'Warninglist id.';
comment on column public.warninglists.name is 'The list''s name as upstream gives it (unique; what an indicator''s warninglists names).';
comment on column public.warninglists.description is 'What the list holds, from upstream.';
comment on column public.warninglists.type is 'How entries match: string, substring, hostname, cidr or regex.';
comment on column public.warninglists.version is 'Upstream version (an integer, often a date as YYYYMMDD).';
comment on column public.warninglists.category is 'MISP category when the list gives one: false_positive or known.';
comment on column public.warninglists.matching_attributes is 'MISP attribute types the list applies to, as upstream has them.';
comment on column public.warninglists.indicator_types is 'Indicator types the list applies to, derived from matching_attributes.';
comment on column public.warninglists.source_id is 'The source the list was imported under.';
comment on column public.warninglists.import_run_id is 'The import run that last wrote the list.';
comment on column public.warninglists.entry_count is 'Entries kept at the last import.';
comment on column public.warninglists.imported_at is 'When the list was last imported.';
create index warninglists_source_id_idx on public.warninglists (source_id);
create index warninglists_import_run_id_idx on public.warninglists (import_run_id);

create table public.warninglist_entries (
  id bigint generated always as identity primary key,
  warninglist_id bigint not null references public.warninglists (id) on delete cascade,
  kind public.warninglist_type not null,
  value text not null check (char_length(value) between 1 and 1024),
  -- Byte order: exact lookups only, the fastest comparisons.
  key text collate "C" not null check (char_length(key) between 1 and 1100),
  cidr cidr check ((kind = 'cidr') = (cidr is not null))
);
comment on table public.warninglist_entries is 'Entries of the warninglists, each in the form its type is looked up by.';
comment on column public.warninglist_entries.id is 'Entry id.';
comment on column public.warninglist_entries.warninglist_id is 'The list holding the entry.';
comment on column public.warninglist_entries.kind is 'The list''s type, repeated so one index serves each kind of lookup.';
comment on column public.warninglist_entries.value is 'The entry as the list gives it (trimmed).';
comment on column public.warninglist_entries.key is 'Lookup form: string and substring as given (case-sensitive, as MISP matches), hostname lower-case without leading or trailing dots, regex as a PostgreSQL pattern, cidr its network.';
comment on column public.warninglist_entries.cidr is 'A cidr entry''s network, host bits cleared.';
create index warninglist_entries_kind_key_idx on public.warninglist_entries (kind, key) where kind in ('string', 'hostname');
create index warninglist_entries_cidr_idx on public.warninglist_entries using gist (cidr inet_ops) where kind = 'cidr';
create index warninglist_entries_warninglist_id_idx on public.warninglist_entries (warninglist_id);

alter table public.warninglists enable row level security;
alter table public.warninglist_entries enable row level security;
grant select on public.warninglists, public.warninglist_entries to authenticated;
grant all on public.warninglists, public.warninglist_entries to service_role;
create policy "Signed-in users read warninglists" on public.warninglists
  for select to authenticated using (true);
create policy "Signed-in users read warninglist entries" on public.warninglist_entries
  for select to authenticated using (true);

-- The host a value names: a URL's authority host, an e-mail's domain, else the value (MISP's
-- hostname matching reads URLs the same way). Lower-case, without the trailing root dot.
create function private.warninglist_host(_type public.indicator_type, _value text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select rtrim(lower(case _type
    when 'url' then substring(_value from '^[a-zA-Z][a-zA-Z0-9+.-]*://(?:[^/?#@]*@)?(\[[^]]*\]|[^/?#:]+)')
    when 'email' then split_part(_value, '@', 2)
    else _value end), '.')
$$;
comment on function private.warninglist_host(public.indicator_type, text) is 'The host a value names (a URL''s host, an e-mail''s domain, else the value), for hostname warninglists.';
revoke all on function private.warninglist_host(public.indicator_type, text) from public, anon;
grant execute on function private.warninglist_host(public.indicator_type, text) to authenticated, service_role;

-- Regex entries run on PostgreSQL's engine, an automaton that does not backtrack exponentially;
-- the importer refuses what could (back-references, nested quantifiers), and values are bounded
-- by the indicators' own limit (8,192 characters).
create function private.warninglists_holding(_type public.indicator_type, _value text) returns text[]
language sql stable parallel safe set search_path = '' as $$
  select coalesce(array_agg(w.name order by w.name), '{}')
  from public.warninglists w
  where _type = any(w.indicator_types) and w.id in (
    select e.warninglist_id from public.warninglist_entries e
     where e.kind = 'string' and e.key = _value
    union all
    select e.warninglist_id from public.warninglist_entries e
     where e.kind = 'hostname' and e.key in (
       select array_to_string(l.labels[i:], '.')
         from (select string_to_array(private.warninglist_host(_type, _value), '.') as labels) l,
              generate_subscripts(l.labels, 1) i)
    union all
    select e.warninglist_id from public.warninglist_entries e
     where e.kind = 'cidr' and e.cidr >>= (case when _type in ('ipv4', 'ipv6') then _value::inet end)
    union all
    select e.warninglist_id from public.warninglist_entries e
     where e.kind = 'substring' and strpos(_value, e.key) > 0
       and e.warninglist_id in (select id from public.warninglists where type = 'substring' and _type = any(indicator_types))
    union all
    select e.warninglist_id from public.warninglist_entries e
     where e.kind = 'regex' and _value ~ e.key
       and e.warninglist_id in (select id from public.warninglists where type = 'regex' and _type = any(indicator_types))
  )
$$;
comment on function private.warninglists_holding(public.indicator_type, text) is 'Names of the warninglists that hold a value of a type (empty when none): exact strings, a host or a parent domain, an address in a range, substrings, regexes.';
revoke all on function private.warninglists_holding(public.indicator_type, text) from public, anon;
grant execute on function private.warninglists_holding(public.indicator_type, text) to authenticated, service_role;

-- PostgREST computed field: `indicators?select=value,warninglists`.
create function public.warninglists(public.indicators) returns text[]
language sql stable parallel safe set search_path = '' as $$
  select private.warninglists_holding($1.type, $1.value)
$$;
comment on function public.warninglists(public.indicators) is 'The names of the warninglists that hold the indicator''s value (empty when none); a computed field of indicators.';
revoke all on function public.warninglists(public.indicators) from public, anon;
grant execute on function public.warninglists(public.indicators) to authenticated, service_role;
