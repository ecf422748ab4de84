-- A case on hold (waiting on the requester, a third party, a change window) stops its SLA clock, as
-- service desks count it (issue 29 §1, "SLA timers"). While it is on hold `held_since` says since
-- when; on leaving hold the pause is added to `held_for` and a due date still at its SLA target moves
-- by the pause (one set by hand is a commitment and stays). `respond_by` is not paused: a case goes on
-- hold only after it was taken up. A case already past its due date when it went on hold stays past
-- it (`paused_past_due`, so the dashboard's "past SLA" filter needs no column comparison).

alter table public.cases
  add column held_since timestamptz,
  add column held_for interval not null default '0' check (held_for >= '0'),
  add column paused_past_due boolean generated always as (held_since is not null and due_at < held_since) stored;
comment on column public.cases.held_since is 'While the case is on hold: since when (its SLA clock is stopped); null otherwise.';
comment on column public.cases.held_for is 'Time spent on hold before the current hold: the SLA due date is opening + resolve_within + this.';
comment on column public.cases.paused_past_due is 'On hold, and already past its due date when it went on hold (still past its SLA).';

create or replace function private.check_case_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  _sla public.case_sla_targets;
  _old_sla public.case_sla_targets;
  _sla_due timestamptz;
begin
  new.updated_at := now();
  select * into _sla from public.case_sla_targets where severity = new.severity;
  if tg_op = 'INSERT' then
    new.status := 'new';
    new.acknowledged_at := null;
    new.resolved_at := null;
    new.closed_at := null;
    new.held_since := null;
    new.held_for := '0';
    new.respond_by := new.created_at + _sla.respond_within;
    new.due_at := coalesce(new.due_at, new.created_at + _sla.resolve_within);
    return new;
  end if;
  new.id := old.id;
  new.created_at := old.created_at;
  new.created_by := old.created_by;
  new.kind := old.kind;
  -- Only the workflow below moves the hold bookkeeping.
  new.held_since := old.held_since;
  new.held_for := old.held_for;
  if new.status is distinct from old.status then
    if not new.status = any (private.case_next_statuses(old.status)) then
      raise exception 'A case that is % can move to % only, not to %.',
        replace(old.status::text, '_', ' '),
        (select string_agg(replace(s::text, '_', ' '), ' or ') from unnest(private.case_next_statuses(old.status)) s),
        replace(new.status::text, '_', ' ')
        using errcode = '22023';
    end if;
    if old.status = 'new' then
      new.acknowledged_at := coalesce(old.acknowledged_at, now());
    end if;
    new.resolved_at := case when new.status = 'resolved' then now() when new.status = 'closed' then old.resolved_at end;
    new.closed_at := case when new.status = 'closed' then now() end;
    if new.status = 'on_hold' then
      new.held_since := now();
    elsif old.status = 'on_hold' then
      new.held_for := old.held_for + greatest(now() - old.held_since, '0'::interval);
      new.held_since := null;
      -- The SLA due date moves by the pause; a due date set by hand stays where it was put.
      if new.due_at is not distinct from old.due_at
         and old.due_at = old.created_at + _sla.resolve_within + old.held_for then
        new.due_at := new.created_at + _sla.resolve_within + new.held_for;
      end if;
    end if;
  end if;
  if new.severity is distinct from old.severity then
    select * into _old_sla from public.case_sla_targets where severity = old.severity;
    new.respond_by := new.created_at + _sla.respond_within;
    _sla_due := old.created_at + _old_sla.resolve_within + old.held_for;
    -- A due date still at the old severity's target follows the new one; one set by hand stays.
    if new.due_at is not distinct from old.due_at and old.due_at = _sla_due then
      new.due_at := new.created_at + _sla.resolve_within + new.held_for;
    end if;
  end if;
  return new;
end
$$;
comment on function private.check_case_change() is
  'Trigger: keeps a case''s bookkeeping (SLA targets from its severity, paused while on hold; acknowledged/resolved/closed times; immutable id, kind and opening) and refuses status moves outside the workflow in plain words.';
revoke all on function private.check_case_change() from public, anon, authenticated;
