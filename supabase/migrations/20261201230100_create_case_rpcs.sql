-- The case functions (issue 29 §1): the only way cases change. Each one is security definer with a
-- pinned search_path, checks that the caller is signed in and reads the case (the same refusal for a
-- case that does not exist and one they cannot read), and refuses a link to anything they cannot
-- read with the same words as for a missing id, so a refusal never tells whether it exists.
-- Opening a case, moving its status and assigning it are recorded in the audit trail as well.

create function private.case_for_work(_case_id uuid) returns public.cases
language plpgsql stable security definer set search_path = '' as $$
declare
  _case public.cases;
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in to work on cases.' using errcode = '42501';
  end if;
  select * into _case from public.cases c where c.id = _case_id and private.case_readable(c.id);
  if not found then
    raise exception 'There is no case % that you can read.', coalesce(_case_id::text, '(none)') using errcode = '22023';
  end if;
  return _case;
end
$$;
comment on function private.case_for_work(uuid) is 'The case the signed-in caller reads, or the refusal (22023) that a missing case gets too.';
revoke all on function private.case_for_work(uuid) from public, anon, authenticated;

create function private.parse_case_kind(_kind text) returns public.case_kind
language plpgsql immutable set search_path = '' as $$
declare
  _k text := regexp_replace(lower(btrim(coalesce(_kind, ''))), '[\s_-]+', ' ', 'g');
begin
  return case _k
    when 'incident' then 'incident'
    when 'incident response' then 'incident'
    when 'rfi' then 'rfi'
    when 'request for information' then 'rfi'
    when 'takedown' then 'takedown'
    else null end;
end
$$;
comment on function private.parse_case_kind(text) is 'incident, rfi ("request for information" too) or takedown from text, case and separators ignored; null when unknown.';
revoke all on function private.parse_case_kind(text) from public, anon;

create function private.check_case_assignee(_user_id uuid, _tlp public.tlp_level, _audience uuid[]) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if _user_id is not null and not exists (select 1 from auth.users u where u.id = _user_id) then
    raise exception 'There is no such user to assign.' using errcode = '22023';
  end if;
  if _user_id is not null and not private.user_reads_tlp(_user_id, _tlp, _audience) then
    raise exception 'That person''s clearance does not read this TLP:% case; assign someone who can read it.', upper(_tlp::text)
      using errcode = '22023';
  end if;
end
$$;
comment on function private.check_case_assignee(uuid, public.tlp_level, uuid[]) is 'Refuses an assignee who does not exist or whose clearance does not read the case.';
revoke all on function private.check_case_assignee(uuid, public.tlp_level, uuid[]) from public, anon, authenticated;

-- Adds alerts to a case; an id that is unknown is refused (every signed-in user reads alerts, so
-- unknown is the only way an alert is unreadable today; the words do not say which).
create function private.add_case_alerts(_case_id uuid, _alert_ids uuid[]) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  _missing uuid;
  _added integer;
begin
  if cardinality(coalesce(_alert_ids, '{}')) > 500 then
    raise exception 'Add at most 500 alerts at a time.' using errcode = '22023';
  end if;
  select a into _missing from unnest(coalesce(_alert_ids, '{}')) a
   where a is null or not exists (select 1 from public.enhanced_security_alerts e where e.id = a) limit 1;
  if found then
    raise exception 'There is no alert % that you can read.', coalesce(_missing::text, '(none)') using errcode = '22023';
  end if;
  insert into public.case_alerts (case_id, alert_id, added_by)
  select _case_id, a, (select auth.uid()) from (select distinct a from unnest(_alert_ids) a) d
  on conflict do nothing;
  get diagnostics _added = row_count;
  return _added;
end
$$;
comment on function private.add_case_alerts(uuid, uuid[]) is 'Links alerts to a case (at most 500 at a time); an unknown id is refused as unreadable. Returns how many were new.';
revoke all on function private.add_case_alerts(uuid, uuid[]) from public, anon, authenticated;

create function public.create_case(
  _title text,
  _kind text,
  _alert_ids uuid[] default '{}',
  _severity text default null,
  _description text default '',
  _tlp text default 'amber',
  _red_audience uuid[] default '{}',
  _pap text default 'clear',
  _assignee uuid default null
) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  _kind_value public.case_kind := private.parse_case_kind(_kind);
  _tlp_value public.tlp_level;
  _severity_value public.alert_severity;
  _pap_value public.pap_level;
  _id uuid;
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in to open a case.' using errcode = '42501';
  end if;
  if char_length(btrim(coalesce(_title, ''))) not between 1 and 300 then
    raise exception 'A case needs a title of 1 to 300 characters.' using errcode = '22023';
  end if;
  if _kind_value is null then
    raise exception 'Unknown case kind "%": use incident, rfi (request for information) or takedown.', left(coalesce(_kind, ''), 50)
      using errcode = '22023';
  end if;
  if lower(coalesce(_tlp, '')) not in (select unnest(enum_range(null::public.tlp_level))::text) then
    raise exception 'Unknown TLP level "%": use clear, green, amber, amber+strict or red.', left(coalesce(_tlp, ''), 50) using errcode = '22023';
  end if;
  _tlp_value := lower(_tlp)::public.tlp_level;
  if _severity is not null and lower(_severity) not in (select unnest(enum_range(null::public.alert_severity))::text) then
    raise exception 'Unknown severity "%": use low, medium, high or critical.', left(_severity, 50) using errcode = '22023';
  end if;
  if lower(coalesce(_pap, '')) not in (select unnest(enum_range(null::public.pap_level))::text) then
    raise exception 'Unknown PAP level "%": use clear, green, amber or red.', left(coalesce(_pap, ''), 50) using errcode = '22023';
  end if;
  _pap_value := lower(_pap)::public.pap_level;
  if _tlp_value > private.caller_clearance() then
    raise exception 'Your clearance does not reach TLP:%: open the case at a lower TLP.', upper(_tlp_value::text) using errcode = '42501';
  end if;
  if _tlp_value = 'red' and not private.in_red_audience(_red_audience) then
    raise exception 'A TLP:RED case needs an audience that includes one of your groups cleared for TLP:RED.' using errcode = '22023';
  end if;
  if _tlp_value <> 'red' and cardinality(coalesce(_red_audience, '{}')) > 0 then
    raise exception 'Only a TLP:RED case names an audience.' using errcode = '22023';
  end if;
  -- Without a severity, the case takes the highest of its alerts' (medium without alerts).
  _severity_value := coalesce(lower(_severity)::public.alert_severity,
    (select max(a.severity) from public.enhanced_security_alerts a where a.id = any (_alert_ids)), 'medium');
  perform private.check_case_assignee(_assignee, _tlp_value, _red_audience);

  insert into public.cases (title, kind, description, severity, tlp, red_audience, pap, assignee, created_by)
  values (btrim(_title), _kind_value, coalesce(_description, ''), _severity_value, _tlp_value, coalesce(_red_audience, '{}'),
          _pap_value, _assignee, (select auth.uid()))
  returning id into _id;
  perform private.add_case_alerts(_id, _alert_ids);
  perform private.record_audit('case.created', 'case', _id::text,
    jsonb_build_object('kind', _kind_value, 'tlp', _tlp_value, 'alerts', cardinality(coalesce(_alert_ids, '{}'))));
  return _id;
end
$$;
comment on function public.create_case(text, text, uuid[], text, text, text, uuid[], text, uuid) is
  'Opens a case (kind incident, rfi/"request for information" or takedown) with the given alerts and returns its id. TLP up to the caller''s clearance (RED: an audience including the caller); severity defaults to the highest of the alerts''. Audited.';
revoke all on function public.create_case(text, text, uuid[], text, text, text, uuid[], text, uuid) from public, anon;
grant execute on function public.create_case(text, text, uuid[], text, text, text, uuid[], text, uuid) to authenticated;

create function public.add_to_case(_case_id uuid, _alert_ids uuid[]) returns integer
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.case_for_work(_case_id);
  return private.add_case_alerts(_case_id, _alert_ids);
end
$$;
comment on function public.add_to_case(uuid, uuid[]) is 'Adds alerts to a case the caller reads; returns how many were not in it yet.';
revoke all on function public.add_to_case(uuid, uuid[]) from public, anon;
grant execute on function public.add_to_case(uuid, uuid[]) to authenticated;

create function public.update_case_status(_case_id uuid, _status text, _reason text default null) returns public.case_status
language plpgsql volatile security definer set search_path = '' as $$
declare
  _case public.cases := private.case_for_work(_case_id);
  _to public.case_status;
begin
  if lower(replace(btrim(coalesce(_status, '')), ' ', '_')) not in (select unnest(enum_range(null::public.case_status))::text) then
    raise exception 'Unknown case status "%": use new, in_progress, on_hold, resolved or closed.', left(coalesce(_status, ''), 50)
      using errcode = '22023';
  end if;
  _to := lower(replace(btrim(_status), ' ', '_'))::public.case_status;
  if _case.status = 'closed' and _to <> 'closed' and char_length(btrim(coalesce(_reason, ''))) = 0 then
    raise exception 'Reopening a closed case needs a reason.' using errcode = '22023';
  end if;
  if char_length(coalesce(_reason, '')) > 2000 then
    raise exception 'A reason has at most 2,000 characters.' using errcode = '22023';
  end if;
  if _to = _case.status then
    return _to;
  end if;
  perform set_config('cti.case_reason', coalesce(btrim(_reason), ''), true);
  update public.cases set status = _to where id = _case_id;
  perform set_config('cti.case_reason', '', true);
  perform private.record_audit('case.status_changed', 'case', _case_id::text, jsonb_build_object('from', _case.status, 'to', _to));
  return _to;
end
$$;
comment on function public.update_case_status(uuid, text, text) is
  'Moves a case along its workflow (new, in_progress, on_hold, resolved, closed; illegal moves are refused by the database); reopening a closed case needs a reason. Audited.';
revoke all on function public.update_case_status(uuid, text, text) from public, anon;
grant execute on function public.update_case_status(uuid, text, text) to authenticated;

create function public.assign_case(_case_id uuid, _assignee uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  _case public.cases := private.case_for_work(_case_id);
begin
  perform private.check_case_assignee(_assignee, _case.tlp, _case.red_audience);
  if _assignee is distinct from _case.assignee then
    update public.cases set assignee = _assignee where id = _case_id;
    perform private.record_audit('case.assigned', 'case', _case_id::text, jsonb_build_object('from', _case.assignee, 'to', _assignee));
  end if;
end
$$;
comment on function public.assign_case(uuid, uuid) is 'Assigns a case (null: nobody) to someone whose clearance reads it. Audited.';
revoke all on function public.assign_case(uuid, uuid) from public, anon;
grant execute on function public.assign_case(uuid, uuid) to authenticated;

create function public.update_case(
  _case_id uuid, _title text default null, _description text default null, _severity text default null, _due_at timestamptz default null
) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.case_for_work(_case_id);
  if _title is not null and char_length(btrim(_title)) not between 1 and 300 then
    raise exception 'A case needs a title of 1 to 300 characters.' using errcode = '22023';
  end if;
  if _description is not null and char_length(_description) > 100000 then
    raise exception 'A description has at most 100,000 characters.' using errcode = '22023';
  end if;
  if _severity is not null and lower(_severity) not in (select unnest(enum_range(null::public.alert_severity))::text) then
    raise exception 'Unknown severity "%": use low, medium, high or critical.', left(_severity, 50) using errcode = '22023';
  end if;
  update public.cases
     set title = coalesce(btrim(_title), title),
         description = coalesce(_description, description),
         severity = coalesce(lower(_severity)::public.alert_severity, severity),
         due_at = coalesce(_due_at, due_at)
   where id = _case_id;
end
$$;
comment on function public.update_case(uuid, text, text, text, timestamptz) is 'Changes a case''s title, description, severity or due date (what is null stays).';
revoke all on function public.update_case(uuid, text, text, text, timestamptz) from public, anon;
grant execute on function public.update_case(uuid, text, text, text, timestamptz) to authenticated;

create function public.add_case_task(_case_id uuid, _title text, _assignee uuid default null) returns bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  _case public.cases := private.case_for_work(_case_id);
  _id bigint;
begin
  if char_length(btrim(coalesce(_title, ''))) not between 1 and 300 then
    raise exception 'A task needs a title of 1 to 300 characters.' using errcode = '22023';
  end if;
  if (select count(*) from public.case_tasks t where t.case_id = _case_id) >= 500 then
    raise exception 'A case holds at most 500 tasks.' using errcode = '22023';
  end if;
  perform private.check_case_assignee(_assignee, _case.tlp, _case.red_audience);
  insert into public.case_tasks (case_id, title, assignee, created_by)
  values (_case_id, btrim(_title), _assignee, (select auth.uid())) returning id into _id;
  return _id;
end
$$;
comment on function public.add_case_task(uuid, text, uuid) is 'Adds a task to a case the caller reads; returns its id.';
revoke all on function public.add_case_task(uuid, text, uuid) from public, anon;
grant execute on function public.add_case_task(uuid, text, uuid) to authenticated;

create function public.complete_case_task(_task_id bigint, _done boolean default true) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  _case_id uuid := (select t.case_id from public.case_tasks t where t.id = _task_id);
begin
  if _case_id is null or not private.case_readable(_case_id) then
    if (select auth.uid()) is null then
      raise exception 'Sign in to work on cases.' using errcode = '42501';
    end if;
    raise exception 'There is no task % that you can read.', coalesce(_task_id::text, '(none)') using errcode = '22023';
  end if;
  perform private.case_for_work(_case_id);
  update public.case_tasks
     set done = coalesce(_done, true),
         done_at = case when coalesce(_done, true) then now() end,
         done_by = case when coalesce(_done, true) then (select auth.uid()) end
   where id = _task_id and done is distinct from coalesce(_done, true);
end
$$;
comment on function public.complete_case_task(bigint, boolean) is 'Marks a task of a case the caller reads done (or not done again).';
revoke all on function public.complete_case_task(bigint, boolean) from public, anon;
grant execute on function public.complete_case_task(bigint, boolean) to authenticated;

create function public.add_case_note(_case_id uuid, _body text) returns bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  _id bigint;
begin
  perform private.case_for_work(_case_id);
  if char_length(btrim(coalesce(_body, ''))) not between 1 and 20000 then
    raise exception 'A note needs 1 to 20,000 characters.' using errcode = '22023';
  end if;
  insert into public.case_notes (case_id, author, body) values (_case_id, (select auth.uid()), _body) returning id into _id;
  return _id;
end
$$;
comment on function public.add_case_note(uuid, text) is 'Appends a note (Markdown, stored as written) to a case the caller reads; notes are never edited or deleted.';
revoke all on function public.add_case_note(uuid, text) from public, anon;
grant execute on function public.add_case_note(uuid, text) to authenticated;

-- Whether the caller reads the row a link names; false for a missing one, the same answer.
create function private.case_link_readable(_kind text, _ref text) returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  return case _kind
    when 'alert' then _ref ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      and exists (select 1 from public.enhanced_security_alerts a where a.id = _ref::uuid)
    when 'indicator' then _ref ~ '^[0-9]{1,18}$'
      and exists (select 1 from public.indicators i where i.id = _ref::bigint
                    and i.tlp <= private.caller_clearance()
                    and (i.tlp <> 'red' or private.indicator_red_readable(i.id, i.red_audience)))
    when 'sighting' then exists (select 1 from public.sightings s where s.stix_id = _ref
                                   and private.tlp_readable(s.tlp, s.red_audience, s.source_ids))
    when 'intel_object' then exists (select 1 from public.intel_objects o where o.stix_id = _ref
                                       and private.tlp_readable(o.tlp, o.red_audience, o.source_ids))
    when 'asset' then _ref ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      and exists (select 1 from public.assets a where a.id = _ref::uuid)
    else false
  end;
end
$$;
comment on function private.case_link_readable(text, text) is 'Whether the caller reads the alert, indicator, sighting, knowledge object or asset a case link names (false when it does not exist).';
revoke all on function private.case_link_readable(text, text) from public, anon, authenticated;

create function private.case_link_kind_name(_kind text) returns text
language sql immutable set search_path = '' as $$
  select case _kind when 'intel_object' then 'knowledge object' else _kind end
$$;
comment on function private.case_link_kind_name(text) is 'How a link kind is named in refusals.';
revoke all on function private.case_link_kind_name(text) from public, anon, authenticated;

create function public.link_case_entity(_case_id uuid, _kind text, _ref text) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  _k text := lower(btrim(coalesce(_kind, '')));
  _r text := btrim(coalesce(_ref, ''));
begin
  perform private.case_for_work(_case_id);
  if _k not in ('alert', 'indicator', 'sighting', 'intel_object', 'asset') then
    raise exception 'Unknown link kind "%": use alert, indicator, sighting, intel_object or asset.', left(_kind, 50) using errcode = '22023';
  end if;
  if char_length(_r) not between 1 and 300 or not private.case_link_readable(_k, _r) then
    raise exception 'There is no % % that you can read.', private.case_link_kind_name(_k), left(_r, 300) using errcode = '22023';
  end if;
  if _k = 'alert' then
    perform private.add_case_alerts(_case_id, array[_r::uuid]);
  else
    insert into public.case_links (case_id, kind, ref, added_by) values (_case_id, _k::public.case_link_kind, _r, (select auth.uid()))
    on conflict do nothing;
  end if;
end
$$;
comment on function public.link_case_entity(uuid, text, text) is
  'Links an alert, indicator (id), sighting or knowledge object (STIX id) or asset (id) to a case the caller reads; something the caller cannot read is refused exactly as a missing one.';
revoke all on function public.link_case_entity(uuid, text, text) from public, anon;
grant execute on function public.link_case_entity(uuid, text, text) to authenticated;

create function public.unlink_case_entity(_case_id uuid, _kind text, _ref text) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  _k text := lower(btrim(coalesce(_kind, '')));
  _r text := btrim(coalesce(_ref, ''));
begin
  perform private.case_for_work(_case_id);
  if _k = 'alert' then
    delete from public.case_alerts where case_id = _case_id and alert_id::text = lower(_r);
  elsif _k in ('indicator', 'sighting', 'intel_object', 'asset') then
    delete from public.case_links where case_id = _case_id and kind = _k::public.case_link_kind and ref = _r;
  else
    raise exception 'Unknown link kind "%": use alert, indicator, sighting, intel_object or asset.', left(_kind, 50) using errcode = '22023';
  end if;
  return found;
end
$$;
comment on function public.unlink_case_entity(uuid, text, text) is 'Removes a link (or an alert) from a case the caller reads; answers whether there was one.';
revoke all on function public.unlink_case_entity(uuid, text, text) from public, anon;
grant execute on function public.unlink_case_entity(uuid, text, text) to authenticated;
