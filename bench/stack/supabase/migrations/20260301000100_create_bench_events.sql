-- The table the REST and RPC scenarios read: one row per event, owned by a user, readable only by
-- its owner (RLS). The index on (owner_id, created_at) serves both the owner's exact count (an
-- index-only scan once the table is vacuumed) and the owner's latest events (the RPC).
create table public.bench_events (
  id bigint generated always as identity primary key,
  owner_id uuid not null,
  severity smallint not null,
  title text not null,
  created_at timestamptz not null
);

create index bench_events_owner_created_idx on public.bench_events (owner_id, created_at desc);

alter table public.bench_events enable row level security;

-- `(select auth.uid())` is evaluated once per statement (an InitPlan), so the index can be used.
create policy bench_events_owner_read on public.bench_events
  for select to authenticated
  using (owner_id = (select auth.uid()));

-- Auto-expose is off in this stack (as on hosted projects since 2026): grant explicitly.
grant select on public.bench_events to authenticated;

-- The latest events of the caller; RLS restricts them to the caller's own.
create function public.bench_recent_events(p_limit integer default 10)
returns setof public.bench_events
language sql
stable
set search_path = ''
as $$
  select e.*
    from public.bench_events e
   order by e.created_at desc
   limit least(greatest(p_limit, 0), 100)
$$;

revoke execute on function public.bench_recent_events(integer) from public, anon;
grant execute on function public.bench_recent_events(integer) to authenticated;

-- Fills bench_events with `p_rows` rows spread round-robin over `p_owners` owners, whose ids are
-- bench_private.owner_id(1..p_owners). Called by the benchmark (not at migration time) so the size
-- can follow its --quick option; the index is rebuilt after the load, which is faster than
-- maintaining it row by row.
create schema bench_private;
revoke all on schema bench_private from public;

create function bench_private.owner_id(p_owner integer)
returns uuid
language sql
immutable
as $$
  select ('00000000-0000-4000-8000-' || lpad(to_hex(p_owner), 12, '0'))::uuid
$$;

create function bench_private.fill_events(p_rows integer, p_owners integer)
returns bigint
language plpgsql
set search_path = ''
as $$
begin
  truncate public.bench_events restart identity;
  drop index public.bench_events_owner_created_idx;
  insert into public.bench_events (owner_id, severity, title, created_at)
  select ('00000000-0000-4000-8000-' || lpad(to_hex(g % p_owners + 1), 12, '0'))::uuid,
         (g % 5)::smallint,
         'event ' || g,
         timestamptz '2026-01-01 00:00:00+00' + make_interval(secs => g)
    from generate_series(0, p_rows - 1) as g;
  create index bench_events_owner_created_idx on public.bench_events (owner_id, created_at desc);
  return p_rows;
end
$$;
