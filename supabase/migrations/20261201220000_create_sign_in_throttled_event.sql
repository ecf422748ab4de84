-- Sign-in throttling per account (issue 36 item 8): when failed password sign-ins for one account
-- start a wait, the auth service records a security event, so the admin security-events page shows
-- who is being guessed at, from where and how often. The auth service logs in as
-- supabase_auth_admin; like Supabase's auth hooks it gets EXECUTE on this one function and nothing
-- else of the schema.

insert into private.security_event_types (event_type, default_severity, client_reportable)
values ('sign_in_throttled', 'high', false);

create function private.record_sign_in_throttled(_email text, _address text, _failures integer, _retry_after_seconds integer)
returns bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  clean_email text := left(lower(btrim(coalesce(_email, ''))), 320);
begin
  return private.record_security_event(
    'sign_in_throttled',
    jsonb_build_object(
      'email', clean_email,
      'address', left(coalesce(_address, ''), 64),
      'failures', greatest(coalesce(_failures, 0), 0),
      'retry_after_seconds', greatest(coalesce(_retry_after_seconds, 0), 0)
    ),
    (select u.id from auth.users u where lower(u.email) = clean_email and u.deleted_at is null limit 1),
    'server'
  );
end
$$;
comment on function private.record_sign_in_throttled(text, text, integer, integer) is
  'Records that failed password sign-ins for an account started a wait (called by the auth service only).';
revoke all on function private.record_sign_in_throttled(text, text, integer, integer) from public, anon, authenticated, service_role;
grant usage on schema private to supabase_auth_admin;
grant execute on function private.record_sign_in_throttled(text, text, integer, integer) to supabase_auth_admin;
