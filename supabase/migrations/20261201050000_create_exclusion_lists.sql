-- Exclusion lists: the organisation's own warninglists. Values, networks and domains (with their
-- subdomains) that analysts and administrators know to be benign here: the company's own ranges,
-- a partner's mail relay, a value an analyst judged a false positive. Like a warninglist, a held
-- value is kept and flagged, never dropped: telemetry hits on it raise no alert (the sighting says
-- which list) and exports for security controls leave it out.
--
-- Who may do what (the server enforces it; the app only offers it):
--   * every signed-in user reads the lists and their entries (a value's lists show on every page);
--   * administrators with verified MFA create, rename and delete lists;
--   * analysts and administrators add entries, each with a reason (the false-positive workflow
--     offers it in the alert), and remove their own; administrators remove any;
--   * every change is in the audit trail (row triggers), the author is kept on the entry.
-- Writes go through checked functions so that a value is stored in the form it is looked up by.

create type public.exclusion_kind as enum ('value', 'cidr', 'domain');
comment on type public.exclusion_kind is 'How an exclusion entry matches: an exact value, a network (addresses and ranges inside it), a domain with its subdomains (also the host of URLs and e-mail addresses).';

create table public.exclusion_lists (
  id bigint generated always as identity primary key,
  name text not null unique check (char_length(btrim(name)) between 1 and 200 and name = btrim(name)),
  description text not null default '' check (char_length(description) <= 2000),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.exclusion_lists is 'The organisation''s own lists of benign values; a held value raises no telemetry alert and leaves exports for controls. Administrators manage lists (audited).';
comment on column public.exclusion_lists.id is 'List id.';
comment on column public.exclusion_lists.name is 'Name shown wherever a value is held ("on exclusion list <name>").';
comment on column public.exclusion_lists.description is 'What belongs on the list.';
comment on column public.exclusion_lists.created_by is 'The administrator who created it (null: a migration or script).';
comment on column public.exclusion_lists.created_at is 'When it was created.';
comment on column public.exclusion_lists.updated_at is 'Last rename or description change.';
create index exclusion_lists_created_by_idx on public.exclusion_lists (created_by);

create table public.exclusion_entries (
  id bigint generated always as identity primary key,
  list_id bigint not null references public.exclusion_lists (id) on delete cascade,
  kind public.exclusion_kind not null,
  -- Null: any type holding this exact value. Only value entries name a type.
  indicator_type public.indicator_type check (indicator_type is null or kind = 'value'),
  value text not null check (char_length(value) between 1 and 8192),
  -- Byte order: exact lookups only.
  key text collate "C" not null check (char_length(key) between 1 and 8192),
  cidr cidr check ((kind = 'cidr') = (cidr is not null)),
  reason text not null check (char_length(btrim(reason)) between 1 and 500),
  added_by uuid references auth.users (id) on delete set null,
  added_by_email text,
  added_at timestamptz not null default now(),
  -- Set when the entry came from dismissing an alert as a false positive.
  alert_id uuid references public.enhanced_security_alerts (id) on delete set null,
  unique (list_id, kind, key)
);
comment on table public.exclusion_entries is 'Entries of the exclusion lists, each with its reason and author; written through add_exclusion and remove_exclusion (audited).';
comment on column public.exclusion_entries.id is 'Entry id.';
comment on column public.exclusion_entries.list_id is 'The list holding the entry.';
comment on column public.exclusion_entries.kind is 'value (exact), cidr (a network and everything inside it) or domain (the domain and its subdomains).';
comment on column public.exclusion_entries.indicator_type is 'For a value entry, the indicator type it applies to (null: any type).';
comment on column public.exclusion_entries.value is 'The entry in canonical form (a network with host bits cleared, a domain lower-case).';
comment on column public.exclusion_entries.key is 'Lookup form: the value itself, or the domain lower-case without dots at either end.';
comment on column public.exclusion_entries.cidr is 'A cidr entry''s network.';
comment on column public.exclusion_entries.reason is 'Why the value is benign here (1-500 characters).';
comment on column public.exclusion_entries.added_by is 'Who added it.';
comment on column public.exclusion_entries.added_by_email is 'Their e-mail when they added it (kept if the account goes).';
comment on column public.exclusion_entries.added_at is 'When it was added.';
comment on column public.exclusion_entries.alert_id is 'The alert whose false-positive dismissal led to it, if any.';
create index exclusion_entries_kind_key_idx on public.exclusion_entries (kind, key) where kind in ('value', 'domain');
create index exclusion_entries_cidr_idx on public.exclusion_entries using gist (cidr inet_ops) where kind = 'cidr';
create index exclusion_entries_added_by_idx on public.exclusion_entries (added_by);
create index exclusion_entries_alert_id_idx on public.exclusion_entries (alert_id);

create trigger exclusion_lists_touch_updated_at before update on public.exclusion_lists
  for each row execute function private.touch_updated_at();
create trigger exclusion_lists_audited
  after insert or update or delete on public.exclusion_lists
  for each row execute function private.audit_row_change('exclusion_list', 'id');
create trigger exclusion_entries_audited
  after insert or update or delete on public.exclusion_entries
  for each row execute function private.audit_row_change('exclusion_entry', 'id');

alter table public.exclusion_lists enable row level security;
alter table public.exclusion_entries enable row level security;
revoke all on table public.exclusion_lists, public.exclusion_entries from public, anon, authenticated, service_role;
grant select on table public.exclusion_lists, public.exclusion_entries to authenticated;
grant all on table public.exclusion_lists, public.exclusion_entries to service_role;
create policy "Signed-in users read exclusion lists" on public.exclusion_lists
  for select to authenticated using (true);
create policy "Signed-in users read exclusion entries" on public.exclusion_entries
  for select to authenticated using (true);

-- A fresh install has one list, so that an analyst dismissing a false positive has somewhere to
-- put the value without waiting for an administrator.
insert into public.exclusion_lists (name, description) values
  ('Local exclusions', 'Values known to be benign in this organisation: its own networks and domains, partners'' services, false positives confirmed in triage.');

-- The network an address or range indicator names; null for other types, and for an address that
-- does not parse (it can sit in no network). Only addresses pay for the exception block, which
-- opens a subtransaction, which no process of a parallel query may start (the leader neither):
-- parallel unsafe, like every function that calls it. They serve pages and matched indicators,
-- never scans that parallelism would speed up.
create function private.network_of(_type public.indicator_type, _value text) returns inet
language plpgsql immutable parallel unsafe set search_path = '' as $$
begin
  if _type not in ('ipv4', 'ipv6', 'ipv4-cidr', 'ipv6-cidr') then
    return null;
  end if;
  return _value::inet;
exception when invalid_text_representation then
  return null;
end
$$;
comment on function private.network_of(public.indicator_type, text) is 'The inet an address or range indicator names (null for other types or an unparsable value).';
revoke all on function private.network_of(public.indicator_type, text) from public, anon;
grant execute on function private.network_of(public.indicator_type, text) to authenticated, service_role;

-- The lists holding a value of a type (empty when none): exact values, a host or a parent domain,
-- an address or range inside a network. Index probes only, whatever the lists' size.
create function private.exclusions_holding(_type public.indicator_type, _value text) returns text[]
language plpgsql stable parallel unsafe set search_path = '' as $$
declare
  _network inet := private.network_of(_type, _value);
  _host text := case when _type in ('domain', 'url', 'email') then private.warninglist_host(_type, _value) end;
begin
  return (
    select coalesce(array_agg(l.name order by l.name), '{}')
      from public.exclusion_lists l
     where l.id in (
       select e.list_id from public.exclusion_entries e
        where e.kind = 'value' and e.key = _value and (e.indicator_type is null or e.indicator_type = _type)
       union all
       select e.list_id from public.exclusion_entries e
        where e.kind = 'cidr' and _network is not null and e.cidr >>= _network
       union all
       select e.list_id from public.exclusion_entries e
        where e.kind = 'domain' and _host is not null and e.key in (
          select array_to_string(l.labels[i:], '.')
            from (select string_to_array(_host, '.') as labels) l, generate_subscripts(l.labels, 1) i)));
end
$$;
comment on function private.exclusions_holding(public.indicator_type, text) is 'Names of the exclusion lists that hold a value of a type (empty when none): the exact value, an address or range inside a listed network, a host under a listed domain.';
revoke all on function private.exclusions_holding(public.indicator_type, text) from public, anon;
grant execute on function private.exclusions_holding(public.indicator_type, text) to authenticated, service_role;

-- PostgREST computed field: `indicators?select=value,exclusions`.
create function public.exclusions(public.indicators) returns text[]
language plpgsql stable parallel unsafe set search_path = '' as $$
begin
  return private.exclusions_holding($1.type, $1.value);
end
$$;
comment on function public.exclusions(public.indicators) is 'The names of the exclusion lists that hold the indicator''s value (empty when none); a computed field of indicators.';
revoke all on function public.exclusions(public.indicators) from public, anon;
grant execute on function public.exclusions(public.indicators) to authenticated, service_role;

-- Lists: administrators with verified MFA.
create function public.create_exclusion_list(_name text, _description text default '')
returns public.exclusion_lists
language plpgsql volatile security definer set search_path = '' as $$
declare
  _list public.exclusion_lists;
begin
  perform private.require_admin_mfa();
  if nullif(btrim(coalesce(_name, '')), '') is null or char_length(btrim(_name)) > 200 then
    raise exception 'A list needs a name of 1 to 200 characters.' using errcode = '22023';
  end if;
  if char_length(coalesce(_description, '')) > 2000 then
    raise exception 'A list''s description has at most 2,000 characters.' using errcode = '22023';
  end if;
  if exists (select 1 from public.exclusion_lists l where lower(l.name) = lower(btrim(_name))) then
    raise exception 'There is already an exclusion list named "%".', btrim(_name) using errcode = '23505';
  end if;
  insert into public.exclusion_lists (name, description, created_by)
  values (btrim(_name), coalesce(_description, ''), (select auth.uid()))
  returning * into _list;
  return _list;
end
$$;
comment on function public.create_exclusion_list(text, text) is 'Creates an exclusion list (admins with verified MFA; audited). 22023 for a missing or long name, 23505 for a taken one.';
revoke all on function public.create_exclusion_list(text, text) from public, anon;
grant execute on function public.create_exclusion_list(text, text) to authenticated, service_role;

create function public.update_exclusion_list(_id bigint, _name text, _description text)
returns public.exclusion_lists
language plpgsql volatile security definer set search_path = '' as $$
declare
  _list public.exclusion_lists;
begin
  perform private.require_admin_mfa();
  if nullif(btrim(coalesce(_name, '')), '') is null or char_length(btrim(_name)) > 200 then
    raise exception 'A list needs a name of 1 to 200 characters.' using errcode = '22023';
  end if;
  if char_length(coalesce(_description, '')) > 2000 then
    raise exception 'A list''s description has at most 2,000 characters.' using errcode = '22023';
  end if;
  if exists (select 1 from public.exclusion_lists l where lower(l.name) = lower(btrim(_name)) and l.id <> _id) then
    raise exception 'There is already an exclusion list named "%".', btrim(_name) using errcode = '23505';
  end if;
  update public.exclusion_lists l set name = btrim(_name), description = coalesce(_description, '')
   where l.id = _id returning * into _list;
  if not found then
    raise exception 'No exclusion list %.', _id using errcode = '22023';
  end if;
  return _list;
end
$$;
comment on function public.update_exclusion_list(bigint, text, text) is 'Renames an exclusion list or changes its description (admins with verified MFA; audited).';
revoke all on function public.update_exclusion_list(bigint, text, text) from public, anon;
grant execute on function public.update_exclusion_list(bigint, text, text) to authenticated, service_role;

create function public.delete_exclusion_list(_id bigint) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.require_admin_mfa();
  delete from public.exclusion_lists l where l.id = _id;
  if not found then
    raise exception 'No exclusion list %.', _id using errcode = '22023';
  end if;
end
$$;
comment on function public.delete_exclusion_list(bigint) is 'Deletes an exclusion list and its entries (admins with verified MFA; each deletion audited). Held values alert again at once.';
revoke all on function public.delete_exclusion_list(bigint) from public, anon;
grant execute on function public.delete_exclusion_list(bigint) to authenticated, service_role;

-- Entries: analysts and administrators, each entry with its reason.
create function public.add_exclusion(
  _list_id bigint, _kind public.exclusion_kind, _value text, _reason text,
  _indicator_type public.indicator_type default null, _alert_id uuid default null
) returns table (id bigint, kind public.exclusion_kind, value text, note text)
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_column
declare
  _given text := btrim(coalesce(_value, ''));
  _canonical text;
  _network inet;
  _widest integer;
  _note text;
  _entry_id bigint;
begin
  -- Every signed-in user is an analyst (roles migration); the service role for scripts.
  if (select auth.uid()) is null and coalesce((select auth.jwt()) ->> 'role', '') <> 'service_role' then
    raise exception 'Only analysts and administrators add exclusions.' using errcode = '42501';
  end if;
  if not exists (select 1 from public.exclusion_lists l where l.id = _list_id) then
    raise exception 'No exclusion list %.', _list_id using errcode = '22023';
  end if;
  if nullif(btrim(coalesce(_reason, '')), '') is null or char_length(btrim(_reason)) > 500 then
    raise exception 'An exclusion needs a reason of 1 to 500 characters.' using errcode = '22023';
  end if;
  if _given = '' or char_length(_given) > 8192 then
    raise exception 'An exclusion needs a value of 1 to 8,192 characters.' using errcode = '22023';
  end if;
  if _indicator_type is not null and _kind <> 'value' then
    raise exception 'Only an exact value names an indicator type.' using errcode = '22023';
  end if;
  case _kind
    when 'cidr' then
      begin
        _network := _given::inet;
      exception when invalid_text_representation then
        raise exception '"%" is not an IP address or network.', left(_given, 100) using errcode = '22023';
      end;
      _widest := (case family(_network) when 4 then 8 else 16 end);
      if masklen(_network) < _widest then
        raise exception 'A network wider than /% would exclude too much: %.', _widest, _given using errcode = '22023';
      end if;
      _canonical := network(_network)::text;
      if _canonical <> _given and network(_network) <> _network then
        _note := format('Host bits cleared: %s is stored as %s.', _given, _canonical);
      end if;
    when 'domain' then
      _canonical := btrim(lower(_given), '.');
      if _canonical !~ '^[a-z0-9_-]+(\.[a-z0-9_-]+)*$' or char_length(_canonical) > 253 then
        raise exception '"%" is not a domain (letters, digits, hyphens and dots; no scheme or path).', left(_given, 100)
          using errcode = '22023';
      end if;
    else
      _canonical := _given;
      if _indicator_type is not null and not private.indicator_value_is_canonical(_indicator_type, _canonical) then
        raise exception '"%" is not a % value in canonical form.', left(_given, 100), _indicator_type using errcode = '22023';
      end if;
  end case;
  insert into public.exclusion_entries as e
    (list_id, kind, indicator_type, value, key, cidr, reason, added_by, added_by_email, alert_id)
  values (_list_id, _kind, _indicator_type, _canonical, _canonical,
          case when _kind = 'cidr' then network(_network)::cidr end, btrim(_reason), (select auth.uid()),
          (select u.email from auth.users u where u.id = (select auth.uid())), _alert_id)
  on conflict (list_id, kind, key) do nothing
  returning e.id into _entry_id;
  if _entry_id is null then
    raise exception 'The list already holds %.', _canonical using errcode = '23505';
  end if;
  return query select _entry_id, _kind, _canonical, _note;
end
$$;
comment on function public.add_exclusion(bigint, public.exclusion_kind, text, text, public.indicator_type, uuid) is
  'Adds a value (exact, optionally for one indicator type), a network (host bits cleared and said so in note; no wider than /8 or /16) or a domain with its subdomains to an exclusion list with a reason; analysts and admins; audited. Takes effect at once for matching and exports.';
revoke all on function public.add_exclusion(bigint, public.exclusion_kind, text, text, public.indicator_type, uuid) from public, anon;
grant execute on function public.add_exclusion(bigint, public.exclusion_kind, text, text, public.indicator_type, uuid) to authenticated, service_role;

create function public.remove_exclusion(_id bigint) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  _entry public.exclusion_entries;
begin
  select * into _entry from public.exclusion_entries e where e.id = _id;
  if not found then
    raise exception 'No exclusion entry %.', _id using errcode = '22023';
  end if;
  -- An entry without an author (added by a script, or its author's account deleted) is an
  -- administrator's to remove; the service role is the scripts themselves.
  if not (private.admin_mfa_verified()
          or coalesce(_entry.added_by = (select auth.uid()), false)
          or ((select auth.uid()) is null and coalesce((select auth.jwt()) ->> 'role', '') = 'service_role')) then
    raise exception 'Only the analyst who added an exclusion, or an administrator, removes it.' using errcode = '42501';
  end if;
  delete from public.exclusion_entries e where e.id = _id;
end
$$;
comment on function public.remove_exclusion(bigint) is 'Removes an exclusion entry (its author, an admin with verified MFA, or the service role; audited). The value alerts again at once. 22023 for an unknown entry.';
revoke all on function public.remove_exclusion(bigint) from public, anon;
grant execute on function public.remove_exclusion(bigint) to authenticated, service_role;
