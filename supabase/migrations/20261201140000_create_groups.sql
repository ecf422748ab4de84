-- Groups and their clearances (issue 28 §1). A group names the highest TLP its members may read
-- (max_tlp); a user's clearance is the highest max_tlp among their groups (private.caller_clearance,
-- next migration). TLP:RED also needs the row's audience: groups named by a source (red_audience) or
-- by a hand-made row. Administrators with a verified second factor manage groups and memberships
-- through the checked functions below, each audited; nobody writes the tables directly.
--
-- "Analysts" (amber+strict) is made here and every existing user joins it, as every new user does
-- (trigger on auth.users), so an installation that ignores groups reads as before below TLP:RED.
-- Groups decide reading intelligence only: administering stays with user_roles and the second
-- factor, so no group change can lock the administrators out.

create table public.groups (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 100 and name = btrim(name)),
  max_tlp public.tlp_level not null default 'amber+strict',
  description text not null default '' check (char_length(description) <= 1000),
  created_at timestamptz not null default now(),
  created_by uuid references auth.users (id) on delete set null,
  updated_at timestamptz not null default now()
);
comment on table public.groups is 'Teams of users with a clearance: the highest TLP their members may read (TLP:RED also needs the row''s audience). Managed through create_group and the other checked functions (audited).';
comment on column public.groups.id is 'Group id.';
comment on column public.groups.name is 'Unique name (case-insensitive), shown to administrators and in audience pickers.';
comment on column public.groups.max_tlp is 'The most restrictive TLP its members may read; RED also needs membership of the row''s audience.';
comment on column public.groups.description is 'What the group is for.';
comment on column public.groups.created_at is 'When it was made.';
comment on column public.groups.created_by is 'The administrator who made it; null for the default group.';
comment on column public.groups.updated_at is 'Last change.';
create unique index groups_name_key on public.groups (lower(name));
create index groups_created_by_idx on public.groups (created_by);

create trigger groups_touch_updated_at before update on public.groups
  for each row execute function private.touch_updated_at();

create table public.group_members (
  group_id uuid not null references public.groups (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  added_at timestamptz not null default now(),
  added_by uuid references auth.users (id) on delete set null,
  primary key (group_id, user_id)
);
comment on table public.group_members is 'Who belongs to which group; managed through add_group_member and remove_group_member (audited).';
comment on column public.group_members.group_id is 'The group.';
comment on column public.group_members.user_id is 'The member.';
comment on column public.group_members.added_at is 'When they joined.';
comment on column public.group_members.added_by is 'The administrator who added them; null when added automatically.';
-- The clearance lookup (every statement on intelligence) goes by user.
create index group_members_user_id_idx on public.group_members (user_id, group_id);
create index group_members_added_by_idx on public.group_members (added_by);

alter table public.groups enable row level security;
alter table public.group_members enable row level security;
revoke all on table public.groups, public.group_members from public, anon, authenticated, service_role;
grant select on table public.groups, public.group_members to authenticated;
grant all on table public.groups, public.group_members to service_role;

-- Membership lookups for the policies without recursion through group_members' own policy.
create function private.caller_group_ids() returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(m.group_id), '{}') from public.group_members m where m.user_id = (select auth.uid())
$$;
comment on function private.caller_group_ids() is 'The groups the caller belongs to (empty when signed out).';
revoke all on function private.caller_group_ids() from public, anon;
grant execute on function private.caller_group_ids() to authenticated, service_role;

create policy "Members read their groups and administrators read all" on public.groups
  for select to authenticated
  using (array[id] <@ (select private.caller_group_ids()) or (select private.has_role('admin')));
create policy "Users read their own memberships and administrators read all" on public.group_members
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.has_role('admin')));

-- The default group, fixed id so that code and tests can name it.
insert into public.groups (id, name, max_tlp, description)
values ('0000a000-0000-4000-a000-000000000001', 'Analysts', 'amber+strict',
        'Every user joins it: reads everything up to TLP:AMBER+STRICT. TLP:RED needs a group named in the row''s audience.');
insert into public.group_members (group_id, user_id)
select '0000a000-0000-4000-a000-000000000001', u.id from auth.users u;

create function private.join_default_group() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.group_members (group_id, user_id)
  select g.id, new.id from public.groups g where g.id = '0000a000-0000-4000-a000-000000000001'
  on conflict do nothing;
  return new;
end
$$;
comment on function private.join_default_group() is 'Trigger: every new auth user joins the default group "Analysts" (if it still exists).';
revoke all on function private.join_default_group() from public, anon, authenticated;

create trigger join_default_group_on_user_created after insert on auth.users
  for each row execute function private.join_default_group();
