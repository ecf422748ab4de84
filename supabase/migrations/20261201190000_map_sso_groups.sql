-- Group mapping for single sign-on (issue 28 §3). The stack's auth copies the ID-token claim named by
-- `[auth.external.<provider>] group_claim` into the user's app_metadata.sso_groups on every OpenID
-- Connect sign-in (server-written: users cannot change app_metadata). This trigger turns that list
-- into memberships by group name (case-insensitive, as group names are unique): it adds the user to
-- every named group, removes them from the groups an earlier sign-in added that the claim no longer
-- names, and never touches memberships an administrator made or the default group's. Names that
-- match no group are ignored (the identity provider cannot create groups). Each change is audited.
--
-- Roles are not mapped: an SSO user is an analyst like any new user (no user_roles row), and only an
-- administrator makes another one (User Management), so an identity provider's claim can never
-- grant the admin role or lock the administrators out.

alter table public.group_members
  add column via_sso boolean not null default false;
comment on column public.group_members.via_sso is
  'True when single sign-on added the membership from the identity provider''s group claim (app_metadata.sso_groups); the next sign-in removes it when the claim stops naming the group. Memberships added by administrators are false and left alone.';

create function private.sync_sso_groups() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  _claimed text[];
  _group record;
  _provider text := new.raw_app_meta_data ->> 'provider';
begin
  if jsonb_typeof(new.raw_app_meta_data -> 'sso_groups') is distinct from 'array' then
    return new;
  end if;
  select coalesce(array_agg(lower(value)), '{}') into _claimed
    from jsonb_array_elements_text(new.raw_app_meta_data -> 'sso_groups');

  for _group in
    select g.id, g.name, g.max_tlp from public.groups g
     where lower(g.name) = any (_claimed)
       and not exists (select 1 from public.group_members m where m.group_id = g.id and m.user_id = new.id)
  loop
    insert into public.group_members (group_id, user_id, added_by, via_sso) values (_group.id, new.id, null, true);
    perform private.record_audit('group.member_added', 'group', _group.id::text, jsonb_build_object(
      'group', _group.name, 'max_tlp', _group.max_tlp, 'user_id', new.id, 'email', new.email,
      'via', 'sso', 'provider', _provider));
  end loop;

  for _group in
    select g.id, g.name, g.max_tlp from public.group_members m join public.groups g on g.id = m.group_id
     where m.user_id = new.id and m.via_sso and lower(g.name) <> all (_claimed)
  loop
    perform private.record_audit('group.member_removed', 'group', _group.id::text, jsonb_build_object(
      'group', _group.name, 'max_tlp', _group.max_tlp, 'user_id', new.id, 'email', new.email,
      'via', 'sso', 'provider', _provider,
      'lost_red', case when _group.max_tlp = 'red' then private.losing_red(_group.id, array[new.id]) else '{}' end));
    delete from public.group_members m where m.group_id = _group.id and m.user_id = new.id;
  end loop;
  return new;
end
$$;
comment on function private.sync_sso_groups() is
  'Trigger on auth.users: memberships follow app_metadata.sso_groups (the identity provider''s group claim) by group name; adds and removes only memberships single sign-on made; audited.';
revoke all on function private.sync_sso_groups() from public, anon, authenticated;

-- After join_default_group (insert) so that the default membership exists first; names sort the order.
create trigger sync_sso_groups_on_user_change after insert or update of raw_app_meta_data on auth.users
  for each row execute function private.sync_sso_groups();
