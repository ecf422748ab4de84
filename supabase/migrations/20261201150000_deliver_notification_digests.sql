-- Daily and weekly notification digests (issue 27 §3). A rule with digest = daily or weekly is left
-- out of the immediate capture (private.queue_notification_events and the saved-view pass only take
-- digest = none); the worker gathers its events once per period instead and sends ONE message per
-- rule and channel: counts per kind and severity, the top items, "and N more". A daily period ends at
-- the hour of the setting notifications.digest_hour (UTC, default 07:00); a weekly one on Monday at
-- that hour. The delivery's event_key is digest:<period end>, so the unique (rule, channel, event_key)
-- key keeps a restarted worker from sending a period twice; private.notification_digest_cursors
-- records the periods already handled, empty ones included (an empty period sends nothing).

insert into public.settings (key, category, label, description, type, value, min_value, max_value, unit) values
  ('notifications.digest_hour', 'Notifications', 'Digest hour (UTC)',
   'Daily digests cover the 24 hours before this hour and are sent at it; weekly digests the 7 days before it, on Mondays.',
   'integer', '7', 0, 23, 'o''clock UTC')
on conflict (key) do nothing;

create table private.notification_digest_cursors (
  rule_id uuid primary key references public.notification_rules (id) on delete cascade,
  period_end timestamptz not null
);
comment on table private.notification_digest_cursors is
  'The end of the last digest period the worker assembled for each digest rule (empty periods too); the next digest starts there.';
comment on column private.notification_digest_cursors.rule_id is 'The digest rule.';
comment on column private.notification_digest_cursors.period_end is 'Events before this time were gathered into a digest (or there were none).';
revoke all on private.notification_digest_cursors from public, anon, authenticated;
grant select, insert, update, delete on private.notification_digest_cursors to service_role;

-- What a digest of an alert, kev_asset, watch_hit or import_failed rule holds for one channel ceiling:
-- the events of the period the rule wants (the same mapping of detection rules to kinds as
-- private.capture_notification_events), counted per kind and severity, the top _top of them
-- (severity, then newest first), and how many were withheld because their TLP is above _max_tlp
-- (counted, never listed, and not in the per-kind counts).
create function private.notification_digest_summary(
  _rule_id uuid,
  _from timestamptz,
  _to timestamptz,
  _max_tlp public.tlp_level,
  _top integer default 10
) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  _rule public.notification_rules;
begin
  select * into _rule from public.notification_rules r where r.id = _rule_id;
  if not found then
    raise exception 'No notification rule %.', _rule_id using errcode = '22023';
  end if;
  return (
    with events as (
      select k.kind, a.severity::text as severity, k.tlp, a.created_at as occurred_at, a.title,
             i.value as value, i.type::text as value_type, a.id::text as id,
             '/platform/threat-intelligence-hub?alert=' || a.id as path
        from public.enhanced_security_alerts a
        left join public.indicators i on i.id = a.indicator_id
        cross join lateral (select
          case when a.rule_key = 'kev-asset' then 'kev_asset'
               when a.rule_key in ('lookalike-domain', 'leak-keyword') then 'watch_hit'
               else 'alert' end as kind,
          coalesce(i.tlp, 'amber'::public.tlp_level) as tlp) k
       where _rule.event_kind in ('alert', 'kev_asset', 'watch_hit')
         and a.created_at >= _from and a.created_at < _to
         and a.severity >= _rule.min_severity
         and (_rule.event_kind = 'alert' or k.kind = _rule.event_kind::text)
      union all
      select 'import_failed', null, 'amber'::public.tlp_level, r.finished_at, 'Import of ' || r.source_name || ' failed',
             null, null, r.id::text, '/platform/system-config'
        from public.import_runs r
       where _rule.event_kind = 'import_failed' and r.status = 'failed'
         and r.finished_at >= _from and r.finished_at < _to),
    shown as (select * from events e where e.tlp <= _max_tlp)
    select jsonb_build_object(
      'total', (select count(*) from shown),
      'withheld', (select count(*) from events e where e.tlp > _max_tlp),
      'counts', coalesce((select jsonb_agg(jsonb_build_object('kind', c.kind, 'severity', c.severity, 'count', c.n)
                                           order by c.kind, c.severity desc nulls last)
                            from (select s.kind, s.severity::public.alert_severity as severity, count(*) as n
                                    from shown s group by 1, 2) c), '[]'::jsonb),
      'items', coalesce((select jsonb_agg(to_jsonb(t) order by t.severity::public.alert_severity desc nulls last, t.occurred_at desc)
                           from (select s.kind, s.severity, s.tlp, s.occurred_at, left(s.title, 300) as title,
                                        left(s.value, 500) as value, s.value_type, s.id, s.path
                                   from shown s
                                  order by s.severity::public.alert_severity desc nulls last, s.occurred_at desc
                                  limit greatest(_top, 0)) t), '[]'::jsonb))
  );
end
$$;
comment on function private.notification_digest_summary(uuid, timestamptz, timestamptz, public.tlp_level, integer) is
  'A digest rule''s events in [_from, _to) for a channel with ceiling _max_tlp: total shown, withheld (TLP above the ceiling), counts per kind and severity, the top items.';
revoke all on function private.notification_digest_summary(uuid, timestamptz, timestamptz, public.tlp_level, integer) from public, anon, authenticated;
grant execute on function private.notification_digest_summary(uuid, timestamptz, timestamptz, public.tlp_level, integer) to service_role;

-- Admins may now make daily and weekly digest rules (the worker assembles them).
create or replace function public.create_notification_rule(
  _name text,
  _event_kind public.notification_event_kind,
  _channel_ids uuid[],
  _min_severity public.alert_severity default 'low',
  _digest public.notification_digest default 'none',
  _view_page text default null,
  _view_query text default null
) returns public.notification_rules
language plpgsql volatile security definer set search_path = '' as $$
declare
  _rule public.notification_rules;
begin
  perform private.require_admin_mfa();
  if nullif(btrim(coalesce(_name, '')), '') is null or char_length(btrim(_name)) > 200 then
    raise exception 'A rule needs a name of 1 to 200 characters.' using errcode = '22023';
  end if;
  if coalesce(cardinality(_channel_ids), 0) = 0 then
    raise exception 'A rule needs at least one channel.' using errcode = '22023';
  end if;
  if exists (select 1 from unnest(_channel_ids) x(id) where not exists (select 1 from public.notification_channels c where c.id = x.id)) then
    raise exception 'A rule''s channel does not exist.' using errcode = '22023';
  end if;
  if (_event_kind = 'saved_view') <> (_view_page is not null) then
    raise exception 'A saved_view rule needs a page (and only it takes one).' using errcode = '22023';
  end if;
  if _view_page is not null and _view_page !~ '^[a-z][a-z0-9-]{0,62}$' then
    raise exception 'A saved view''s page is a platform page name like ioc-intelligence.' using errcode = '22023';
  end if;
  if char_length(coalesce(_view_query, '')) > 4000 then
    raise exception 'A saved view''s query has at most 4,000 characters.' using errcode = '22023';
  end if;
  insert into public.notification_rules (name, event_kind, min_severity, digest, view_page, view_query, owner_id, view_cursor)
  values (btrim(_name), _event_kind, coalesce(_min_severity, 'low'), coalesce(_digest, 'none'), _view_page,
          case when _view_page is not null then coalesce(_view_query, '') end, (select auth.uid()),
          case when _view_page is not null then now() end)
  returning * into _rule;
  insert into public.notification_rule_channels (rule_id, channel_id)
  select _rule.id, x.id from (select distinct unnest(_channel_ids) as id) x;
  return _rule;
end
$$;
comment on function public.create_notification_rule(text, public.notification_event_kind, uuid[], public.alert_severity, public.notification_digest, text, text) is
  'Adds a rule delivering to the given channels (admins with MFA; audited). 22023 with the reason for bad input.';
revoke all on function public.create_notification_rule(text, public.notification_event_kind, uuid[], public.alert_severity, public.notification_digest, text, text) from public, anon;
grant execute on function public.create_notification_rule(text, public.notification_event_kind, uuid[], public.alert_severity, public.notification_digest, text, text) to authenticated, service_role;

