-- Bootstrap, part 4: what migrations expect of Realtime (realtime.messages for private-channel
-- policies, realtime.topic(), realtime.send()) and of PostgREST (schema-reload event triggers).

set role supabase_realtime_admin;

create table realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  id uuid not null default gen_random_uuid(),
  binary_payload bytea,
  primary key (id, inserted_at)
);
create index messages_inserted_at_topic_index on realtime.messages (inserted_at desc, topic)
  where extension = 'broadcast' and private is true;
alter table realtime.messages enable row level security;

create function realtime.topic() returns text language sql stable as $$
  select nullif(current_setting('realtime.topic', true), '')::text
$$;

create function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void language plpgsql as $$
begin
  insert into realtime.messages (payload, event, topic, private, extension)
  values (payload, event, topic, private, 'broadcast');
exception when others then
  raise warning 'ErrorSendingBroadcastMessage: %', sqlerrm;
end
$$;

grant select, insert, update on realtime.messages to anon, authenticated, service_role;
grant all on realtime.messages to postgres with grant option;
grant execute on function realtime.topic(), realtime.send(jsonb, text, text, boolean)
  to postgres, anon, authenticated, service_role;
reset role;

-- PostgREST reloads its schema cache on NOTIFY pgrst; these fire it after any DDL.
create function extensions.pgrst_ddl_watch() returns event_trigger language plpgsql as $$
begin
  perform pg_notify('pgrst', 'reload schema');
end
$$;
create function extensions.pgrst_drop_watch() returns event_trigger language plpgsql as $$
begin
  perform pg_notify('pgrst', 'reload schema');
end
$$;
create event trigger pgrst_ddl_watch on ddl_command_end execute function extensions.pgrst_ddl_watch();
create event trigger pgrst_drop_watch on sql_drop execute function extensions.pgrst_drop_watch();

alter database postgres set app.settings.jwt_exp = '3600';

-- Private channels (gateway realtime service, src/realtime/authorization.ts). As Supabase Realtime
-- does it, the SELECT policies of realtime.messages decide whether a role may read a topic: probe
-- rows are inserted by the table owner (RLS does not apply to it), then the role must be able to
-- see them. The gateway calls this as `authenticator` inside a transaction it always rolls back;
-- no API role may call it.
grant usage on schema realtime to authenticator;
set role supabase_realtime_admin;
create function realtime.stack_insert_probes(topic_name text, extensions text[])
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  probes jsonb := '{}';
  ext text;
  probe_id uuid;
begin
  foreach ext in array extensions loop
    insert into realtime.messages (topic, extension, inserted_at, updated_at)
    values (topic_name, ext, now() at time zone 'utc', now() at time zone 'utc')
    returning id into probe_id;
    probes := probes || jsonb_build_object(ext, probe_id);
  end loop;
  perform set_config('realtime.stack_probes', probes::text, true);
  return probes;
end
$$;
revoke execute on function realtime.stack_insert_probes(text, text[]) from public;
grant execute on function realtime.stack_insert_probes(text, text[]) to authenticator;

-- The INSERT policies decide writes (broadcast, presence): the insert runs with the caller's rights
-- and is always undone; only whether RLS let it through is returned.
create function realtime.stack_can_insert(topic_name text, ext text)
returns boolean language plpgsql set search_path = '' as $$
begin
  begin
    insert into realtime.messages (topic, extension, inserted_at, updated_at)
    values (topic_name, ext, now() at time zone 'utc', now() at time zone 'utc');
    raise sqlstate 'RTA01';
  exception
    when sqlstate 'RTA01' then return true;
    when insufficient_privilege then return false;
  end;
end
$$;
grant execute on function realtime.stack_can_insert(text, text) to anon, authenticated, service_role;
reset role;
