-- PAP in digests (issue 28 §1, left from 20261201140900): an event whose indicator's PAP is AMBER
-- or RED is never listed in a digest, whatever the channel; it is counted as withheld_pap, as an
-- event above the channel's TLP ceiling is counted as withheld. (Immediate events were already held
-- back when claimed, by private.notification_pap_check; saved-view matches are judged by the worker
-- with the same rule, private.pap_allows_sharing.) Otherwise as in 20261201150000.

create or replace function private.notification_digest_summary(
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
      select k.kind, a.severity::text as severity, k.tlp, k.pap, a.created_at as occurred_at, a.title,
             i.value as value, i.type::text as value_type, a.id::text as id,
             '/platform/threat-intelligence-hub?alert=' || a.id as path
        from public.enhanced_security_alerts a
        left join public.indicators i on i.id = a.indicator_id
        cross join lateral (select
          case when a.rule_key = 'kev-asset' then 'kev_asset'
               when a.rule_key in ('lookalike-domain', 'leak-keyword') then 'watch_hit'
               else 'alert' end as kind,
          coalesce(i.tlp, 'amber'::public.tlp_level) as tlp,
          case when i.id is null then 'clear'::public.pap_level else private.indicator_pap(i.id) end as pap) k
       where _rule.event_kind in ('alert', 'kev_asset', 'watch_hit')
         and a.created_at >= _from and a.created_at < _to
         and a.severity >= _rule.min_severity
         and (_rule.event_kind = 'alert' or k.kind = _rule.event_kind::text)
      union all
      select 'import_failed', null, 'amber'::public.tlp_level, 'clear'::public.pap_level, r.finished_at, 'Import of ' || r.source_name || ' failed',
             null, null, r.id::text, '/platform/system-config'
        from public.import_runs r
       where _rule.event_kind = 'import_failed' and r.status = 'failed'
         and r.finished_at >= _from and r.finished_at < _to),
    within_tlp as (select * from events e where e.tlp <= _max_tlp),
    shown as (select * from within_tlp w where private.pap_allows_sharing(w.pap))
    select jsonb_build_object(
      'total', (select count(*) from shown),
      'withheld', (select count(*) from events e where e.tlp > _max_tlp),
      'withheld_pap', (select count(*) from within_tlp w where not private.pap_allows_sharing(w.pap)),
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
