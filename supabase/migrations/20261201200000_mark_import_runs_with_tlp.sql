-- An import run carries the TLP of what it read (issue 36 §4): its rejects quote the offending
-- values, and its error and input named server paths. A run is marked with its source's default TLP
-- (and reads with the source's TLP:RED audience); a caller reads a run only up to their clearance,
-- RED only in the source's audience, and always the runs they asked for themselves (it is their
-- file). So an analyst outside a RED source's audience sees nothing of its runs, counts included.
-- Server paths never reach the row: a path in input, error or rejects keeps only its last part.

alter table public.import_runs add column tlp public.tlp_level not null default 'amber';
comment on column public.import_runs.tlp is
  'The TLP of what the run read: its source''s default TLP (set by the database); its rejects and error are read under it.';

-- Every run so far takes its source's marking.
update public.import_runs r set tlp = s.default_tlp from public.sources s where s.id = r.source_id and r.tlp <> s.default_tlp;

-- "/srv/feeds/x/list.csv" -> "list.csv" anywhere in a text, leaving URLs ("https://host/a/b") alone:
-- a path starts after a space, a quote, a bracket or the start, never after a letter, ':' or '/'.
create function private.strip_server_paths(_text text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select regexp_replace(_text, '(?<![[:alnum:]_:/.~\\-])(/[^/[:space:]''"\\]+)+/', '', 'g')
$$;
comment on function private.strip_server_paths(text) is
  'Keeps only the last part of absolute file paths in a text (URLs untouched), so that import runs never name server folders.';
revoke all on function private.strip_server_paths(text) from public, anon;
grant execute on function private.strip_server_paths(text) to authenticated, service_role;

create function private.mark_import_run() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.source_id is not null and (tg_op = 'INSERT' or new.source_id is distinct from old.source_id) then
    select s.default_tlp into new.tlp from public.sources s where s.id = new.source_id;
    new.tlp := coalesce(new.tlp, 'amber');
  end if;
  -- An upload's input is the object in the uploader's own storage folder: not a server path.
  if new.upload is null and new.input !~ '^[a-zA-Z][a-zA-Z0-9+.-]*://' then
    new.input := regexp_replace(new.input, '^.*/', '');
  end if;
  new.error := private.strip_server_paths(new.error);
  if new.rejects is distinct from '[]'::jsonb and (tg_op = 'INSERT' or new.rejects is distinct from old.rejects) then
    new.rejects := private.strip_server_paths(new.rejects::text)::jsonb;
  end if;
  return new;
end
$$;
comment on function private.mark_import_run() is
  'Trigger: an import run takes its source''s default TLP, and its input, error and rejects keep no server folders.';
revoke all on function private.mark_import_run() from public, anon, authenticated;

create trigger import_runs_mark before insert or update of source_id, input, error, rejects on public.import_runs
  for each row execute function private.mark_import_run();

-- Runs so far: the same cleaning (the trigger is on, and each column is named, so it runs for each row).
update public.import_runs
   set input = case when upload is null and input !~ '^[a-zA-Z][a-zA-Z0-9+.-]*://' then regexp_replace(input, '^.*/', '') else input end,
       error = private.strip_server_paths(error),
       rejects = private.strip_server_paths(rejects::text)::jsonb
 where input like '%/%' or error like '%/%' or rejects::text like '%/%';

drop policy "Signed-in users read import runs" on public.import_runs;
create policy "Users read import runs up to their clearance, RED in its source's audience, and their own" on public.import_runs
  for select to authenticated
  using (requested_by = (select auth.uid())
         or (tlp <= (select private.caller_clearance()) and (tlp <> 'red' or private.red_readable(null, array[source_id]))));
