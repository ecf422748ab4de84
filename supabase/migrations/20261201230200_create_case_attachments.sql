-- Case attachments (issue 29 §1): files in the private `case-attachments` bucket under
-- `<case id>/<file>`; whoever reads the case reads and adds its files (the case's TLP and the
-- reader's clearance apply, as to everything in the case), the uploader removes their own.
-- Adding and removing a file writes the case's timeline (a trigger on storage.objects, so every
-- path through the storage API leaves its trace).

-- 25 MiB: a PDF report, a packet capture excerpt, a screenshot.
insert into storage.buckets (id, name, public, file_size_limit)
values ('case-attachments', 'case-attachments', false, 26214400)
on conflict (id) do nothing;

-- The case of an attachment path (`<case id>/…`), or null when the first folder is not a case id.
create function private.attachment_case_id(_name text) returns uuid
language sql immutable set search_path = '' as $$
  select case when _name ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.+'
    then split_part(_name, '/', 1)::uuid end
$$;
comment on function private.attachment_case_id(text) is 'The case id an attachment path starts with (`<case id>/…`), null when it does not.';
revoke all on function private.attachment_case_id(text) from public, anon;
grant execute on function private.attachment_case_id(text) to authenticated, service_role;

create policy "Users attach files to the cases they read" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'case-attachments' and private.case_readable(private.attachment_case_id(name)));
create policy "Users read the attachments of the cases they read" on storage.objects
  for select to authenticated
  using (bucket_id = 'case-attachments' and private.case_readable(private.attachment_case_id(name)));
create policy "Users remove the attachments they added to cases they read" on storage.objects
  for delete to authenticated
  using (bucket_id = 'case-attachments' and owner_id = (select auth.uid())::text
         and private.case_readable(private.attachment_case_id(name)));

create function private.record_case_attachment() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  _row storage.objects;
  _case uuid;
begin
  if tg_op = 'DELETE' then _row := old; else _row := new; end if;
  _case := private.attachment_case_id(_row.name);
  if _row.bucket_id <> 'case-attachments' or _case is null
     or not exists (select 1 from public.cases c where c.id = _case) then
    return null;
  end if;
  insert into public.case_events (case_id, actor, kind, details)
  values (_case, (select auth.uid()), case tg_op when 'INSERT' then 'attachment_added' else 'attachment_removed' end,
          jsonb_build_object('name', substr(_row.name, 38), 'size', case when _row.metadata ->> 'size' ~ '^[0-9]{1,18}$' then (_row.metadata ->> 'size')::bigint end));
  return null;
end
$$;
comment on function private.record_case_attachment() is 'Trigger on storage.objects: a file added to or removed from a case''s folder of case-attachments goes on the case''s timeline.';
revoke all on function private.record_case_attachment() from public, anon, authenticated;

create trigger case_attachments_timeline after insert or delete on storage.objects
  for each row execute function private.record_case_attachment();
