-- A case's TLP and PAP change after it is opened (issue 29 §1: a case has TLP/PAP; an incident that
-- turns out to touch a partner's secret goes to RED, an RFI answered for the community goes down to
-- GREEN). update_case takes them, checked as create_case checks them: a TLP up to the caller's
-- clearance, RED only with an audience that includes one of the caller's groups cleared for it, an
-- audience only for RED, and the assignee must still read the case at its new marking. The change
-- is on the case's timeline (the 'edited' event names TLP/PAP) and in the audit trail. The return
-- type and arguments change, so the function is dropped and created again.
drop function public.update_case(uuid, text, text, text, timestamptz);

create function public.update_case(
  _case_id uuid,
  _title text default null,
  _description text default null,
  _severity text default null,
  _due_at timestamptz default null,
  _tlp text default null,
  _red_audience uuid[] default null,
  _pap text default null
) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  _case public.cases := private.case_for_work(_case_id);
  _tlp_value public.tlp_level := _case.tlp;
  _audience uuid[] := _case.red_audience;
  _pap_value public.pap_level := _case.pap;
begin
  if _title is not null and char_length(btrim(_title)) not between 1 and 300 then
    raise exception 'A case needs a title of 1 to 300 characters.' using errcode = '22023';
  end if;
  if _description is not null and char_length(_description) > 100000 then
    raise exception 'A description has at most 100,000 characters.' using errcode = '22023';
  end if;
  if _severity is not null and lower(_severity) not in (select unnest(enum_range(null::public.alert_severity))::text) then
    raise exception 'Unknown severity "%": use low, medium, high or critical.', left(_severity, 50) using errcode = '22023';
  end if;
  if _tlp is not null then
    if lower(_tlp) not in (select unnest(enum_range(null::public.tlp_level))::text) then
      raise exception 'Unknown TLP level "%": use clear, green, amber, amber+strict or red.', left(_tlp, 50) using errcode = '22023';
    end if;
    _tlp_value := lower(_tlp)::public.tlp_level;
    _audience := case when _tlp_value = 'red' then coalesce(_red_audience, _case.red_audience) else coalesce(_red_audience, '{}') end;
  elsif _red_audience is not null then
    _audience := _red_audience;
  end if;
  if _pap is not null then
    if lower(_pap) not in (select unnest(enum_range(null::public.pap_level))::text) then
      raise exception 'Unknown PAP level "%": use clear, green, amber or red.', left(_pap, 50) using errcode = '22023';
    end if;
    _pap_value := lower(_pap)::public.pap_level;
  end if;
  if _tlp_value is distinct from _case.tlp or _audience is distinct from _case.red_audience then
    if _tlp_value > private.caller_clearance() then
      raise exception 'Your clearance does not reach TLP:%: mark the case at a lower TLP.', upper(_tlp_value::text) using errcode = '42501';
    end if;
    if _tlp_value = 'red' and not private.in_red_audience(_audience) then
      raise exception 'A TLP:RED case needs an audience that includes one of your groups cleared for TLP:RED.' using errcode = '22023';
    end if;
    if _tlp_value <> 'red' and cardinality(_audience) > 0 then
      raise exception 'Only a TLP:RED case names an audience.' using errcode = '22023';
    end if;
    perform private.check_case_assignee(_case.assignee, _tlp_value, _audience);
  end if;
  update public.cases
     set title = coalesce(btrim(_title), title),
         description = coalesce(_description, description),
         severity = coalesce(lower(_severity)::public.alert_severity, severity),
         due_at = coalesce(_due_at, due_at),
         tlp = _tlp_value,
         red_audience = _audience,
         pap = _pap_value
   where id = _case_id;
  if _tlp_value is distinct from _case.tlp or _audience is distinct from _case.red_audience or _pap_value is distinct from _case.pap then
    perform private.record_audit('case.marked', 'case', _case_id::text,
      jsonb_build_object('tlp', jsonb_build_object('from', _case.tlp, 'to', _tlp_value),
                         'pap', jsonb_build_object('from', _case.pap, 'to', _pap_value),
                         'red_audience', to_jsonb(_audience)));
  end if;
end
$$;
comment on function public.update_case(uuid, text, text, text, timestamptz, text, uuid[], text) is
  'Changes a case''s title, description, severity, due date, TLP (RED: with an audience including the caller), PAP (what is null stays). A new marking is checked as at opening, must still be readable by the assignee, and is audited.';
revoke all on function public.update_case(uuid, text, text, text, timestamptz, text, uuid[], text) from public, anon;
grant execute on function public.update_case(uuid, text, text, text, timestamptz, text, uuid[], text) to authenticated;
