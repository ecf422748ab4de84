-- Indicator lifecycle, part 4: a value on a warninglist or an exclusion list raises no telemetry
-- alert. Its sighting is still recorded and says which list ("on warninglist List of known IPv4
-- public DNS resolvers"). The lists are looked up when the batch is judged, once per matched
-- indicator and sensor, so a list change takes effect with the next batch (no job to wait for), and
-- events that match no indicator cost nothing more.

-- A list acts only while enabled. Broad lists (cloud providers' and VPN ranges, hosting) hold real
-- C2 servers too: an administrator switches such a list off and it stops flagging and suppressing at
-- once, while staying imported (a re-import keeps the switch). Imported lists start enabled.
alter table public.warninglists add column enabled boolean not null default true;
comment on column public.warninglists.enabled is 'Whether the list flags and suppresses values (an administrator switches broad lists off; a re-import keeps the choice).';

create function public.set_warninglist_enabled(_id bigint, _enabled boolean) returns public.warninglists
language plpgsql volatile security definer set search_path = '' as $$
declare
  _list public.warninglists;
begin
  perform private.require_admin_mfa();
  update public.warninglists w set enabled = coalesce(_enabled, w.enabled) where w.id = _id returning * into _list;
  if not found then
    raise exception 'No warninglist %.', _id using errcode = '22023';
  end if;
  perform private.record_audit(case when _list.enabled then 'warninglist.enabled' else 'warninglist.disabled' end,
    'warninglist', _id::text, jsonb_build_object('name', _list.name));
  return _list;
end
$$;
comment on function public.set_warninglist_enabled(bigint, boolean) is
  'Switches a warninglist on or off for flagging and suppression (admins with verified MFA; audited). Takes effect with the next telemetry batch.';
revoke all on function public.set_warninglist_enabled(bigint, boolean) from public, anon;
grant execute on function public.set_warninglist_enabled(bigint, boolean) to authenticated, service_role;

-- Address ranges (ipv4-cidr, ipv6-cidr) are held by a warninglist network that contains them, under
-- the lists for addresses (MISP's ip-src and ip-dst hold ranges as well as addresses).
create or replace function private.warninglists_holding(_type public.indicator_type, _value text) returns text[]
language plpgsql stable parallel unsafe set search_path = '' set max_parallel_workers_per_gather = 0 as $$
declare
  _list_type public.indicator_type := case _type when 'ipv4-cidr' then 'ipv4' when 'ipv6-cidr' then 'ipv6' else _type end;
  -- The kinds of the enabled lists for this type: a hash meets only string lists, so its lookup
  -- skips the host, network, substring and regex probes (a third of the time with all 136 lists).
  _kinds public.warninglist_type[] := array(
    select distinct w.type from public.warninglists w where w.enabled and _list_type = any(w.indicator_types));
  _network inet;
begin
  if cardinality(_kinds) = 0 then
    return '{}';
  end if;
  if 'cidr' = any(_kinds) then
    _network := private.network_of(_type, _value);
  end if;
  return (
    select coalesce(array_agg(w.name order by w.name), '{}')
    from public.warninglists w
    where w.enabled and _list_type = any(w.indicator_types) and w.id in (
      select e.warninglist_id from public.warninglist_entries e
       where 'string' = any(_kinds) and e.kind = 'string' and e.key = _value
      union all
      select e.warninglist_id from public.warninglist_entries e
       where 'hostname' = any(_kinds) and e.kind = 'hostname' and e.key in (
         select array_to_string(l.labels[i:], '.')
           from (select string_to_array(private.warninglist_host(_type, _value), '.') as labels) l,
                generate_subscripts(l.labels, 1) i)
      union all
      select e.warninglist_id from public.warninglist_entries e
       where _network is not null and e.kind = 'cidr' and e.cidr >>= _network
      union all
      -- An entry can only be inside the value if its first (up to) three characters are: probe the
      -- index with the value's 1- to 3-character windows, test only the entries found (20261201010200).
      select e.warninglist_id from public.warninglist_entries e
       where 'substring' = any(_kinds) and e.kind = 'substring'
         and left(e.key, 3) = any(array(
           select substr(_value, p, n) from generate_series(1, char_length(_value)) p, generate_series(1, 3) n))
         and strpos(_value, e.key) > 0
      union all
      select e.warninglist_id from public.warninglist_entries e
       where 'regex' = any(_kinds) and e.kind = 'regex' and _value ~ e.key
         and e.warninglist_id in (select id from public.warninglists where type = 'regex' and _list_type = any(indicator_types))
    ));
end
$$;

-- The computed field calls it: parallel unsafe with it (private.network_of's exception block).
alter function public.warninglists(public.indicators) parallel unsafe;

-- Why a value raises no alert because a list holds it: "on warninglist <name>", "on exclusion list
-- <name>", naming how many more lists hold it; null when none does. Exports for security controls
-- use it too.
create function private.listed_reason(_type public.indicator_type, _value text) returns text
language plpgsql stable parallel unsafe set search_path = '' as $$
declare
  _warninglists text[] := private.warninglists_holding(_type, _value);
  _exclusions text[] := private.exclusions_holding(_type, _value);
  _reason text;
  _others integer;
begin
  if cardinality(_exclusions) > 0 then
    _reason := 'on exclusion list ' || _exclusions[1];
    _others := cardinality(_exclusions) - 1 + cardinality(_warninglists);
  elsif cardinality(_warninglists) > 0 then
    _reason := 'on warninglist ' || _warninglists[1];
    _others := cardinality(_warninglists) - 1;
  else
    return null;
  end if;
  if _others > 0 then
    _reason := left(_reason, 170) || format(' (and %s more)', _others);
  end if;
  return left(_reason, 200);
end
$$;
comment on function private.listed_reason(public.indicator_type, text) is
  'Why a value is held back by a list: "on exclusion list <name>" before "on warninglist <name>", with how many more lists hold it; null when no list does.';
revoke all on function private.listed_reason(public.indicator_type, text) from public, anon;
grant execute on function private.listed_reason(public.indicator_type, text) to authenticated, service_role;

create or replace function private.telemetry_suppression(_indicator public.indicators, _rule public.detection_rules)
returns text
language plpgsql stable set search_path = '' as $$
declare
  _state public.indicator_lifecycle_state;
  _listed text;
begin
  if not _rule.enabled then
    return 'rule switched off';
  end if;
  _state := (private.indicator_lifecycle(_indicator)).state;
  if _state <> 'active' then
    return _state::text;
  end if;
  _listed := private.listed_reason(_indicator.type, _indicator.value);
  if _listed is not null then
    return _listed;
  end if;
  if _indicator.tlp > _rule.max_tlp then
    return 'marking above the rule';
  end if;
  if coalesce(_indicator.confidence, 0) < _rule.min_confidence then
    return 'confidence below the rule';
  end if;
  return null;
end
$$;
comment on function private.telemetry_suppression(public.indicators, public.detection_rules) is
  'Why a telemetry hit on an indicator raises no alert (rule switched off, revoked, expired, decayed, on a warninglist or exclusion list, marking above the rule, confidence below the rule); null when it may alert.';

-- Whether an indicator may go to a security control now: active (not revoked, expired or decayed)
-- and held by no warninglist or exclusion list. For exports to firewalls, proxies and sensors.
create function private.indicator_actionable(_indicator public.indicators) returns boolean
language plpgsql stable set search_path = '' as $$
begin
  return (private.indicator_lifecycle(_indicator)).state = 'active'
     and private.listed_reason(_indicator.type, _indicator.value) is null;
end
$$;
comment on function private.indicator_actionable(public.indicators) is
  'Whether an indicator may be pushed to security controls: active and on no warninglist or exclusion list.';
revoke all on function private.indicator_actionable(public.indicators) from public, anon;
grant execute on function private.indicator_actionable(public.indicators) to authenticated, service_role;
