-- The briefing marks an imported family or actor as an analyst's entry when an analyst renamed it
-- (issue 36's briefing finding, completed once issue 29 §2's edited_fields existed): the name it
-- shows is then the analyst's, not the source's. Otherwise as in 20261201200600.

create or replace function public.briefing_threats(_days integer default 30, _limit integer default 5)
returns table (
  kind text,
  stix_id text,
  type text,
  name text,
  tlp public.tlp_level,
  alerts bigint,
  sightings bigint,
  new_indicators bigint,
  previous_alerts bigint,
  previous_sightings bigint,
  previous_new_indicators bigint,
  used_by_actors bigint,
  shared boolean,
  confidence text,
  evidence text,
  evidence_count bigint,
  via_software text[],
  sources text[],
  by_analyst boolean
)
language sql stable security invoker set search_path = '' set jit = off as $$
  with periods as (
    select * from private.briefing_periods(_days)
  ), window_start as (
    select min(starts) as starts from periods
  ), indicates as (
    select r.source_ref as ref, r.target_ref as target
      from public.relationships r
     where r.relationship_type = 'indicates' and not r.revoked and starts_with(r.source_ref, 'indicator--')
  ), campaign_actors as (
    select r.source_ref as campaign, r.target_ref as actor
      from public.relationships r
     where r.relationship_type = 'attributed-to' and not r.revoked and starts_with(r.source_ref, 'campaign--')
       and (starts_with(r.target_ref, 'intrusion-set--') or starts_with(r.target_ref, 'threat-actor--'))
  ), report_actors as (
    select rep.stix ->> 'x_misp_event_uuid' as event_uuid, rep.stix -> 'object_refs' as refs, a.actor
      from public.intel_objects rep
     cross join lateral jsonb_array_elements_text(
             case when jsonb_typeof(rep.stix -> 'object_refs') = 'array' then rep.stix -> 'object_refs' else '[]' end
           ) as a (actor)
     where rep.type = 'report' and not rep.revoked
       and (starts_with(a.actor, 'intrusion-set--') or starts_with(a.actor, 'threat-actor--'))
  ), report_indicators as (
    -- A MISP event's indicators, by the event they came from.
    select ra.actor, s.indicator_id
      from report_actors ra
      join public.indicator_sources s on s.context ? 'event_uuid' and s.context ->> 'event_uuid' = ra.event_uuid
    union
    -- A STIX report's indicators, by the id the bundle gave them or by ours.
    select ra.actor, coalesce(s.indicator_id, i.id)
      from report_actors ra
     cross join lateral jsonb_array_elements_text(ra.refs) as o (ref)
      left join public.indicator_sources s on starts_with(s.source_ref, 'indicator--') and s.source_ref = o.ref
      left join public.indicators i on i.stix_id = o.ref
     where starts_with(o.ref, 'indicator--') and (s.indicator_id is not null or i.id is not null)
  ), links as (
    -- What a reference (an indicator, or a sighted campaign) leads to, and on what evidence.
    select x.ref, x.target as threat,
           case when starts_with(x.target, 'malware--') then 'family' else 'direct' end as evidence
      from indicates x
     where starts_with(x.target, 'malware--') or starts_with(x.target, 'intrusion-set--')
        or starts_with(x.target, 'threat-actor--')
    union all
    select x.ref, c.actor, 'campaigns' from indicates x join campaign_actors c on c.campaign = x.target
    union all
    select c.campaign, c.actor, 'campaigns' from campaign_actors c
    union all
    select i.stix_id collate "default", r.actor, 'reports'
      from report_indicators r join public.indicators i on i.id = r.indicator_id
  ), hits as (
    -- Indicators' ids are collated "C", the knowledge base's refs are not: one collation, so the joins
    -- below can use the knowledge base's indexes.
    select 'alert' as hit, p.period, i.stix_id collate "default" as ref, a.id::text as item
      from periods p
      join public.enhanced_security_alerts a on a.created_at >= p.starts and a.created_at < p.ends
      join public.indicators i on i.id = a.indicator_id
    union all
    select 'sighting', p.period, coalesce(i.stix_id collate "default", s.sighting_of_ref), s.stix_id
      from window_start w
      join public.sightings s on s.last_seen >= w.starts
      join periods p on s.last_seen >= p.starts and coalesce(s.first_seen, s.last_seen) < p.ends
      left join public.indicators i on i.id = s.indicator_id
    union all
    -- Only indicators that lead somewhere can count, so only those are read.
    select 'indicator', p.period, l.ref, l.ref
      from (select distinct l.ref from links l where starts_with(l.ref, 'indicator--')) l
      join public.indicators i on i.stix_id = l.ref collate "C"
      join periods p on i.created_at >= p.starts and i.created_at < p.ends
     where not i.revoked
  ), linked as (
    select h.hit, h.period, h.item, h.ref, l.threat, l.evidence, null::text as via
      from hits h
      join links l on l.ref = h.ref
    union all
    -- A STIX sighting may be of the family or the actor itself.
    -- (Its reference is the sighting, so an actor sighted three times has three direct links.)
    select h.hit, h.period, h.item, h.item, h.ref,
           case when starts_with(h.ref, 'malware--') then 'family' else 'direct' end, null
      from hits h
     where starts_with(h.ref, 'malware--') or starts_with(h.ref, 'intrusion-set--')
        or starts_with(h.ref, 'threat-actor--')
  ), family_users as (
    -- Who uses each family seen in the period (distinct: two sources saying it count once).
    select f.family, u.actor, count(*) over (partition by f.family) as users
      from (select distinct l.threat as family from linked l where l.evidence = 'family') f
     cross join lateral (
           select distinct r.source_ref as actor
             from public.relationships r
            where r.relationship_type = 'uses' and r.target_ref = f.family and not r.revoked
              and (starts_with(r.source_ref, 'intrusion-set--') or starts_with(r.source_ref, 'threat-actor--'))
          ) u
  ), evidence as (
    select * from linked
    union all
    -- Weak evidence: a family few actors use hints at each of them.
    select l.hit, l.period, l.item, l.ref, u.actor, 'software', l.threat
      from linked l
      join family_users u on u.family = l.threat and u.users <= private.briefing_attributing_users()
     where l.evidence = 'family'
  ), counted as (
    select e.threat,
           count(distinct e.item) filter (where e.hit = 'alert' and e.period = 'current') as alerts,
           count(distinct e.item) filter (where e.hit = 'sighting' and e.period = 'current') as sightings,
           count(distinct e.item) filter (where e.hit = 'indicator' and e.period = 'current') as new_indicators,
           count(distinct e.item) filter (where e.hit = 'alert' and e.period = 'previous') as previous_alerts,
           count(distinct e.item) filter (where e.hit = 'sighting' and e.period = 'previous') as previous_sightings,
           count(distinct e.item) filter (where e.hit = 'indicator' and e.period = 'previous') as previous_new_indicators
      from evidence e
     group by e.threat
  ), best_evidence as (
    -- An actor's strongest evidence this period: specific before software, then the most references.
    select distinct on (k.threat) k.threat, k.evidence, k.n, k.via
      from (
        select e.threat, e.evidence, count(distinct coalesce(e.via, e.ref)) as n,
               array_agg(distinct e.via) filter (where e.via is not null) as via
          from evidence e
         where e.period = 'current' and e.evidence <> 'family'
         group by e.threat, e.evidence
      ) k
     order by k.threat, k.evidence = 'software', k.n desc, array_position(array['direct', 'campaigns', 'reports'], k.evidence)
  ), family_counts as (
    select u.family, max(u.users) as users from family_users u group by u.family
  ), ranked as (
    select case when o.type = 'malware' then 'malware' else 'actor' end as kind, o.stix_id, o.type, o.name, o.tlp,
           c.alerts, c.sightings, c.new_indicators, c.previous_alerts, c.previous_sightings, c.previous_new_indicators,
           case when o.type = 'malware' then coalesce(f.users, 0) end as used_by_actors,
           case when o.type = 'malware' then coalesce(f.users, 0) > private.briefing_attributing_users() end as shared,
           case when o.type <> 'malware' then case when b.evidence = 'software' then 'low' else 'moderate' end end
             as confidence,
           b.evidence, b.n as evidence_count,
           (select array_agg(v.name order by v.name) from public.intel_objects v where v.stix_id = any (b.via)) as via_software,
           (select array_agg(s.name order by s.name) from public.sources s where s.id = any (o.source_ids)) as sources,
           o.created_by is not null or 'name' = any (o.edited_fields) as by_analyst,
           row_number() over (
             partition by o.type = 'malware'
             order by case when b.evidence = 'software' then 1 else 0 end,
                      c.alerts desc, c.sightings desc, c.new_indicators desc, o.name, o.stix_id) as rank
      from counted c
      join public.intel_objects o on o.stix_id = c.threat
      left join family_counts f on f.family = c.threat
      left join best_evidence b on b.threat = c.threat
     where o.type in ('malware', 'intrusion-set', 'threat-actor') and not o.revoked
       and c.alerts + c.sightings + c.new_indicators > 0
       and (o.type = 'malware' or b.threat is not null)
  )
  select r.kind, r.stix_id, r.type, r.name, r.tlp, r.alerts, r.sightings, r.new_indicators,
         r.previous_alerts, r.previous_sightings, r.previous_new_indicators,
         r.used_by_actors, r.shared, r.confidence, r.evidence, r.evidence_count, r.via_software,
         coalesce(r.sources, '{}'), r.by_analyst
    from ranked r
   where r.rank <= least(greatest(coalesce(_limit, 5), 1), 20)
   order by r.kind desc, r.rank
$$;
