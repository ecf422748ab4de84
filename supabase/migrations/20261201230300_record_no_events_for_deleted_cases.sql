-- Deleting a case (the service role, a clean-up) cascades to its alerts and links, whose timeline
-- trigger then wrote an event for the case being deleted and failed on its foreign key: the
-- deletion was refused. The trigger now records nothing for a case that is gone.

create or replace function private.record_case_event() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  _case uuid := coalesce(new.case_id, old.case_id);
  _uid uuid := (select auth.uid());
  _kind text;
  _details jsonb := '{}'::jsonb;
  _field text;
begin
  -- A case being deleted takes its alerts, links, tasks and notes with it: nothing to record.
  if tg_op = 'DELETE' and not exists (select 1 from public.cases c where c.id = _case) then
    return null;
  end if;
  if tg_table_name = 'case_alerts' then
    _kind := case tg_op when 'INSERT' then 'alert_added' else 'alert_removed' end;
    _details := jsonb_build_object('alert_id', coalesce(new.alert_id, old.alert_id),
      'title', (select a.title from public.enhanced_security_alerts a where a.id = coalesce(new.alert_id, old.alert_id)));
  elsif tg_table_name = 'case_links' then
    _kind := case tg_op when 'INSERT' then 'linked' else 'unlinked' end;
    _details := jsonb_build_object('kind', coalesce(new.kind, old.kind), 'ref', coalesce(new.ref, old.ref));
  elsif tg_table_name = 'case_tasks' then
    if tg_op = 'INSERT' then
      _kind := 'task_added';
    elsif new.done is distinct from old.done then
      _kind := case when new.done then 'task_done' else 'task_reopened' end;
    else
      return null;
    end if;
    _details := jsonb_build_object('task_id', new.id, 'title', new.title);
  elsif tg_table_name = 'case_notes' then
    _kind := 'note_added';
    _details := jsonb_build_object('note_id', new.id);
  end if;
  insert into public.case_events (case_id, actor, kind, details) values (_case, _uid, _kind, _details);
  return null;
end
$$;
comment on function private.record_case_event() is 'Trigger: writes the timeline entry for a change to a case''s alerts, links, tasks or notes.';
