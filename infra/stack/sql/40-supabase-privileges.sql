-- Bootstrap, part 5: what hosted Supabase lets `postgres` do although it is not a superuser. There
-- the supautils library grants it; plain Postgres has no such hook, so the same effect comes from
-- parameter privileges and an event-trigger pair, so that unchanged Supabase migrations apply:
--   alter role authenticator set pgrst.db_aggregates_enabled to 'true';
--   create extension if not exists postgis with schema extensions;

-- PostgREST's in-database configuration (PostgREST/Config/Database.hs, dbSettingsNames): a role
-- setting on a custom parameter needs superuser or SET privilege on that parameter (Postgres 15+).
grant set on parameter
  pgrst.db_aggregates_enabled, pgrst.client_error_verbosity, pgrst.db_anon_role,
  pgrst.db_pre_config, pgrst.db_extra_search_path, pgrst.db_max_rows, pgrst.db_plan_enabled,
  pgrst.db_pre_request, pgrst.db_prepared_statements, pgrst.db_root_spec, pgrst.db_schemas,
  pgrst.db_tx_end, pgrst.db_hoisted_tx_settings, pgrst.jwt_aud, pgrst.jwt_role_claim_key,
  pgrst.jwt_secret, pgrst.jwt_secret_is_base64, pgrst.jwt_cache_max_lifetime, pgrst.openapi_mode,
  pgrst.openapi_security_active, pgrst.openapi_server_proxy_uri, pgrst.server_cors_allowed_origins,
  pgrst.server_trace_header, pgrst.server_timing_enabled, pgrst.url_use_legacy_target_names,
  -- Supabase's docs pair aggregates with this cost limit of its plan_filter library.
  plan_filter.statement_cost_limit
  to postgres;

-- Extensions Supabase lets `postgres` create (supautils' privileged_extensions) that Debian's
-- Postgres 15 packages provide here. Trusted ones (pg_trgm, pgcrypto, uuid-ossp, …) need no help.
create schema supabase_privileges authorization supabase_admin;
comment on schema supabase_privileges is
  'Stack internals standing in for supautils; no API role may use it.';
revoke all on schema supabase_privileges from public;

create table supabase_privileges.allowed_extensions (name text primary key);
comment on table supabase_privileges.allowed_extensions is
  'Extensions postgres may create although they need a superuser (supautils privileged_extensions).';
insert into supabase_privileges.allowed_extensions (name) values
  ('address_standardizer'), ('address_standardizer_data_us'), ('autoinc'), ('bloom'),
  ('btree_gin'), ('btree_gist'), ('citext'), ('cube'), ('dblink'), ('dict_int'), ('dict_xsyn'),
  ('earthdistance'), ('fuzzystrmatch'), ('hstore'), ('insert_username'), ('intarray'), ('isn'),
  ('ltree'), ('moddatetime'), ('pg_buffercache'), ('pg_cron'), ('pg_prewarm'),
  ('pg_stat_statements'), ('pg_trgm'), ('pg_walinspect'), ('pgcrypto'), ('pgrowlocks'),
  ('pgstattuple'), ('pgtap'), ('plpgsql_check'), ('postgis'), ('postgis_raster'),
  ('postgis_sfcgal'), ('postgis_tiger_geocoder'), ('postgis_topology'), ('postgres_fdw'),
  ('refint'), ('seg'), ('sslinfo'), ('tablefunc'), ('tcn'), ('tsm_system_rows'),
  ('tsm_system_time'), ('unaccent'), ('uuid-ossp');

-- CREATE EXTENSION by postgres runs with postgres promoted to superuser for that one statement:
-- promoted before it (ddl_command_start), demoted after it (ddl_command_end) in the same
-- transaction, so no other session ever sees the promotion and a failing statement rolls it back
-- with everything else. Before demoting, anything created that is neither trusted nor allowed
-- raises, which undoes the extension too: the list above is the whole of what the promotion buys.
create function supabase_privileges.promote_for_extension()
returns event_trigger language plpgsql security definer set search_path = '' as $$
begin
  -- session_user: inside this definer function current_user is its owner.
  if session_user = 'postgres' and not (select rolsuper from pg_catalog.pg_roles where rolname = 'postgres') then
    perform pg_catalog.set_config('supabase_privileges.promoted', 'on', true);
    alter role postgres superuser;
  end if;
end
$$;

create function supabase_privileges.demote_after_extension()
returns event_trigger language plpgsql security definer set search_path = '' as $$
declare
  created record;
begin
  if pg_catalog.current_setting('supabase_privileges.promoted', true) is distinct from 'on' then
    return;
  end if;
  perform pg_catalog.set_config('supabase_privileges.promoted', 'off', true);
  alter role postgres nosuperuser;
  for created in
    select e.extname
    from pg_catalog.pg_event_trigger_ddl_commands() c
    join pg_catalog.pg_extension e on e.oid = c.objid
    where c.classid = 'pg_catalog.pg_extension'::regclass
  loop
    if not exists (select 1 from supabase_privileges.allowed_extensions a where a.name = created.extname)
      and not exists (
        select 1 from pg_catalog.pg_available_extension_versions v
        where v.name = created.extname and (v.trusted or not v.superuser)
      )
    then
      raise exception 'permission denied to create extension "%"', created.extname
        using errcode = '42501',
          hint = 'Must be superuser to create this extension (it is not among the extensions Supabase allows).';
    end if;
  end loop;
end
$$;

revoke all on function supabase_privileges.promote_for_extension() from public;
revoke all on function supabase_privileges.demote_after_extension() from public;
comment on function supabase_privileges.promote_for_extension() is
  'Event trigger: lets postgres run one CREATE EXTENSION as superuser (see demote_after_extension).';
comment on function supabase_privileges.demote_after_extension() is
  'Event trigger: ends the promotion and refuses extensions that are neither trusted nor allowed.';

create event trigger supabase_privileges_promote on ddl_command_start
  when tag in ('CREATE EXTENSION') execute function supabase_privileges.promote_for_extension();
create event trigger supabase_privileges_demote on ddl_command_end
  when tag in ('CREATE EXTENSION') execute function supabase_privileges.demote_after_extension();
