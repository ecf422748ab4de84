-- The table the realtime scenario inserts into: chat-style messages in rooms, readable by the
-- members of the room (RLS with a lookup, which realtime evaluates per subscriber), published
-- through supabase_realtime.
create table public.bench_rooms_members (
  room_id integer not null,
  user_id uuid not null,
  primary key (room_id, user_id)
);

create table public.bench_messages (
  id bigint generated always as identity primary key,
  room_id integer not null,
  seq integer not null,
  body text not null,
  created_at timestamptz not null default now()
);

alter table public.bench_rooms_members enable row level security;
alter table public.bench_messages enable row level security;

create policy bench_rooms_members_self_read on public.bench_rooms_members
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy bench_messages_member_read on public.bench_messages
  for select to authenticated
  using (
    exists (
      select 1
        from public.bench_rooms_members m
       where m.room_id = bench_messages.room_id
         and m.user_id = (select auth.uid())
    )
  );

grant select on public.bench_rooms_members to authenticated;
grant select on public.bench_messages to authenticated;

alter publication supabase_realtime add table public.bench_messages;
