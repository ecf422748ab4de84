-- Shared pieces of the intelligence knowledge base: trigram search, the TLP marking scale and the
-- one rule that decides who reads a marked row. Every intelligence table's policies call it.

create extension if not exists pg_trgm with schema extensions;

create type public.tlp_level as enum ('clear', 'green', 'amber', 'amber+strict', 'red');
comment on type public.tlp_level is 'Traffic Light Protocol 2.0, least to most restrictive (enum order is the restriction order).';

-- TLP:RED leaves the service role only for administrators who passed their second factor in this
-- session; everything below RED is readable by every signed-in analyst. Policies call it as
-- `tlp <> 'red' or (select private.red_readable_by_caller())` so Postgres evaluates it once per statement.
create function private.red_readable_by_caller() returns boolean
language sql stable security definer set search_path = '' as $$
  select private.admin_mfa_verified()
$$;
comment on function private.red_readable_by_caller() is 'Whether the caller may read TLP:RED intelligence: an admin with MFA verified in this session.';
revoke all on function private.red_readable_by_caller() from public, anon;
grant execute on function private.red_readable_by_caller() to authenticated, service_role;
