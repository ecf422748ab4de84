-- The audit trail: one append-only row per administrative action (users, roles, second factors,
-- settings, sources, deletions), written by the server in the same transaction as the action.
--
-- Two ways in, both inside the acting transaction:
--   * private.record_audit(...) from the checked function that performs the action (it knows the
--     intent: "reset MFA", "revoked sessions");
--   * private.audit_row_change() as a row trigger on administrative tables, so a change made by any
--     path (RPC, service role, SQL console) is recorded with its old and new values.
-- Nobody can change the past: no role is granted update or delete, and triggers refuse update,
-- delete and truncate even to the table owner. The actor is copied (id and email), not referenced,
-- so deleting a user neither rewrites nor blocks their history.

create table public.audit_trail (
  id bigint generated always as identity primary key,
  occurred_at timestamptz not null default now(),
  actor_id uuid,
  actor_email text,
  actor_role text not null,
  action text not null check (action ~ '^[a-z_]+\.[a-z_]+$'),
  target_type text not null check (target_type ~ '^[a-z_]+$'),
  target_id text,
  details jsonb not null default '{}'::jsonb check (jsonb_typeof(details) = 'object'),
  transaction_id xid8 not null default pg_current_xact_id()
);
comment on table public.audit_trail is
  'Append-only record of administrative actions (action = "<target>.<verb>", e.g. user.role_changed, setting.changed), written in the transaction of the action; readable by admins with verified MFA; never updated or deleted.';
comment on column public.audit_trail.actor_role is
  'Who acted: admin, analyst, service_role (server jobs, the CLI) or the database login (a SQL console).';
comment on column public.audit_trail.details is
  'What changed, e.g. {"from": ..., "to": ...} per field; stored as data and rendered as text.';
comment on column public.audit_trail.transaction_id is
  'The transaction of the action, so rows written by one action can be grouped.';

create index audit_trail_recent on public.audit_trail (occurred_at desc);
create index audit_trail_by_action on public.audit_trail (action, occurred_at desc);
create index audit_trail_by_actor on public.audit_trail (actor_id, occurred_at desc);
create index audit_trail_by_target on public.audit_trail (target_type, target_id, occurred_at desc);

alter table public.audit_trail enable row level security;
create policy "Admins with MFA read the audit trail" on public.audit_trail
  for select to authenticated using ((select private.admin_mfa_verified()));
revoke all on table public.audit_trail from public, anon, authenticated, service_role;
grant select on table public.audit_trail to authenticated, service_role;

create function private.refuse_audit_change() returns trigger
language plpgsql set search_path = '' as $$
begin
  raise exception 'The audit trail is append-only' using errcode = '42501';
end
$$;
comment on function private.refuse_audit_change() is 'Refuses update, delete and truncate on public.audit_trail, to everyone.';
revoke all on function private.refuse_audit_change() from public, anon, authenticated;

create trigger audit_trail_is_append_only
  before update or delete on public.audit_trail
  for each row execute function private.refuse_audit_change();
create trigger audit_trail_is_not_truncated
  before truncate on public.audit_trail
  for each statement execute function private.refuse_audit_change();

create function private.record_audit(
  _action text,
  _target_type text,
  _target_id text default null,
  _details jsonb default '{}'::jsonb
) returns bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  _uid uuid := (select auth.uid());
  _jwt_role text := (select auth.jwt()) ->> 'role';
  _id bigint;
begin
  insert into public.audit_trail (actor_id, actor_email, actor_role, action, target_type, target_id, details)
  values (
    _uid,
    (select u.email from auth.users u where u.id = _uid),
    case
      when _uid is not null and private.has_role('admin') then 'admin'
      when _uid is not null then 'analyst'
      when _jwt_role = 'service_role' then 'service_role'
      else session_user::text
    end,
    _action, _target_type, _target_id, coalesce(_details, '{}'::jsonb))
  returning id into _id;
  return _id;
end
$$;
comment on function private.record_audit(text, text, text, jsonb) is
  'Appends one audit row for the caller (user from the JWT, else service_role, else the database login) in the current transaction; for checked functions that perform an administrative action.';
revoke all on function private.record_audit(text, text, text, jsonb) from public, anon;
grant execute on function private.record_audit(text, text, text, jsonb) to authenticated, service_role;

-- Row trigger for administrative tables: TG_ARGV[0] names the target type, TG_ARGV[1] the key
-- column, further arguments name bookkeeping columns whose changes are not actions (a sync's etag).
-- Updates record only the fields that changed; inserts and deletes the whole row.
create function private.audit_row_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  _target text := tg_argv[0];
  _key text := coalesce(tg_argv[1], 'id');
  _old jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  _new jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  _changes jsonb := '{}'::jsonb;
  _field text;
begin
  if tg_op = 'UPDATE' then
    for _field in select jsonb_object_keys(_new) loop
      if _field <> 'updated_at' and not (_field = any (tg_argv[2:])) and _new -> _field is distinct from _old -> _field then
        _changes := _changes || jsonb_build_object(_field, jsonb_build_object('from', _old -> _field, 'to', _new -> _field));
      end if;
    end loop;
    if _changes = '{}'::jsonb then
      return new;
    end if;
    perform private.record_audit(_target || '.changed', _target, _new ->> _key, jsonb_build_object('changes', _changes));
  elsif tg_op = 'INSERT' then
    perform private.record_audit(_target || '.created', _target, _new ->> _key, jsonb_build_object('row', _new));
  else
    perform private.record_audit(_target || '.deleted', _target, _old ->> _key, jsonb_build_object('row', _old));
  end if;
  return coalesce(new, old);
end
$$;
comment on function private.audit_row_change() is
  'Row trigger: records inserts, changed fields of updates, and deletes of an administrative table in the audit trail (args: target type, key column, ignored bookkeeping columns...).';
revoke all on function private.audit_row_change() from public, anon, authenticated;

-- Roles and sources are administrative from day one.
create trigger user_roles_audited
  after insert or update or delete on public.user_roles
  for each row execute function private.audit_row_change('user_role', 'user_id');
create trigger sources_audited
  after insert or update or delete on public.sources
  for each row execute function private.audit_row_change('source', 'id', 'etag', 'last_modified', 'last_synced_at');
