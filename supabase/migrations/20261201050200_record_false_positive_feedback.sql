-- Indicator lifecycle, part 5: false-positive feedback. An analyst dismissing an alert may say it
-- was a false positive (`false_positive = true` with the dismissal, through the same PATCH as the
-- status and reason). The sighting behind the alert is then marked false-positive, which halves the
-- indicator's score (private.decayed_score) and stops that sighting refreshing it; the app offers
-- to add the value to an exclusion list (add_exclusion with the alert's id). Reopening the alert
-- takes the verdict back: the sighting is cleared unless another alert on it is still judged a false
-- positive. Each verdict is in the alert's history and in the audit trail.

alter table public.enhanced_security_alerts
  add column false_positive boolean not null default false;
comment on column public.enhanced_security_alerts.false_positive is
  'Dismissed as a false positive: marks the sighting behind the alert false-positive (the indicator''s score halves). Only while dismissed; reopening clears it.';
grant update (false_positive) on public.enhanced_security_alerts to authenticated;
create index enhanced_security_alerts_false_positive_idx on public.enhanced_security_alerts (sighting_id)
  where false_positive;

alter table public.alert_events drop constraint alert_events_kind_check;
alter table public.alert_events add constraint alert_events_kind_check
  check (kind in ('raised', 'status', 'assignment', 'false_positive'));
comment on column public.alert_events.kind is 'raised, status, assignment or false_positive (to_value true or false).';

-- The verdict belongs to a dismissal: set with it, gone when the alert reopens.
create function private.enforce_false_positive_verdict() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.status <> 'dismissed' and new.false_positive then
    if old.status = 'dismissed' and new.status is distinct from old.status then
      new.false_positive := false;
    else
      raise exception 'Only a dismissed alert is judged a false positive.' using errcode = '23514',
        hint = 'Dismiss the alert with a reason and false_positive in the same change.';
    end if;
  end if;
  return new;
end
$$;
comment on function private.enforce_false_positive_verdict() is 'Trigger: false_positive only on a dismissed alert; reopening clears it.';
revoke all on function private.enforce_false_positive_verdict() from public, anon, authenticated;
create trigger enhanced_security_alerts_false_positive_verdict
  before insert or update of status, false_positive on public.enhanced_security_alerts
  for each row execute function private.enforce_false_positive_verdict();

-- The sighting follows its alerts' verdicts; the history and the audit trail record the change.
create function private.apply_false_positive_verdict() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  _marked boolean;
begin
  if new.false_positive is not distinct from old.false_positive then
    return null;
  end if;
  insert into public.alert_events (alert_id, actor_id, kind, from_value, to_value)
  values (new.id, auth.uid(), 'false_positive', old.false_positive::text, new.false_positive::text);
  if new.sighting_id is not null then
    _marked := exists (select 1 from public.enhanced_security_alerts a
                        where a.sighting_id = new.sighting_id and a.false_positive);
    update public.sightings s set false_positive = _marked, modified = now()
     where s.stix_id = new.sighting_id and s.false_positive is distinct from _marked;
  end if;
  perform private.record_audit(
    case when new.false_positive then 'alert.false_positive_marked' else 'alert.false_positive_cleared' end,
    'alert', new.id::text,
    jsonb_build_object('sighting', new.sighting_id, 'indicator_id', new.indicator_id,
                       'reason', coalesce(new.dismissal_reason, old.dismissal_reason)));
  return null;
end
$$;
comment on function private.apply_false_positive_verdict() is
  'Trigger: a false-positive verdict on an alert marks (or, when no alert on it keeps the verdict, clears) its sighting''s false_positive, and records it in the alert history and the audit trail.';
revoke all on function private.apply_false_positive_verdict() from public, anon, authenticated;
create trigger enhanced_security_alerts_apply_false_positive
  after update of false_positive, status on public.enhanced_security_alerts
  for each row execute function private.apply_false_positive_verdict();
