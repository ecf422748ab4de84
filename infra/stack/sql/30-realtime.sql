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
