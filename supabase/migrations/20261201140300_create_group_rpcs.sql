-- Checked functions for groups (issue 28 §1): administrators with a verified second factor create,
-- change and delete groups and add and remove members; each change is one audit row. Removing a
-- user's last group cleared for TLP:RED (or lowering such a group) answers a warning naming who
-- no longer reads RED. Groups decide reading only, so no change here can lock administrators out.

create function private.group_tlp(_max_tlp text) returns public.tlp_level
language plpgsql immutable set search_path = '' as $$
begin
  if _max_tlp is null or _max_tlp not in ('clear', 'green', 'amber', 'amber+strict', 'red') then
    raise exception 'Unknown TLP level "%": use clear, green, amber, amber+strict or red.', left(_max_tlp, 50)
      using errcode = '22023';
  end if;
  return _max_tlp::public.tlp_level;
end
$$;
comment on function private.group_tlp(text) is 'A group''s TLP ceiling from text; 22023 in words for anything else.';
revoke all on function private.group_tlp(text) from public, anon, authenticated;

create function private.group_name(_name text, _except uuid) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  _clean text := btrim(coalesce(_name, ''));
begin
  if char_length(_clean) not between 1 and 100 then
    raise exception 'A group needs a name of 1 to 100 characters.' using errcode = '22023';
  end if;
  if exists (select 1 from public.groups g where lower(g.name) = lower(_clean) and g.id is distinct from _except) then
    raise exception 'There is already a group named "%".', _clean using errcode = '23505';
  end if;
  return _clean;
end
$$;
comment on function private.group_name(text, uuid) is 'A group name trimmed and checked (1-100 characters, unique ignoring case).';
revoke all on function private.group_name(text, uuid) from public, anon, authenticated;

-- Members of _group_id who read RED through no other group.
create function private.losing_red(_group_id uuid, _user_ids uuid[]) returns text[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(coalesce(u.email, u.id::text) order by u.email), '{}')
    from auth.users u
   where u.id = any (_user_ids)
     and not exists (select 1 from public.group_members m join public.groups g on g.id = m.group_id
                      where m.user_id = u.id and m.group_id <> _group_id and g.max_tlp = 'red')
$$;
comment on function private.losing_red(uuid, uuid[]) is 'Which of these users read TLP:RED through no group but _group_id.';
revoke all on function private.losing_red(uuid, uuid[]) from public, anon, authenticated;

create function private.red_warning(_who text[], _group text) returns text
language sql immutable set search_path = '' as $$
  select case when cardinality(_who) > 0 then
    format('%s no longer %s TLP:RED: "%s" was their last group cleared for it.',
           array_to_string(_who[1:5], ', ') || case when cardinality(_who) > 5 then format(' and %s more', cardinality(_who) - 5) else '' end,
           case when cardinality(_who) = 1 then 'reads' else 'read' end, _group)
  end
$$;
comment on function private.red_warning(text[], text) is 'The warning for users who lose TLP:RED, or null.';
revoke all on function private.red_warning(text[], text) from public, anon, authenticated;

create function public.create_group(_name text, _max_tlp text default 'amber+strict', _description text default '')
returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  _group public.groups;
begin
  perform private.require_user_admin();
  if char_length(coalesce(_description, '')) > 1000 then
    raise exception 'A description has at most 1,000 characters.' using errcode = '22023';
  end if;
  insert into public.groups (name, max_tlp, description, created_by)
  values (private.group_name(_name, null), private.group_tlp(_max_tlp), coalesce(_description, ''), (select auth.uid()))
  returning * into _group;
  perform private.record_audit('group.created', 'group', _group.id::text,
    jsonb_build_object('name', _group.name, 'max_tlp', _group.max_tlp, 'description', _group.description));
  return _group.id;
end
$$;
comment on function public.create_group(text, text, text) is
  'Creates a group with its TLP ceiling (admins with verified MFA; audited). 22023 for a bad name or TLP, 23505 for a taken name.';
revoke all on function public.create_group(text, text, text) from public, anon;
grant execute on function public.create_group(text, text, text) to authenticated;

create function public.update_group(_id uuid, _name text, _max_tlp text, _description text default '')
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  _old public.groups;
  _new public.groups;
  _lost text[] := '{}';
begin
  perform private.require_user_admin();
  select * into _old from public.groups g where g.id = _id for update;
  if not found then
    raise exception 'No group %.', _id using errcode = '22023';
  end if;
  if char_length(coalesce(_description, '')) > 1000 then
    raise exception 'A description has at most 1,000 characters.' using errcode = '22023';
  end if;
  update public.groups g
     set name = private.group_name(_name, _id), max_tlp = private.group_tlp(_max_tlp), description = coalesce(_description, '')
   where g.id = _id
  returning * into _new;
  if _old.max_tlp = 'red' and _new.max_tlp <> 'red' then
    _lost := private.losing_red(_id, array(select m.user_id from public.group_members m where m.group_id = _id));
  end if;
  perform private.record_audit('group.changed', 'group', _id::text, jsonb_build_object(
    'from', jsonb_build_object('name', _old.name, 'max_tlp', _old.max_tlp, 'description', _old.description),
    'to', jsonb_build_object('name', _new.name, 'max_tlp', _new.max_tlp, 'description', _new.description),
    'lost_red', _lost));
  return jsonb_build_object('id', _id, 'warning', private.red_warning(_lost, _new.name));
end
$$;
comment on function public.update_group(uuid, text, text, text) is
  'Changes a group''s name, TLP ceiling and description (admins with verified MFA; audited); returns {id, warning}: the warning names members who no longer read TLP:RED.';
revoke all on function public.update_group(uuid, text, text, text) from public, anon;
grant execute on function public.update_group(uuid, text, text, text) to authenticated;

create function public.delete_group(_id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  _group public.groups;
  _members uuid[];
  _lost text[] := '{}';
begin
  perform private.require_user_admin();
  if _id = '0000a000-0000-4000-a000-000000000001' then
    raise exception 'The default group "Analysts" cannot be deleted: every new user joins it. Lower its TLP ceiling instead.'
      using errcode = '22023';
  end if;
  select * into _group from public.groups g where g.id = _id for update;
  if not found then
    raise exception 'No group %.', _id using errcode = '22023';
  end if;
  _members := array(select m.user_id from public.group_members m where m.group_id = _id);
  if _group.max_tlp = 'red' then
    _lost := private.losing_red(_id, _members);
  end if;
  -- Audiences name groups by id: a deleted group leaves them.
  update public.sources s set red_audience = array_remove(s.red_audience, _id) where s.red_audience @> array[_id];
  delete from public.groups g where g.id = _id;
  perform private.record_audit('group.deleted', 'group', _id::text, jsonb_build_object(
    'name', _group.name, 'max_tlp', _group.max_tlp, 'members', cardinality(_members), 'lost_red', _lost));
  return jsonb_build_object('id', _id, 'warning', private.red_warning(_lost, _group.name));
end
$$;
comment on function public.delete_group(uuid) is
  'Deletes a group (not the default one) and removes it from sources'' audiences (admins with verified MFA; audited); returns {id, warning}.';
revoke all on function public.delete_group(uuid) from public, anon;
grant execute on function public.delete_group(uuid) to authenticated;

create function public.add_group_member(_group_id uuid, _user_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  _group public.groups;
  _user auth.users;
begin
  perform private.require_user_admin();
  select * into _group from public.groups g where g.id = _group_id;
  if not found then
    raise exception 'No group %.', _group_id using errcode = '22023';
  end if;
  _user := private.target_user(_user_id);
  insert into public.group_members (group_id, user_id, added_by) values (_group_id, _user_id, (select auth.uid()))
  on conflict do nothing;
  if found then
    perform private.record_audit('group.member_added', 'group', _group_id::text, jsonb_build_object(
      'group', _group.name, 'max_tlp', _group.max_tlp, 'user_id', _user_id, 'email', _user.email));
  end if;
end
$$;
comment on function public.add_group_member(uuid, uuid) is 'Adds a user to a group (admins with verified MFA; audited; adding a member twice changes nothing).';
revoke all on function public.add_group_member(uuid, uuid) from public, anon;
grant execute on function public.add_group_member(uuid, uuid) to authenticated;

create function public.remove_group_member(_group_id uuid, _user_id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  _group public.groups;
  _lost text[] := '{}';
begin
  perform private.require_user_admin();
  select * into _group from public.groups g where g.id = _group_id;
  if not found then
    raise exception 'No group %.', _group_id using errcode = '22023';
  end if;
  if _group.max_tlp = 'red' then
    _lost := private.losing_red(_group_id, array[_user_id]);
  end if;
  delete from public.group_members m where m.group_id = _group_id and m.user_id = _user_id;
  if not found then
    raise exception 'That user is not a member of "%".', _group.name using errcode = '22023';
  end if;
  perform private.record_audit('group.member_removed', 'group', _group_id::text, jsonb_build_object(
    'group', _group.name, 'max_tlp', _group.max_tlp, 'user_id', _user_id,
    'email', (select u.email from auth.users u where u.id = _user_id), 'lost_red', _lost));
  return jsonb_build_object('removed', true, 'warning', private.red_warning(_lost, _group.name));
end
$$;
comment on function public.remove_group_member(uuid, uuid) is
  'Removes a user from a group (admins with verified MFA; audited); returns {removed, warning}: the warning says when it was their last group cleared for TLP:RED.';
revoke all on function public.remove_group_member(uuid, uuid) from public, anon;
grant execute on function public.remove_group_member(uuid, uuid) to authenticated;

-- Readers for the app: every group with its member count (RLS: administrators read all, others
-- their own), and a group's members or a user's groups for administrators.
create function public.list_groups()
returns table (id uuid, name text, max_tlp public.tlp_level, description text, member_count bigint,
               created_at timestamptz, updated_at timestamptz, is_default boolean)
language sql stable set search_path = '' as $$
  select g.id, g.name, g.max_tlp, g.description,
         (select count(*) from public.group_members m where m.group_id = g.id),
         g.created_at, g.updated_at, g.id = '0000a000-0000-4000-a000-000000000001'
    from public.groups g
   order by lower(g.name)
$$;
comment on function public.list_groups() is 'Groups the caller may read (administrators: all) with their member counts, by name.';
revoke all on function public.list_groups() from public, anon;
grant execute on function public.list_groups() to authenticated;

create function public.list_group_members(_group_id uuid)
returns table (user_id uuid, email text, display_name text, added_at timestamptz)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.has_role('admin') then
    raise exception 'Only administrators list group members.' using errcode = '42501';
  end if;
  return query
  select m.user_id, u.email::text, p.display_name, m.added_at
    from public.group_members m join auth.users u on u.id = m.user_id
    left join public.profiles p on p.id = m.user_id
   where m.group_id = _group_id
   order by lower(u.email);
end
$$;
comment on function public.list_group_members(uuid) is 'A group''s members with their e-mail and name (administrators).';
revoke all on function public.list_group_members(uuid) from public, anon;
grant execute on function public.list_group_members(uuid) to authenticated;
