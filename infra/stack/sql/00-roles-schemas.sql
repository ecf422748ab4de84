-- Bootstrap, part 1: the roles, schemas and grants a Supabase database has before any project
-- migration runs (supabase/postgres init scripts, roles.sql). Runs once per cluster as the bootstrap
-- superuser `supabase_admin`; passwords are set afterwards from the stack's secrets, never here.


create role anon nologin inherit;
create role authenticated nologin inherit;
create role service_role nologin inherit bypassrls;
create role authenticator login noinherit;
grant anon, authenticated, service_role to authenticator;

-- Migrations run as `postgres`, which Supabase demotes from superuser: a migration that would need
-- superuser fails here as it would on a hosted project.
create role postgres login createdb createrole replication bypassrls;
grant anon, authenticated, service_role to postgres;

create role supabase_auth_admin login noinherit createrole;
create role supabase_storage_admin login noinherit createrole;
create role supabase_realtime_admin nologin noinherit replication;
grant anon, authenticated, service_role to supabase_realtime_admin;
create role supabase_replication_admin login replication;
create role supabase_read_only_user login bypassrls;
grant pg_read_all_data to supabase_read_only_user;
create role dashboard_user nologin createdb createrole replication;
create role pgbouncer nologin;
create role supabase_functions_admin nologin noinherit createrole;

alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';
alter role postgres set search_path = "$user", public, extensions;
alter role supabase_auth_admin set search_path = auth;
alter role supabase_storage_admin set search_path = storage;

grant connect, create, temporary on database postgres to postgres, dashboard_user;
grant connect on database postgres to anon, authenticated, service_role, authenticator,
  supabase_auth_admin, supabase_storage_admin, supabase_read_only_user;
grant create on database postgres to supabase_auth_admin, supabase_storage_admin;

-- public: owned by postgres so migrations can manage it; API roles may use it. Whether new tables
-- are exposed to the API roles automatically is the stack's `[stack] auto_expose_public` switch
-- (off, like hosted projects since October 2026), applied by the bootstrap runner.
alter schema public owner to postgres;
grant usage on schema public to anon, authenticated, service_role;
grant all on schema public to postgres;

create schema extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
grant all on schema extensions to postgres with grant option;
create extension "uuid-ossp" with schema extensions;
create extension pgcrypto with schema extensions;
create extension pg_stat_statements with schema extensions;

create schema graphql_public;
grant usage on schema graphql_public to postgres, anon, authenticated, service_role;

create schema auth authorization supabase_admin;
grant usage, create on schema auth to supabase_auth_admin;
grant usage on schema auth to postgres, anon, authenticated, service_role, supabase_realtime_admin;

create schema storage authorization supabase_admin;
grant usage, create on schema storage to supabase_storage_admin;
grant usage on schema storage to postgres, anon, authenticated, service_role;

create schema realtime authorization supabase_admin;
grant usage, create on schema realtime to supabase_realtime_admin;
grant usage on schema realtime to postgres, anon, authenticated, service_role;

-- Supabase lets `postgres` create policies on storage and realtime tables through supautils'
-- policy grants; plain Postgres only lets owners do that, so postgres inherits from the owners.
grant supabase_storage_admin, supabase_realtime_admin to postgres;

-- An empty publication that migrations add tables to; owned by postgres so they can.
create publication supabase_realtime;
alter publication supabase_realtime owner to postgres;
