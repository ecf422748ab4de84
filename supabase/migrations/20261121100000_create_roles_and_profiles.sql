-- Roles of the platform: every signed-in user is an analyst; administrators also have a row in
-- public.user_roles. Helpers that decide access live in the unexposed schema `private`.

create schema if not exists private;
comment on schema private is 'Access-deciding helpers and secret state; never exposed through the API.';
revoke all on schema private from public;
grant usage on schema private to authenticated, service_role;

create type public.app_role as enum ('analyst', 'admin');
comment on type public.app_role is 'Closed set of platform roles: analyst (every signed-in user), admin.';

create table public.user_roles (
  user_id uuid not null references auth.users (id) on delete cascade,
  role public.app_role not null,
  granted_at timestamptz not null default now(),
  granted_by uuid references auth.users (id) on delete set null,
  primary key (user_id, role)
);
comment on table public.user_roles is 'Platform roles granted to users; written only by the service role and admin RPCs.';
comment on column public.user_roles.user_id is 'The user holding the role.';
comment on column public.user_roles.role is 'The granted role.';
comment on column public.user_roles.granted_at is 'When the role was granted.';
comment on column public.user_roles.granted_by is 'Who granted it (null when granted by a script).';
create index user_roles_granted_by_idx on public.user_roles (granted_by);

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text not null default '' check (char_length(email) <= 320),
  display_name text not null default '' check (char_length(display_name) <= 120),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.profiles is 'Public face of a user, created by a trigger when the auth user is created.';
comment on column public.profiles.id is 'The auth user id.';
comment on column public.profiles.email is 'Copy of the sign-in e-mail, for display.';
comment on column public.profiles.display_name is 'Name shown in the platform.';
comment on column public.profiles.created_at is 'Creation time.';
comment on column public.profiles.updated_at is 'Last change.';

-- True when the calling user holds `_role`. Security definer so policies can use it without
-- granting SELECT on user_roles to everyone.
create function private.has_role(_role public.app_role) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.user_roles ur where ur.user_id = (select auth.uid()) and ur.role = _role
  )
$$;
comment on function private.has_role(public.app_role) is 'Whether the calling user holds the given platform role.';
revoke all on function private.has_role(public.app_role) from public, anon;
grant execute on function private.has_role(public.app_role) to authenticated, service_role;

create function private.create_profile_for_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.profiles (id, email, display_name)
  values (
    new.id,
    coalesce(new.email, ''),
    left(coalesce(new.raw_user_meta_data ->> 'display_name', split_part(coalesce(new.email, ''), '@', 1)), 120)
  )
  on conflict (id) do nothing;
  return new;
end
$$;
comment on function private.create_profile_for_new_user() is 'Trigger: gives every new auth user a profile.';
revoke all on function private.create_profile_for_new_user() from public, anon, authenticated;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function private.create_profile_for_new_user();

create function private.touch_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end
$$;
comment on function private.touch_updated_at() is 'Trigger: keeps updated_at current on every update.';
revoke all on function private.touch_updated_at() from public, anon, authenticated;

create trigger profiles_touch_updated_at before update on public.profiles
  for each row execute function private.touch_updated_at();

alter table public.user_roles enable row level security;
alter table public.profiles enable row level security;

grant select on public.user_roles to authenticated;
grant all on public.user_roles to service_role;
grant select, update (display_name) on public.profiles to authenticated;
grant all on public.profiles to service_role;

-- The SELECT policies (own rows, or everything for an admin with MFA) come with the admin TOTP
-- migration, which defines private.admin_mfa_verified().

create policy "Users update their own profile" on public.profiles
  for update to authenticated using (id = (select auth.uid())) with check (id = (select auth.uid()));
