-- An analyst turns a hunt hit into an alert: the same engine, rule and deduplication as automatic
-- matches, so a hit raised twice (or already alerted by telemetry) is one alert in the queue.

insert into public.detection_rules (key, name, description, severity, category, min_confidence) values
  ('hunt-hit', 'Threat hunt hit raised by an analyst',
   'An analyst found a known indicator in a hunt and raised it for triage.', 'high', 'hunt', 0);

create function public.alert_from_hunt(_indicator_id bigint, _hunt text default null, _note text default null)
returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  hit public.indicators;
  rule public.detection_rules;
  alert uuid;
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in to raise an alert.' using errcode = '42501';
  end if;
  -- The caller must be able to read the indicator: RED stays with those RLS lets see it.
  select * into hit from public.indicators i
   where i.id = _indicator_id and (i.tlp <> 'red' or private.red_readable_by_caller());
  if not found then
    raise exception 'No such indicator.';
  end if;
  select * into rule from public.detection_rules where key = 'hunt-hit';
  if hit.tlp > rule.max_tlp then
    raise exception 'TLP:% intelligence cannot be raised as an alert: every analyst reads alerts.', upper(hit.tlp::text)
      using errcode = '42501';
  end if;
  alert := private.raise_alert(
    'hunt-hit', 'indicator:' || hit.id,
    format('Hunt hit: %s %s', hit.type, hit.value),
    format('Found in %s by an analyst%s.', coalesce('the hunt "' || left(_hunt, 200) || '"', 'a hunt'),
           coalesce(': ' || left(_note, 2000), '')),
    jsonb_build_object('indicator_id', hit.id, 'type', hit.type, 'value', hit.value, 'hunt', left(_hunt, 200),
                       'note', left(_note, 2000), 'raised_by', (select auth.uid()), 'confidence', hit.confidence,
                       'tlp', hit.tlp),
    1, hit.id);
  if alert is null then
    raise exception 'The hunt rule is switched off, or this indicator''s alert was closed moments ago.'
      using hint = 'Check the hunt-hit rule in the detection rules.';
  end if;
  return alert;
end
$$;
comment on function public.alert_from_hunt(bigint, text, text) is
  'Raises (or updates) the hunt-hit alert for an indicator the caller can read and whose TLP the rule allows; answers the alert id.';
revoke all on function public.alert_from_hunt(bigint, text, text) from public, anon;
grant execute on function public.alert_from_hunt(bigint, text, text) to authenticated, service_role;
