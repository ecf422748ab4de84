-- History and notes on every object (issue 29 §2): who changed which field of a knowledge object,
-- relationship or indicator, and when; and analysts' notes on any of them. Both are append-only
-- and readable exactly when the object is (through a merge too: a merged object's history and
-- notes are read on the object it was merged into).
--
-- What is recorded: every change a signed-in user makes (through REST or an RPC), the creation of
-- what analysts write, merges, and an import's attempt to overwrite a field an analyst edited
-- (action 'import_kept': the import offered `new_value`, the analyst's `old_value` stays). Plain
-- imports of unedited rows are not recorded field by field (millions of rows a day; the import
-- runs in intel_events say what each source delivered).

create table public.object_history (
  id bigint generated always as identity primary key,
  object_kind text not null check (object_kind in ('object', 'relationship', 'indicator')),
  object_id text not null check (char_length(object_id) <= 300),
  action text not null check (action in ('created', 'changed', 'import_kept', 'merged')),
  field text check (char_length(field) <= 64),
  old_value jsonb,
  new_value jsonb,
  changed_by uuid references auth.users (id) on delete set null,
  changed_at timestamptz not null default now()
);
comment on table public.object_history is
  'Field-level history of knowledge objects, relationships and indicators: analysts'' changes, creations, merges and imports that kept an analyst''s edit; append-only, readable with the object.';
comment on column public.object_history.object_kind is 'object (intel_objects), relationship or indicator.';
comment on column public.object_history.object_id is 'The STIX id of the object.';
comment on column public.object_history.action is 'created, changed (a field), import_kept (an import offered new_value; the analyst''s old_value was kept) or merged.';
comment on column public.object_history.field is 'The field, or null for a whole-object event.';
comment on column public.object_history.old_value is 'Value before (rendered as text only).';
comment on column public.object_history.new_value is 'Value after, or what the import offered (rendered as text only).';
comment on column public.object_history.changed_by is 'Who changed it; null for an import or a job.';
comment on column public.object_history.changed_at is 'When.';
create index object_history_object_idx on public.object_history (object_id, changed_at desc, id desc);

create table public.object_notes (
  id bigint generated always as identity primary key,
  object_kind text not null check (object_kind in ('object', 'relationship', 'indicator')),
  object_id text not null check (char_length(object_id) <= 300),
  body text not null check (char_length(btrim(body)) between 1 and 20000),
  tlp public.tlp_level not null default 'amber',
  author uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
comment on table public.object_notes is
  'Analysts'' notes on any knowledge object, relationship or indicator; append-only, at most the object''s TLP, readable with the object.';
comment on column public.object_notes.object_kind is 'object (intel_objects), relationship or indicator.';
comment on column public.object_notes.object_id is 'The STIX id of the object.';
comment on column public.object_notes.body is 'The note (Markdown, stored raw, rendered as text only).';
comment on column public.object_notes.tlp is 'The note''s TLP, at most the object''s.';
comment on column public.object_notes.author is 'Who wrote it (set by the database).';
comment on column public.object_notes.created_at is 'When.';
create index object_notes_object_idx on public.object_notes (object_id, created_at desc);

-- Whether the caller reads the object (RLS answers: security invoker), through a merge too.
create function private.object_readable(_kind text, _id text) returns boolean
language sql stable security invoker set search_path = '' as $$
  select case _kind
    when 'object' then exists (select 1 from public.intel_objects o where o.stix_id = private.resolve_stix_id(_id))
    when 'relationship' then exists (select 1 from public.relationships r where r.stix_id = _id)
    when 'indicator' then exists (select 1 from public.indicators i where i.stix_id = _id)
    else false end
$$;
comment on function private.object_readable(text, text) is
  'Whether the caller can read this knowledge object (or the one it was merged into), relationship or indicator; RLS answers.';
revoke all on function private.object_readable(text, text) from public, anon;
grant execute on function private.object_readable(text, text) to authenticated, service_role;

-- The TLP of an object the caller reads (null when they cannot).
create function private.object_tlp(_kind text, _id text) returns public.tlp_level
language sql stable security invoker set search_path = '' as $$
  select case _kind
    when 'object' then (select o.tlp from public.intel_objects o where o.stix_id = private.resolve_stix_id(_id))
    when 'relationship' then (select r.tlp from public.relationships r where r.stix_id = _id)
    when 'indicator' then (select i.tlp from public.indicators i where i.stix_id = _id)
  end
$$;
comment on function private.object_tlp(text, text) is 'The TLP of an object the caller can read, else null; RLS applies.';
revoke all on function private.object_tlp(text, text) from public, anon;
grant execute on function private.object_tlp(text, text) to authenticated, service_role;

alter table public.object_history enable row level security;
grant select on public.object_history to authenticated;
grant select, insert on public.object_history to service_role;
create policy "Users read the history of the objects they read" on public.object_history
  for select to authenticated using (private.object_readable(object_kind, object_id));

alter table public.object_notes enable row level security;
grant select on public.object_notes to authenticated;
grant insert (object_kind, object_id, body, tlp) on public.object_notes to authenticated;
grant select, insert on public.object_notes to service_role;
create policy "Users read the notes on the objects they read" on public.object_notes
  for select to authenticated using (private.object_readable(object_kind, object_id) and tlp <= (select private.caller_clearance()));
create policy "Analysts add notes as themselves on the objects they read" on public.object_notes
  for insert to authenticated
  with check (author = (select auth.uid()) and private.object_readable(object_kind, object_id));

-- A note is at most its object's TLP, and its author is the caller.
create function private.check_object_note() returns trigger
language plpgsql set search_path = '' as $$
declare
  _tlp public.tlp_level := private.object_tlp(new.object_kind, new.object_id);
begin
  if (select auth.uid()) is not null then
    new.author := (select auth.uid());
  end if;
  new.created_at := now();
  if _tlp is null then
    -- Absent and hidden read alike.
    raise exception 'No object you can read has the id %.', left(new.object_id, 300) using errcode = '22023';
  end if;
  if new.tlp > _tlp then
    raise exception 'A note is at most its object''s TLP (TLP:%); this one is TLP:%.', upper(_tlp::text), upper(new.tlp::text)
      using errcode = '22023';
  end if;
  return new;
end
$$;
comment on function private.check_object_note() is 'Trigger: a note names an object the caller reads, is at most its TLP, and is the caller''s.';
revoke all on function private.check_object_note() from public, anon, authenticated;
create trigger object_notes_check before insert on public.object_notes
  for each row execute function private.check_object_note();

-- Nobody rewrites history or notes, the table owner included.
create function private.refuse_history_change() returns trigger
language plpgsql set search_path = '' as $$
begin
  raise exception '% is append-only.', tg_table_name using errcode = '42501';
end
$$;
comment on function private.refuse_history_change() is 'Refuses update, delete and truncate of object_history and object_notes.';
revoke all on function private.refuse_history_change() from public, anon, authenticated;
create trigger object_history_is_append_only before update or delete on public.object_history
  for each row execute function private.refuse_history_change();
create trigger object_history_is_not_truncated before truncate on public.object_history
  for each statement execute function private.refuse_history_change();
create trigger object_notes_are_append_only before update or delete on public.object_notes
  for each row execute function private.refuse_history_change();
create trigger object_notes_are_not_truncated before truncate on public.object_notes
  for each statement execute function private.refuse_history_change();

-- ── Writing the history ──────────────────────────────────────────────────────────────────────────
-- An import offered values for fields an analyst edited and the analyst's stayed (called by the
-- authoring triggers of 20261202000000). A source that repeats the same offer is recorded once.
create function private.record_kept_fields(_kind text, _id text, _fields text[], _old jsonb, _offered jsonb)
returns void
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.object_history (object_kind, object_id, action, field, old_value, new_value, changed_by)
  select _kind, _id, 'import_kept', f, _old -> f, _offered -> f, null
    from unnest(_fields) f
   where not exists (
     select 1 from (select h.action, h.new_value from public.object_history h
                     where h.object_id = _id and h.field = f order by h.changed_at desc, h.id desc limit 1) last
      where last.action = 'import_kept' and last.new_value is not distinct from _offered -> f);
end
$$;
comment on function private.record_kept_fields(text, text, text[], jsonb, jsonb) is
  'Records that an import offered new values for fields an analyst edited and the analyst''s values were kept (once per distinct offer).';
revoke all on function private.record_kept_fields(text, text, text[], jsonb, jsonb) from public, anon, authenticated;
grant execute on function private.record_kept_fields(text, text, text[], jsonb, jsonb) to service_role;

-- Row trigger: TG_ARGV[0] is the object kind; the fields compared are the typed ones a person
-- changes (bookkeeping such as search columns, scores and updated_at is left out).
create function private.record_object_history() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  _kind text := tg_argv[0];
  _fields text[] := case _kind
    when 'object' then private.authored_object_fields() || array['type', 'merged_into']
    when 'relationship' then private.authored_relationship_fields() || array['source_ref', 'target_ref']
    else array['tlp', 'confidence', 'name', 'description', 'valid_from', 'valid_until', 'revoked', 'revocation_reason',
               'labels', 'red_audience'] end;
  _newj jsonb := to_jsonb(new);
  _oldj jsonb;
begin
  if tg_op = 'INSERT' then
    insert into public.object_history (object_kind, object_id, action, field, old_value, new_value, changed_by)
    values (_kind, new.stix_id, 'created', null, null,
            (select jsonb_object_agg(f, _newj -> f) from unnest(_fields) f where _newj -> f <> 'null'::jsonb),
            (select auth.uid()));
    return null;
  end if;
  _oldj := to_jsonb(old);
  insert into public.object_history (object_kind, object_id, action, field, old_value, new_value, changed_by)
  select _kind, new.stix_id, 'changed', f, _oldj -> f, _newj -> f, (select auth.uid())
    from unnest(private.changed_fields(_oldj, _newj, _fields)) f;
  return null;
end
$$;
comment on function private.record_object_history() is
  'Trigger: records the creation of what a user writes and each field a user changes (TG_ARGV[0] = object kind).';
revoke all on function private.record_object_history() from public, anon, authenticated;

-- Only users' writes: importers write as the service role or the owner (auth.uid() is null).
create trigger intel_objects_history after insert or update on public.intel_objects
  for each row when (auth.uid() is not null) execute function private.record_object_history('object');
create trigger relationships_history after insert or update on public.relationships
  for each row when (auth.uid() is not null) execute function private.record_object_history('relationship');
create trigger indicators_history after insert or update on public.indicators
  for each row when (auth.uid() is not null) execute function private.record_object_history('indicator');
