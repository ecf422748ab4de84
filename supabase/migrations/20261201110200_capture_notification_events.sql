-- Event capture for notifications, run by the worker on each pass. It reads the source tables by a
-- time cursor rather than through row triggers: alerts arrive in batches from telemetry imports and a
-- trigger would add work to every one of those inserts, while one indexed range read per pass costs
-- the import nothing. Each pass re-reads an hour before the cursor, so a slow transaction that
-- commits rows stamped earlier is still seen; the unique (rule, channel, event) key makes re-reading
-- harmless. A rule is only told about events that happened after it was made.
--
-- Alerts become events of three kinds by the detection rule that raised them (see
-- 20261126100000_create_detection_rules.sql): kev-asset (a KEV entry naming an asset's vendor and
-- product) is kev_asset, lookalike-domain and leak-keyword (the brand and dark-web watches) are
-- watch_hit, and every alert is an alert. An alert's TLP is its indicator's; alerts without one
-- (KEV on our assets, watch hits) are internal findings and carry TLP:AMBER. A failed import run is
-- an import_failed event at TLP:AMBER. An event above a channel's ceiling is recorded as skipped
-- with the reason, and never sent.

create function private.notification_tlp_check(_tlp public.tlp_level, _ceiling public.tlp_level)
returns text
language sql immutable set search_path = '' as $$
  select case when _tlp > _ceiling then
    format('TLP:%s is above this channel''s ceiling TLP:%s: not sent', upper(_tlp::text), upper(_ceiling::text)) end
$$;
comment on function private.notification_tlp_check(public.tlp_level, public.tlp_level) is
  'Why an event may not leave by a channel (its TLP above the channel''s ceiling), or null when it may.';
revoke all on function private.notification_tlp_check(public.tlp_level, public.tlp_level) from public, anon;
grant execute on function private.notification_tlp_check(public.tlp_level, public.tlp_level) to authenticated, service_role;

-- Queues deliveries for one batch of events (kind, key, severity, time, TLP, event document) for every
-- enabled immediate rule that wants them, on each of its enabled channels.
create function private.queue_notification_events(_events jsonb) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  _queued integer;
begin
  insert into public.notification_deliveries
    (rule_id, channel_id, event_key, event_kind, event, tlp, status, next_attempt_at, last_error)
  select r.id, c.id, e.key, e.kind, e.event || jsonb_build_object('rule', r.name), e.tlp,
         case when private.notification_tlp_check(e.tlp, c.max_tlp) is null then 'pending' else 'skipped' end::public.notification_status,
         case when private.notification_tlp_check(e.tlp, c.max_tlp) is null then now() end,
         private.notification_tlp_check(e.tlp, c.max_tlp)
    from jsonb_to_recordset(_events) as e(kind text, key text, severity public.alert_severity, occurred_at timestamptz,
                                           tlp public.tlp_level, event jsonb)
    join public.notification_rules r
      on r.enabled and r.digest = 'none' and r.created_at <= e.occurred_at
     and (r.event_kind::text = e.kind
          or (r.event_kind = 'alert' and e.kind in ('kev_asset', 'watch_hit')))
     and (e.severity is null or e.severity >= r.min_severity)
    join public.notification_rule_channels rc on rc.rule_id = r.id
    join public.notification_channels c on c.id = rc.channel_id and c.enabled
  on conflict on constraint notification_deliveries_once do nothing;
  get diagnostics _queued = row_count;
  return _queued;
end
$$;
comment on function private.queue_notification_events(jsonb) is
  'Turns captured events into deliveries for every matching enabled rule and channel; repeats are absorbed by the unique key; events above a channel''s TLP ceiling are recorded as skipped.';
revoke all on function private.queue_notification_events(jsonb) from public, anon, authenticated;
grant execute on function private.queue_notification_events(jsonb) to service_role;

create function private.capture_notification_events() returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  _now timestamptz := now();
  _alerts_from timestamptz;
  _runs_from timestamptz;
  _queued integer := 0;
begin
  insert into private.notification_cursors (source, after) values ('alerts', _now), ('import_runs', _now)
  on conflict (source) do nothing;
  select c.after - interval '1 hour' into _alerts_from from private.notification_cursors c where c.source = 'alerts' for update;
  select c.after - interval '1 hour' into _runs_from from private.notification_cursors c where c.source = 'import_runs' for update;

  -- Only when some rule could want them (the common case on a quiet install is no rule at all).
  if exists (select 1 from public.notification_rules r where r.enabled and r.event_kind in ('alert', 'kev_asset', 'watch_hit')) then
    _queued := _queued + private.queue_notification_events((
      select coalesce(jsonb_agg(jsonb_build_object(
        'kind', k.kind, 'key', 'alert:' || a.id, 'severity', a.severity, 'occurred_at', a.created_at, 'tlp', k.tlp,
        'event', jsonb_build_object(
          'kind', k.kind, 'id', a.id, 'title', a.title, 'severity', a.severity, 'category', a.category,
          'detection_rule', a.rule_key, 'cve', a.cve_id, 'indicator_id', a.indicator_id, 'hits', a.hit_count,
          'tlp', k.tlp, 'occurred_at', a.created_at,
          'path', '/platform/threat-intelligence-hub?alert=' || a.id))), '[]'::jsonb)
        from public.enhanced_security_alerts a
        left join public.indicators i on i.id = a.indicator_id
        cross join lateral (select
          case when a.rule_key = 'kev-asset' then 'kev_asset'
               when a.rule_key in ('lookalike-domain', 'leak-keyword') then 'watch_hit'
               else 'alert' end as kind,
          coalesce(i.tlp, 'amber'::public.tlp_level) as tlp) k
       where a.created_at > _alerts_from));
  end if;

  if exists (select 1 from public.notification_rules r where r.enabled and r.event_kind = 'import_failed') then
    _queued := _queued + private.queue_notification_events((
      select coalesce(jsonb_agg(jsonb_build_object(
        'kind', 'import_failed', 'key', 'import_run:' || r.id, 'severity', null, 'occurred_at', r.finished_at,
        'tlp', 'amber',
        'event', jsonb_build_object(
          'kind', 'import_failed', 'id', r.id, 'title', 'Import of ' || r.source_name || ' failed',
          'source', r.source_name, 'format', r.format, 'error', left(coalesce(r.error, ''), 1000),
          'tlp', 'amber', 'occurred_at', r.finished_at,
          'path', '/platform/system-config'))), '[]'::jsonb)
        from public.import_runs r
       where r.status = 'failed' and r.finished_at > _runs_from));
  end if;

  update private.notification_cursors set after = _now where source in ('alerts', 'import_runs');
  return _queued;
end
$$;
comment on function private.capture_notification_events() is
  'The worker''s capture pass: new alerts (alert, kev_asset, watch_hit) and failed import runs since the cursor (less an hour''s margin) become deliveries; returns how many were queued.';
revoke all on function private.capture_notification_events() from public, anon, authenticated;
grant execute on function private.capture_notification_events() to service_role;

create index import_runs_failed_finished_at_idx on public.import_runs (finished_at) where status = 'failed';
