-- Clearances and TLP:RED audiences (issue 28 §1).
--
-- Who reads a marked row, in one predicate that every policy and checked function repeats:
--   tlp <= (select private.caller_clearance()) and (tlp <> 'red' or private.red_readable(<audience>, <sources>))
-- · the caller's clearance is the highest max_tlp among their groups (CLEAR with no group; the service
--   role: RED), computed once per statement through `(select …)`;
-- · a RED row also needs its audience: the groups it names itself (red_audience, for rows made by
--   hand) or that a source delivering it names (sources.red_audience). Only groups cleared for RED
--   count: membership of an audience group whose max_tlp was lowered grants nothing. The RED branch
--   runs only for RED rows, after the cheap comparison, so rows below RED cost one comparison.
-- · administrators are not implicitly in any audience. There is no break-glass in the database: an
--   administrator who must read RED adds themselves to an audience group, which is audited.

create function private.caller_clearance() returns public.tlp_level
language sql stable security definer set search_path = '' as $$
  select case
    when (select auth.jwt()) ->> 'role' = 'service_role' then 'red'::public.tlp_level
    else coalesce((select max(g.max_tlp) from public.group_members m join public.groups g on g.id = m.group_id
                    where m.user_id = (select auth.uid())), 'clear')
  end
$$;
comment on function private.caller_clearance() is
  'The most restrictive TLP the caller may read: the highest max_tlp of their groups (CLEAR without a group; the service role: RED). RED rows also need their audience (private.red_readable).';
revoke all on function private.caller_clearance() from public, anon;
grant execute on function private.caller_clearance() to authenticated, service_role;

create function private.caller_red_groups() returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(g.id), '{}') from public.group_members m join public.groups g on g.id = m.group_id
   where m.user_id = (select auth.uid()) and g.max_tlp = 'red'
$$;
comment on function private.caller_red_groups() is 'The caller''s groups cleared for TLP:RED (the only ones an audience counts).';
revoke all on function private.caller_red_groups() from public, anon;
grant execute on function private.caller_red_groups() to authenticated, service_role;

create function private.in_red_audience(_audience uuid[]) returns boolean
language sql stable security definer set search_path = '' as $$
  select (select auth.jwt()) ->> 'role' = 'service_role'
      or coalesce(_audience && (select private.caller_red_groups()), false)
$$;
comment on function private.in_red_audience(uuid[]) is 'Whether the caller belongs to one of these groups (cleared for RED); the service role always.';
revoke all on function private.in_red_audience(uuid[]) from public, anon;
grant execute on function private.in_red_audience(uuid[]) to authenticated, service_role;

alter table public.sources add column red_audience uuid[] not null default '{}'
  check (cardinality(red_audience) <= 50);
comment on column public.sources.red_audience is 'Groups (cleared for TLP:RED) whose members read this source''s TLP:RED reports; nobody else does, administrators included.';

-- A RED row's audience: its own groups, or those of any source that delivered it.
create function private.red_readable(_audience uuid[], _source_ids uuid[]) returns boolean
language sql stable security definer set search_path = '' as $$
  select private.in_red_audience(_audience)
      or exists (select 1 from public.sources s
                  where s.id = any (_source_ids) and s.red_audience && (select private.caller_red_groups()))
$$;
comment on function private.red_readable(uuid[], uuid[]) is
  'Whether the caller is in a TLP:RED row''s audience: its own groups or those of one of its sources (the service role always).';
revoke all on function private.red_readable(uuid[], uuid[]) from public, anon;
grant execute on function private.red_readable(uuid[], uuid[]) to authenticated, service_role;

-- The one predicate, for checked functions that read past RLS (policies spell it out so that the
-- clearance is computed once per statement).
create function private.tlp_readable(_tlp public.tlp_level, _audience uuid[], _source_ids uuid[]) returns boolean
language sql stable security definer set search_path = '' as $$
  select _tlp <= private.caller_clearance() and (_tlp <> 'red' or private.red_readable(_audience, _source_ids))
$$;
comment on function private.tlp_readable(public.tlp_level, uuid[], uuid[]) is
  'Whether the caller reads a row of this TLP, own RED audience and sources: TLP up to their clearance, RED only in its audience.';
revoke all on function private.tlp_readable(public.tlp_level, uuid[], uuid[]) from public, anon;
grant execute on function private.tlp_readable(public.tlp_level, uuid[], uuid[]) to authenticated, service_role;

-- Rows made by hand name their audience.
alter table public.indicators add column red_audience uuid[] not null default '{}' check (cardinality(red_audience) <= 50);
comment on column public.indicators.red_audience is 'For a TLP:RED indicator made by hand: the groups whose members read it (besides the audiences of its RED reports'' sources).';
alter table public.intel_objects add column red_audience uuid[] not null default '{}' check (cardinality(red_audience) <= 50);
comment on column public.intel_objects.red_audience is 'For a TLP:RED object made by hand: the groups whose members read it (besides the audiences of its sources).';
alter table public.relationships add column red_audience uuid[] not null default '{}' check (cardinality(red_audience) <= 50);
comment on column public.relationships.red_audience is 'For a TLP:RED relationship made by hand: the groups whose members read it (besides the audiences of its sources).';
alter table public.sightings add column red_audience uuid[] not null default '{}' check (cardinality(red_audience) <= 50);
comment on column public.sightings.red_audience is 'For a TLP:RED sighting: the groups whose members read it (besides the audiences of its sources).';
alter table public.vulnerabilities add column red_audience uuid[] not null default '{}' check (cardinality(red_audience) <= 50);
comment on column public.vulnerabilities.red_audience is 'For a TLP:RED vulnerability: the groups whose members read it (it has no sources).';
grant insert (red_audience), update (red_audience) on public.indicators, public.intel_objects to authenticated;
grant insert (red_audience) on public.relationships to authenticated;

-- An indicator's TLP is the least restrictive of its reports, so a RED indicator's reports are all
-- RED: its audience is its own plus its reports' sources'.
create function private.indicator_red_readable(_indicator_id bigint, _audience uuid[]) returns boolean
language sql stable security definer set search_path = '' as $$
  select private.in_red_audience(_audience)
      or exists (select 1 from public.indicator_sources r join public.sources s on s.id = r.source_id
                  where r.indicator_id = _indicator_id and r.tlp = 'red'
                    and s.red_audience && (select private.caller_red_groups()))
$$;
comment on function private.indicator_red_readable(bigint, uuid[]) is
  'Whether the caller is in a TLP:RED indicator''s audience: its own groups or those of the sources of its RED reports.';
revoke all on function private.indicator_red_readable(bigint, uuid[]) from public, anon;
grant execute on function private.indicator_red_readable(bigint, uuid[]) to authenticated, service_role;

-- An audience names existing groups cleared for RED; a RED row made by hand without a source names one.
create function private.check_red_audience() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  _bad text;
  _sourced boolean;
begin
  select string_agg(coalesce(g.name || ' (cleared up to ' || g.max_tlp || ')', a::text), ', ') into _bad
    from unnest(new.red_audience) a left join public.groups g on g.id = a
   where g.id is null or g.max_tlp <> 'red';
  if _bad is not null then
    raise exception 'A TLP:RED audience names only groups cleared for TLP:RED; not: %.', left(_bad, 300)
      using errcode = '23514';
  end if;
  if tg_table_name not in ('indicators', 'intel_objects', 'relationships') then
    return new;
  end if;
  -- Callers not cleared for RED are refused by the policies (42501), not here.
  if new.tlp <> 'red' or cardinality(new.red_audience) > 0 or new.created_by is null
     or private.caller_clearance() < 'red' then
    return new;
  end if;
  if tg_table_name = 'indicators' then
    _sourced := exists (select 1 from public.indicator_sources r where r.indicator_id = new.id);
  else
    _sourced := cardinality(new.source_ids) > 0;
  end if;
  if not _sourced then
    raise exception 'A TLP:RED % made by hand needs its audience: name at least one group cleared for TLP:RED.',
      case tg_table_name when 'indicators' then 'indicator' when 'intel_objects' then 'object' else 'relationship' end
      using errcode = '23514';
  end if;
  return new;
end
$$;
comment on function private.check_red_audience() is
  'Trigger: a red_audience names existing groups cleared for RED, and a TLP:RED row made by hand without a source names at least one.';
revoke all on function private.check_red_audience() from public, anon, authenticated;

create trigger sources_check_red_audience before insert or update of red_audience on public.sources
  for each row when (cardinality(new.red_audience) > 0) execute function private.check_red_audience();
create trigger sightings_check_red_audience before insert or update of red_audience on public.sightings
  for each row when (cardinality(new.red_audience) > 0) execute function private.check_red_audience();
create trigger vulnerabilities_check_red_audience before insert or update of red_audience on public.vulnerabilities
  for each row when (cardinality(new.red_audience) > 0) execute function private.check_red_audience();
create trigger indicators_check_red_audience before insert or update of tlp, red_audience on public.indicators
  for each row when (new.tlp = 'red' or cardinality(new.red_audience) > 0) execute function private.check_red_audience();
create trigger intel_objects_check_red_audience before insert or update of tlp, red_audience on public.intel_objects
  for each row when (new.tlp = 'red' or cardinality(new.red_audience) > 0) execute function private.check_red_audience();
create trigger relationships_check_red_audience before insert or update of tlp, red_audience on public.relationships
  for each row when (new.tlp = 'red' or cardinality(new.red_audience) > 0) execute function private.check_red_audience();
