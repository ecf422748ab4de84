-- The read policies of user_roles, profiles and security_events were created by the admin-TOTP
-- migration (20261121100300), because they needed its private.admin_mfa_verified(); a reader looking
-- for who may read these tables finds them beside the TOTP code instead of beside the tables. Applied
-- migrations are never edited, so they are restated here, unchanged in effect, each with its reason,
-- where a search for the table name leads. Same names, same expressions: only their home moves.

drop policy "Users read their own roles; admins with MFA read all" on public.user_roles;
create policy "Users read their own roles; admins with MFA read all" on public.user_roles
  for select to authenticated using (user_id = (select auth.uid()) or (select private.admin_mfa_verified()));
comment on policy "Users read their own roles; admins with MFA read all" on public.user_roles is
  'A user sees their own role (the app decides what to show); only an administrator who passed the second factor in this session lists everyone''s.';

drop policy "Users read their own profile; admins with MFA read all" on public.profiles;
create policy "Users read their own profile; admins with MFA read all" on public.profiles
  for select to authenticated using (id = (select auth.uid()) or (select private.admin_mfa_verified()));
comment on policy "Users read their own profile; admins with MFA read all" on public.profiles is
  'A user sees their own profile; only an administrator who passed the second factor in this session reads the others (User Management).';

drop policy "Admins with MFA read security events" on public.security_events;
create policy "Admins with MFA read security events" on public.security_events
  for select to authenticated using ((select private.admin_mfa_verified()));
comment on policy "Admins with MFA read security events" on public.security_events is
  'Security events name users and addresses: only administrators who passed the second factor in this session read them (Admin Dashboard); clients write them through checked functions only.';
