-- Cases (issue 29 §1): incident response, requests for information and takedowns, with tasks,
-- append-only notes, links to alerts and to intelligence, attachments and a timeline.
--
-- Who reads a case: the one clearance predicate (20261201140100_create_clearance_and_red_audience.sql):
-- its TLP up to the reader's clearance, TLP:RED only within its named audience (no sources). Every
-- table of a case is read through the case's readability (private.case_readable). Nobody writes the
-- tables directly: every change goes through the checked functions of the next migration, and the
-- timeline (case_events) is written by triggers, so every path leaves its trace.
--
-- The status workflow lives here, in a trigger that refuses any other move in plain words:
--   new -> in_progress | closed        (closed at once: a duplicate, nothing to do)
--   in_progress -> on_hold | resolved
--   on_hold -> in_progress | resolved
--   resolved -> closed | in_progress   (reopen)
--   closed -> in_progress              (reopen; the functions ask for a reason)
--
-- SLA: per-severity targets (case_sla_targets), set by administrators. A case must leave "new"
-- within respond_within (respond_by) and be resolved within resolve_within (due_at, which the
-- analyst may move). The alert analytics' MTTA/MTTR are averages: a target equal to an average
-- would be breached by about half the cases by construction, and would move as the team speeds up
-- or slows down; they are shown beside the targets instead, as what the team achieves on alerts.

create type public.case_kind as enum ('incident', 'rfi', 'takedown');
comment on type public.case_kind is 'incident (incident response), rfi (request for information) or takedown (e.g. a lookalike domain).';
create type public.case_status as enum ('new', 'in_progress', 'on_hold', 'resolved', 'closed');
comment on type public.case_status is 'Case workflow: new, in_progress, on_hold, resolved, closed (enforced by private.check_case_change).';
create type public.case_link_kind as enum ('indicator', 'sighting', 'intel_object', 'asset');
comment on type public.case_link_kind is 'What a case link points at: an indicator (id), a sighting (STIX id), a knowledge object (STIX id) or an asset (id).';

create table public.case_sla_targets (
  severity public.alert_severity primary key,
  respond_within interval not null check (respond_within > interval '0'),
  resolve_within interval not null check (resolve_within >= respond_within),
  updated_at timestamptz not null default now()
);
comment on table public.case_sla_targets is 'Per severity, how soon a case must be taken up (leave new) and resolved; set by administrators with MFA (audited).';
comment on column public.case_sla_targets.severity is 'The case severity the targets apply to.';
comment on column public.case_sla_targets.respond_within is 'Time from opening to leaving "new".';
comment on column public.case_sla_targets.resolve_within is 'Time from opening to resolution (the default due date).';
comment on column public.case_sla_targets.updated_at is 'Last change.';
insert into public.case_sla_targets (severity, respond_within, resolve_within) values
  ('critical', interval '1 hour', interval '1 day'),
  ('high', interval '4 hours', interval '3 days'),
  ('medium', interval '1 day', interval '7 days'),
  ('low', interval '3 days', interval '30 days');

alter table public.case_sla_targets enable row level security;
grant select on public.case_sla_targets to authenticated;
grant update (respond_within, resolve_within) on public.case_sla_targets to authenticated;
grant all on public.case_sla_targets to service_role;
create policy "Signed-in users read the case SLA targets" on public.case_sla_targets
  for select to authenticated using (true);
create policy "Admins with MFA change the case SLA targets" on public.case_sla_targets
  for update to authenticated using ((select private.admin_mfa_verified())) with check ((select private.admin_mfa_verified()));
create trigger case_sla_targets_touch_updated_at before update on public.case_sla_targets
  for each row execute function private.touch_updated_at();
create trigger case_sla_targets_audited after update on public.case_sla_targets
  for each row execute function private.audit_row_change('case_sla_target', 'severity');

create table public.cases (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(title) between 1 and 300 and title = btrim(title)),
  kind public.case_kind not null,
  description text not null default '' check (char_length(description) <= 100000),
  severity public.alert_severity not null default 'medium',
  status public.case_status not null default 'new',
  assignee uuid references auth.users (id) on delete set null,
  tlp public.tlp_level not null default 'amber',
  red_audience uuid[] not null default '{}' check (cardinality(red_audience) <= 50),
  pap public.pap_level not null default 'clear',
  respond_by timestamptz,
  due_at timestamptz,
  acknowledged_at timestamptz,
  resolved_at timestamptz,
  closed_at timestamptz,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (tlp = 'red' or cardinality(red_audience) = 0)
);
comment on table public.cases is 'Cases: incident response, requests for information, takedowns. Read by TLP and clearance (RED: its audience); changed only through the case functions (create_case, update_case_status, …).';
comment on column public.cases.id is 'Case id.';
comment on column public.cases.title is 'Short title (1-300 characters), rendered as text.';
comment on column public.cases.kind is 'incident, rfi (request for information) or takedown.';
comment on column public.cases.description is 'Markdown as written (up to 100,000 characters), stored raw and rendered inert.';
comment on column public.cases.severity is 'low, medium, high or critical; sets the SLA targets.';
comment on column public.cases.status is 'Workflow state; moves only along the allowed transitions.';
comment on column public.cases.assignee is 'Who works the case (someone who can read it).';
comment on column public.cases.tlp is 'The case''s TLP: who may read it and everything in it.';
comment on column public.cases.red_audience is 'For a TLP:RED case: the groups (cleared for RED) whose members read it.';
comment on column public.cases.pap is 'PAP of the case: what may be done with what it holds.';
comment on column public.cases.respond_by is 'SLA: the case must leave "new" by then (opening + the severity''s respond_within).';
comment on column public.cases.due_at is 'SLA: the case must be resolved by then (opening + resolve_within unless set by hand).';
comment on column public.cases.acknowledged_at is 'When it first left "new".';
comment on column public.cases.resolved_at is 'When it was last resolved (cleared on reopening).';
comment on column public.cases.closed_at is 'When it was closed (cleared on reopening).';
comment on column public.cases.created_by is 'Who opened it.';
comment on column public.cases.created_at is 'When it was opened; never changed.';
comment on column public.cases.updated_at is 'Last change.';
create index cases_open_due_idx on public.cases (due_at) where status in ('new', 'in_progress', 'on_hold');
create index cases_status_created_idx on public.cases (status, created_at desc);
create index cases_assignee_idx on public.cases (assignee);
create index cases_created_by_idx on public.cases (created_by);

create table public.case_alerts (
  case_id uuid not null references public.cases (id) on delete cascade,
  alert_id uuid not null references public.enhanced_security_alerts (id) on delete cascade,
  added_by uuid default auth.uid() references auth.users (id) on delete set null,
  added_at timestamptz not null default now(),
  primary key (case_id, alert_id)
);
comment on table public.case_alerts is 'The alerts a case holds (added through create_case, add_to_case and link_case_entity).';
comment on column public.case_alerts.case_id is 'The case.';
comment on column public.case_alerts.alert_id is 'The alert.';
comment on column public.case_alerts.added_by is 'Who added it.';
comment on column public.case_alerts.added_at is 'When.';
create index case_alerts_alert_idx on public.case_alerts (alert_id);
create index case_alerts_added_by_idx on public.case_alerts (added_by);

create table public.case_links (
  id bigint generated always as identity primary key,
  case_id uuid not null references public.cases (id) on delete cascade,
  kind public.case_link_kind not null,
  ref text not null check (char_length(ref) between 1 and 300),
  added_by uuid default auth.uid() references auth.users (id) on delete set null,
  added_at timestamptz not null default now(),
  unique (case_id, kind, ref)
);
comment on table public.case_links is 'Intelligence a case points at: indicators, sightings (with their sensor evidence), knowledge objects and assets. One table for the four: the same checks, events and list; each linked row is read under its own RLS.';
comment on column public.case_links.id is 'Link id.';
comment on column public.case_links.case_id is 'The case.';
comment on column public.case_links.kind is 'indicator, sighting, intel_object or asset.';
comment on column public.case_links.ref is 'The linked row: indicator id, sighting or object STIX id, asset id.';
comment on column public.case_links.added_by is 'Who linked it.';
comment on column public.case_links.added_at is 'When.';
create index case_links_ref_idx on public.case_links (kind, ref);
create index case_links_added_by_idx on public.case_links (added_by);

create table public.case_tasks (
  id bigint generated always as identity primary key,
  case_id uuid not null references public.cases (id) on delete cascade,
  title text not null check (char_length(title) between 1 and 300 and title = btrim(title)),
  assignee uuid references auth.users (id) on delete set null,
  done boolean not null default false,
  done_at timestamptz,
  done_by uuid references auth.users (id) on delete set null,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
comment on table public.case_tasks is 'Tasks of a case (title, assignee, done).';
comment on column public.case_tasks.id is 'Task id.';
comment on column public.case_tasks.case_id is 'The case.';
comment on column public.case_tasks.title is 'What to do (1-300 characters), rendered as text.';
comment on column public.case_tasks.assignee is 'Who does it.';
comment on column public.case_tasks.done is 'Whether it is done.';
comment on column public.case_tasks.done_at is 'When it was marked done.';
comment on column public.case_tasks.done_by is 'Who marked it done.';
comment on column public.case_tasks.created_by is 'Who added it.';
comment on column public.case_tasks.created_at is 'When.';
create index case_tasks_case_idx on public.case_tasks (case_id, id);
create index case_tasks_assignee_idx on public.case_tasks (assignee);
create index case_tasks_done_by_idx on public.case_tasks (done_by);
create index case_tasks_created_by_idx on public.case_tasks (created_by);

create table public.case_notes (
  id bigint generated always as identity primary key,
  case_id uuid not null references public.cases (id) on delete cascade,
  author uuid default auth.uid() references auth.users (id) on delete set null,
  body text not null check (char_length(btrim(body)) between 1 and 20000),
  created_at timestamptz not null default now()
);
comment on table public.case_notes is 'Notes on a case, append-only: added through add_case_note, never edited or deleted (no update or delete grant or policy).';
comment on column public.case_notes.id is 'Note id.';
comment on column public.case_notes.case_id is 'The case.';
comment on column public.case_notes.author is 'Who wrote it.';
comment on column public.case_notes.body is 'Markdown as written (1-20,000 characters), stored raw and rendered inert.';
comment on column public.case_notes.created_at is 'When.';
create index case_notes_case_idx on public.case_notes (case_id, id);
create index case_notes_author_idx on public.case_notes (author);

create table public.case_events (
  id bigint generated always as identity primary key,
  case_id uuid not null references public.cases (id) on delete cascade,
  occurred_at timestamptz not null default now(),
  actor uuid references auth.users (id) on delete set null,
  kind text not null check (kind ~ '^[a-z_]{1,40}$'),
  details jsonb not null default '{}'::jsonb check (jsonb_typeof(details) = 'object')
);
comment on table public.case_events is 'The timeline of a case, written by triggers: opening, status, assignment, edits, links, tasks, notes, attachments.';
comment on column public.case_events.id is 'Event id (order of events).';
comment on column public.case_events.case_id is 'The case.';
comment on column public.case_events.occurred_at is 'When.';
comment on column public.case_events.actor is 'Who (null: the server).';
comment on column public.case_events.kind is 'What happened: created, status_changed, assigned, edited, alert_added, alert_removed, linked, unlinked, task_added, task_done, task_reopened, note_added, attachment_added, attachment_removed.';
comment on column public.case_events.details is 'Its particulars (from/to, the linked ref, the task title), stored as data and rendered as text.';
create index case_events_case_idx on public.case_events (case_id, id);
create index case_events_actor_idx on public.case_events (actor);

-- ── Readability ─────────────────────────────────────────────────────────────────────────────────
create function private.case_readable(_case_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.cases c
     where c.id = _case_id
       and c.tlp <= private.caller_clearance() and (c.tlp <> 'red' or private.in_red_audience(c.red_audience)))
$$;
comment on function private.case_readable(uuid) is 'Whether the caller reads this case: its TLP up to their clearance, TLP:RED only in its audience (false for a missing case).';
revoke all on function private.case_readable(uuid) from public, anon;
grant execute on function private.case_readable(uuid) to authenticated, service_role;

-- Whether another user (an assignee) would read a row of this TLP and audience.
create function private.user_reads_tlp(_user_id uuid, _tlp public.tlp_level, _audience uuid[]) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((select max(g.max_tlp) from public.group_members m join public.groups g on g.id = m.group_id
                    where m.user_id = _user_id), 'clear') >= _tlp
     and (_tlp <> 'red' or exists (select 1 from public.group_members m join public.groups g on g.id = m.group_id
                                    where m.user_id = _user_id and g.max_tlp = 'red' and g.id = any (_audience)))
$$;
comment on function private.user_reads_tlp(uuid, public.tlp_level, uuid[]) is 'Whether a given user''s clearance reads a row of this TLP (and, for RED, audience): for assigning cases and tasks.';
revoke all on function private.user_reads_tlp(uuid, public.tlp_level, uuid[]) from public, anon, authenticated;

alter table public.cases enable row level security;
alter table public.case_alerts enable row level security;
alter table public.case_links enable row level security;
alter table public.case_tasks enable row level security;
alter table public.case_notes enable row level security;
alter table public.case_events enable row level security;
grant select on public.cases, public.case_alerts, public.case_links, public.case_tasks, public.case_notes, public.case_events to authenticated;
grant all on public.cases, public.case_alerts, public.case_links, public.case_tasks, public.case_notes, public.case_events to service_role;

create policy "Users read cases up to their clearance and RED in its audience" on public.cases
  for select to authenticated
  using (tlp <= (select private.caller_clearance()) and (tlp <> 'red' or private.in_red_audience(red_audience)));
create policy "Users read the alerts of the cases they read" on public.case_alerts
  for select to authenticated using (private.case_readable(case_id));
create policy "Users read the links of the cases they read" on public.case_links
  for select to authenticated using (private.case_readable(case_id));
create policy "Users read the tasks of the cases they read" on public.case_tasks
  for select to authenticated using (private.case_readable(case_id));
create policy "Users read the notes of the cases they read" on public.case_notes
  for select to authenticated using (private.case_readable(case_id));
create policy "Users read the timeline of the cases they read" on public.case_events
  for select to authenticated using (private.case_readable(case_id));

-- ── Workflow and SLA ────────────────────────────────────────────────────────────────────────────
create function private.case_next_statuses(_status public.case_status) returns public.case_status[]
language sql immutable set search_path = '' as $$
  select case _status
    when 'new' then array['in_progress', 'closed']::public.case_status[]
    when 'in_progress' then array['on_hold', 'resolved']::public.case_status[]
    when 'on_hold' then array['in_progress', 'resolved']::public.case_status[]
    when 'resolved' then array['closed', 'in_progress']::public.case_status[]
    else array['in_progress']::public.case_status[]
  end
$$;
comment on function private.case_next_statuses(public.case_status) is 'The statuses a case may move to from this one (the workflow).';
revoke all on function private.case_next_statuses(public.case_status) from public, anon;
grant execute on function private.case_next_statuses(public.case_status) to authenticated, service_role;

create function private.check_case_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  _sla public.case_sla_targets;
  _old_sla public.case_sla_targets;
begin
  new.updated_at := now();
  select * into _sla from public.case_sla_targets where severity = new.severity;
  if tg_op = 'INSERT' then
    new.status := 'new';
    new.acknowledged_at := null;
    new.resolved_at := null;
    new.closed_at := null;
    new.respond_by := new.created_at + _sla.respond_within;
    new.due_at := coalesce(new.due_at, new.created_at + _sla.resolve_within);
    return new;
  end if;
  new.id := old.id;
  new.created_at := old.created_at;
  new.created_by := old.created_by;
  new.kind := old.kind;
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
  end if;
  if new.severity is distinct from old.severity then
    select * into _old_sla from public.case_sla_targets where severity = old.severity;
    new.respond_by := new.created_at + _sla.respond_within;
    -- A due date still at the old severity's target follows the new one; one set by hand stays.
    if new.due_at is not distinct from old.due_at and old.due_at = old.created_at + _old_sla.resolve_within then
      new.due_at := new.created_at + _sla.resolve_within;
    end if;
  end if;
  return new;
end
$$;
comment on function private.check_case_change() is
  'Trigger: keeps a case''s bookkeeping (SLA targets from its severity, acknowledged/resolved/closed times, immutable id, kind and opening) and refuses status moves outside the workflow in plain words.';
revoke all on function private.check_case_change() from public, anon, authenticated;
create trigger cases_check_change before insert or update on public.cases
  for each row execute function private.check_case_change();

create trigger cases_check_red_audience before insert or update of tlp, red_audience on public.cases
  for each row when (cardinality(new.red_audience) > 0) execute function private.check_red_audience();

-- ── Timeline ────────────────────────────────────────────────────────────────────────────────────
create function private.record_case_event() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  _case uuid := coalesce(new.case_id, old.case_id);
  _uid uuid := (select auth.uid());
  _kind text;
  _details jsonb := '{}'::jsonb;
  _field text;
begin
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
revoke all on function private.record_case_event() from public, anon, authenticated;

create trigger case_alerts_timeline after insert or delete on public.case_alerts
  for each row execute function private.record_case_event();
create trigger case_links_timeline after insert or delete on public.case_links
  for each row execute function private.record_case_event();
create trigger case_tasks_timeline after insert or update on public.case_tasks
  for each row execute function private.record_case_event();
create trigger case_notes_timeline after insert on public.case_notes
  for each row execute function private.record_case_event();

create function private.record_case_change() returns trigger
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
  if new.title is distinct from old.title then _edited := _edited || 'title'; end if;
  if new.description is distinct from old.description then _edited := _edited || 'description'; end if;
  if new.severity is distinct from old.severity then _edited := _edited || 'severity'; end if;
  if new.due_at is distinct from old.due_at then _edited := _edited || 'due date'; end if;
  if new.tlp is distinct from old.tlp or new.red_audience is distinct from old.red_audience then _edited := _edited || 'TLP'; end if;
  if new.pap is distinct from old.pap then _edited := _edited || 'PAP'; end if;
  if cardinality(_edited) > 0 then
    insert into public.case_events (case_id, actor, kind, details)
    values (new.id, _uid, 'edited', jsonb_build_object('fields', to_jsonb(_edited),
      'severity', case when 'severity' = any (_edited) then jsonb_build_object('from', old.severity, 'to', new.severity) end));
  end if;
  return null;
end
$$;
comment on function private.record_case_change() is 'Trigger: writes the timeline entries for a case''s opening, status moves (with the reason given), assignment and edits.';
revoke all on function private.record_case_change() from public, anon, authenticated;
create trigger cases_timeline after insert or update on public.cases
  for each row execute function private.record_case_change();

-- The case page follows its case live (each row checked against the subscriber's policies).
alter publication supabase_realtime add table public.cases, public.case_alerts, public.case_links,
  public.case_tasks, public.case_notes, public.case_events;
