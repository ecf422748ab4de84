-- The ATT&CK matrix for Enhanced CTI: tactics in the matrix object's kill-chain order, every current
-- technique and sub-technique under each of its tactics, and how each is used by the objects an
-- analyst selected (uses links from intrusion sets, malware, tools and campaigns), or how often our
-- sensors saw indicators of software that uses it. Then one technique's mitigations and users.
-- Both are security invoker: RLS decides, so TLP:RED objects and links neither appear nor count.

-- The tactics' order comes from the domain's x-mitre-matrix object (tactic_refs); a technique sits
-- under every tactic its kill chain phases name, for that domain's kill chain.
create function public.attack_matrix(
  _object_ids text[] default '{}',
  _domain text default 'enterprise-attack',
  _with_sightings boolean default false,
  _used_only boolean default false
)
returns table (
  tactic_order integer,
  tactic_id text,
  tactic_name text,
  tactic_shortname text,
  technique_stix_id text,
  technique_id text,
  technique_name text,
  parent_stix_id text,
  platforms text[],
  used_by text[],
  sightings bigint,
  sighting_events bigint
)
-- plpgsql so the plan is cached per connection: planning the query costs more than running it.
language plpgsql stable security invoker set search_path = '' as $$
#variable_conflict use_column
begin
  return query
  with matrix as (
    select m.stix -> 'tactic_refs' as tactic_refs
      from public.intel_objects m
     where m.type = 'x-mitre-matrix' and m.external_ids @> array[_domain] and not m.revoked
     order by m.modified desc nulls last
     limit 1
  ), tactics as materialized (
    select refs.position::integer as position, t.stix_id,
           (select e from unnest(t.external_ids) e where e ~ '^TA[0-9]{4}$' limit 1) as external_id,
           t.name, t.stix ->> 'x_mitre_shortname' as shortname
      from matrix
     cross join lateral jsonb_array_elements_text(matrix.tactic_refs) with ordinality as refs (ref, position)
      join public.intel_objects t on t.stix_id = refs.ref and t.type = 'x-mitre-tactic'
  ), techniques as materialized (
    -- Read once (attack-pattern rows are wide: their pages are many), then joined by hash.
    select o.stix_id, o.name, o.platforms, phase ->> 'phase_name' as phase,
           (select e from unnest(o.external_ids) e where e ~ '^T[0-9]{4}(\.[0-9]{3})?$' limit 1) as external_id
      from public.intel_objects o
     cross join lateral jsonb_array_elements(o.kill_chain_phases) as phase
     where o.type = 'attack-pattern' and not o.revoked and not o.deprecated
       and phase ->> 'kill_chain_name' = case _domain
             when 'enterprise-attack' then 'mitre-attack'
             when 'mobile-attack' then 'mitre-mobile-attack'
             when 'ics-attack' then 'mitre-ics-attack'
           end
  ), usage as (
    -- Joined to the objects so that only objects the caller may read are named.
    select r.target_ref as technique, array_agg(distinct r.source_ref order by r.source_ref) as used_by
      from public.intel_objects user_object
      join public.relationships r on r.source_ref = user_object.stix_id
     where user_object.stix_id = any (coalesce(_object_ids, '{}'))
       and r.relationship_type = 'uses' and not r.revoked and starts_with(r.target_ref, 'attack-pattern--')
     group by r.target_ref
  ), seen as (
    -- What our sensors saw: a sighting of an indicator counts for what the indicator indicates; a
    -- sighting of a malware, tool, actor or technique (imported STIX) counts for it directly.
    select s.stix_id, s.count, r.target_ref as object
      from public.sightings s
      join public.relationships r on r.source_ref = s.sighting_of_ref and r.relationship_type = 'indicates' and not r.revoked
     where _with_sightings and starts_with(s.sighting_of_ref, 'indicator--')
    union all
    select s.stix_id, s.count, s.sighting_of_ref
      from public.sightings s
     where _with_sightings and not starts_with(s.sighting_of_ref, 'indicator--')
  ), seen_techniques as (
    -- Each sighting once per technique, however many of its software use the technique.
    select pair.technique, count(*) as sightings, sum(coalesce(pair.count, 1)) as events
      from (
        select distinct seen.stix_id, seen.count, coalesce(u.target_ref, seen.object) as technique
          from seen
          left join public.relationships u
            on u.source_ref = seen.object and u.relationship_type = 'uses' and not u.revoked
           and starts_with(u.target_ref, 'attack-pattern--')
         where u.target_ref is not null or starts_with(seen.object, 'attack-pattern--')
      ) pair
     group by pair.technique
  )
  select ta.position, ta.external_id, ta.name, ta.shortname,
         te.stix_id, te.external_id, te.name, parent.stix_id, te.platforms,
         coalesce(u.used_by, '{}'),
         case when _with_sightings then coalesce(st.sightings, 0) end,
         case when _with_sightings then coalesce(st.events, 0) end
    from tactics ta
    join techniques te on te.phase = ta.shortname
    -- A sub-technique's id is its parent's and a suffix (T1059.001 under T1059), which ATT&CK keeps
    -- in step with its subtechnique-of links; reading it from the ids costs no lookup per row.
    left join (select distinct t.stix_id, t.external_id from techniques t) parent
      on te.external_id like '%.%' and parent.external_id = split_part(te.external_id, '.', 1)
    left join usage u on u.technique = te.stix_id
    left join seen_techniques st on st.technique = te.stix_id
   -- A matrix already on screen is re-coloured from the used (or sighted) rows alone: a tenth of the answer.
   where not coalesce(_used_only, false) or u.used_by is not null or st.sightings > 0
   order by ta.position, te.external_id;
end
$$;
comment on function public.attack_matrix(text[], text, boolean, boolean) is
  'The ATT&CK matrix of a domain (enterprise-attack, mobile-attack, ics-attack): one row per tactic and current technique or sub-technique (parent_stix_id set), tactics in the matrix''s order; used_by lists which of _object_ids (intrusion sets, malware, tools, campaigns) use it; with _with_sightings, how many sightings (and events) of indicators of software that uses it our sensors recorded; with _used_only, only the rows used or sighted (to re-colour a matrix already drawn); RLS applies.';
revoke all on function public.attack_matrix(text[], text, boolean, boolean) from public, anon;
grant execute on function public.attack_matrix(text[], text, boolean, boolean) to authenticated;

-- One technique's detail: what mitigates it (with how), who uses it (with the procedure), its
-- sub-techniques or parent. Descriptions are ATT&CK's text, rendered as text only.
create function public.technique_relations(_technique_id text, _limit integer default 1000)
returns table (
  relationship_type text,
  direction text,
  other_stix_id text,
  other_type text,
  other_name text,
  other_external_id text,
  description text
)
language sql stable security invoker set search_path = '' as $$
  select l.relationship_type, l.direction, o.stix_id, o.type, o.name,
         (select e from unnest(o.external_ids) e where e ~ '^[A-Z]{1,2}[0-9]{4}(\.[0-9]{3})?$' limit 1),
         l.description
    from (
      select r.relationship_type, 'in'::text as direction, r.source_ref as other, r.description
        from public.relationships r
       where r.target_ref = _technique_id and r.relationship_type in ('mitigates', 'uses', 'subtechnique-of')
         and not r.revoked
      union all
      select r.relationship_type, 'out', r.target_ref, r.description
        from public.relationships r
       where r.source_ref = _technique_id and r.relationship_type = 'subtechnique-of' and not r.revoked
    ) l
    join public.intel_objects o on o.stix_id = l.other and not o.revoked and not o.deprecated
   order by l.relationship_type, o.type, o.name
   limit least(greatest(coalesce(_limit, 1000), 1), 5000)
$$;
comment on function public.technique_relations(text, integer) is
  'One ATT&CK technique''s mitigations (mitigates, in), users (uses, in: intrusion sets, malware, tools, campaigns, with the procedure text), sub-techniques (subtechnique-of, in) and parent (subtechnique-of, out), current objects only, at most _limit (1-5000); RLS applies.';
revoke all on function public.technique_relations(text, integer) from public, anon;
grant execute on function public.technique_relations(text, integer) to authenticated;
