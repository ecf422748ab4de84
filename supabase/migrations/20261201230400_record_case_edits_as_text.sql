-- Editing a case (its title, description, severity, due date, TLP or PAP) failed: the timeline
-- trigger appended each field's name to a text[] as an untyped literal, which PostgreSQL read as an
-- array literal ("Array value must start with "{""). The names are typed now.

create or replace function private.record_case_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  _uid uuid := (select auth.uid());
  _edited text[] := '{}';
begin
  if tg_op = 'INSERT' then
    insert into public.case_events (case_id, actor, kind, details)
    values (new.id, _uid, 'created', jsonb_build_object('title', new.title, 'kind', new.kind, 'severity', new.severity, 'tlp', new.tlp));
    return null;
  end if;
  if new.status is distinct from old.status then
    insert into public.case_events (case_id, actor, kind, details)
    values (new.id, _uid, 'status_changed', jsonb_build_object('from', old.status, 'to', new.status)
            || coalesce(jsonb_build_object('reason', nullif(current_setting('cti.case_reason', true), '')), '{}'::jsonb));
  end if;
  if new.assignee is distinct from old.assignee then
    insert into public.case_events (case_id, actor, kind, details)
    values (new.id, _uid, 'assigned', jsonb_build_object('from', old.assignee, 'to', new.assignee));
  end if;
  if new.title is distinct from old.title then _edited := _edited || 'title'::text; end if;
  if new.description is distinct from old.description then _edited := _edited || 'description'::text; end if;
  if new.severity is distinct from old.severity then _edited := _edited || 'severity'::text; end if;
  if new.due_at is distinct from old.due_at then _edited := _edited || 'due date'::text; end if;
  if new.tlp is distinct from old.tlp or new.red_audience is distinct from old.red_audience then _edited := _edited || 'TLP'::text; end if;
  if new.pap is distinct from old.pap then _edited := _edited || 'PAP'::text; end if;
  if cardinality(_edited) > 0 then
    insert into public.case_events (case_id, actor, kind, details)
    values (new.id, _uid, 'edited', jsonb_build_object('fields', to_jsonb(_edited),
      'severity', case when 'severity' = any (_edited) then jsonb_build_object('from', old.severity, 'to', new.severity) end));
  end if;
  return null;
end
$$;
