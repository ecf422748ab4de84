-- Notes on alerts: append-only. Analysts write as themselves and read every note; nobody edits or
-- deletes one (deleting the alert is the only way a note goes). A note bumps the alert's updated_at.

create table public.alert_notes (
  id bigint generated always as identity primary key,
  alert_id uuid not null references public.enhanced_security_alerts (id) on delete cascade,
  author_id uuid references auth.users (id) on delete set null default auth.uid(),
  body text not null check (char_length(btrim(body)) between 1 and 10000),
  created_at timestamptz not null default now()
);
comment on table public.alert_notes is 'Append-only notes on alerts, each with its author and time.';
comment on column public.alert_notes.id is 'Note id.';
comment on column public.alert_notes.alert_id is 'The alert.';
comment on column public.alert_notes.author_id is 'Who wrote it: always the signed-in user (set by a trigger).';
comment on column public.alert_notes.body is 'The note (1-10,000 characters), rendered as text only.';
comment on column public.alert_notes.created_at is 'When it was written: set by a trigger.';
create index alert_notes_alert_id_created_at_idx on public.alert_notes (alert_id, created_at);
create index alert_notes_author_id_idx on public.alert_notes (author_id) where author_id is not null;

create function private.stamp_alert_note() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.author_id := auth.uid();
  new.created_at := clock_timestamp();
  update public.enhanced_security_alerts set updated_at = now() where id = new.alert_id;
  return new;
end
$$;
comment on function private.stamp_alert_note() is 'Trigger: a note''s author and time cannot be forged; the alert''s updated_at moves.';
revoke all on function private.stamp_alert_note() from public, anon, authenticated;

create trigger alert_notes_stamp before insert on public.alert_notes
  for each row execute function private.stamp_alert_note();

alter table public.alert_notes enable row level security;
grant select on public.alert_notes to authenticated;
grant insert (alert_id, body) on public.alert_notes to authenticated;
grant all on public.alert_notes to service_role;
create policy "Signed-in users read alert notes" on public.alert_notes
  for select to authenticated using (true);
create policy "Signed-in users add notes as themselves" on public.alert_notes
  for insert to authenticated with check ((select auth.uid()) is not null);

alter publication supabase_realtime add table public.alert_notes;

create function public.alert_history(_alert_id uuid)
returns table (at timestamptz, actor_id uuid, actor_name text, kind text, from_value text, to_value text, body text)
language sql stable security definer set search_path = '' as $$
  with history as (
    select e.at, e.actor_id, e.kind, e.from_value, e.to_value, null::text as body
      from public.alert_events e where e.alert_id = _alert_id
    union all
    select n.created_at, n.author_id, 'note', null, null, n.body
      from public.alert_notes n where n.alert_id = _alert_id
  )
  select h.at, h.actor_id, coalesce(nullif(p.display_name, ''), p.email), h.kind,
         case when h.kind = 'assignment' then coalesce(nullif(pf.display_name, ''), pf.email, h.from_value) else h.from_value end,
         case when h.kind = 'assignment' then coalesce(nullif(pt.display_name, ''), pt.email, h.to_value) else h.to_value end,
         h.body
    from history h
    left join public.profiles p on p.id = h.actor_id
    left join public.profiles pf on h.kind = 'assignment' and pf.id::text = h.from_value
    left join public.profiles pt on h.kind = 'assignment' and pt.id::text = h.to_value
   where (select auth.uid()) is not null or (select auth.role()) = 'service_role'
   order by h.at
$$;
comment on function public.alert_history(uuid) is 'One alert''s history, oldest first: raised, status changes, assignments (with names) and notes; for signed-in users.';
revoke all on function public.alert_history(uuid) from public, anon;
grant execute on function public.alert_history(uuid) to authenticated, service_role;
