-- object_relations names the relationship behind each named row (relationship_id), so the profile can
-- offer "Edit" and "Revoke" on it (issue 29 §2: relationships are edited in the app, not only added).
-- Counted indicator rows keep a null id: they stand for many relationships. The return type changes,
-- so the function is dropped and created again with the same arguments, body and grants.
drop function public.object_relations(text, integer);

create function public.object_relations(_stix_id text, _limit integer default 200)
returns table (
  relationship_type text,
  direction text,
  other_stix_id text,
  other_type text,
  other_name text,
  relationship_count bigint,
  relationship_id text
)
language sql stable security invoker set search_path = '' as $$
  with links as (
    select r.relationship_type, 'out'::text as direction, r.target_ref as other, r.stix_id
      from public.relationships r
     where r.source_ref = _stix_id and not r.revoked
       and not starts_with(r.target_ref, 'indicator--')
    union all
    select r.relationship_type, 'in', r.source_ref, r.stix_id
      from public.relationships r
     where r.target_ref = _stix_id and not r.revoked
       and not starts_with(r.source_ref, 'indicator--')
  ), named as (
    select l.relationship_type, l.direction, l.other, o.type, o.name, 1::bigint as n, l.stix_id
      from links l
      join public.intel_objects o on o.stix_id = l.other
     order by l.relationship_type, o.type, o.name
     limit least(greatest(coalesce(_limit, 200), 1), 1000)
  )
  select relationship_type, direction, other, type, name, n, stix_id from named
  union all
  -- Indicators are counted per relationship type, never listed here (the IOC page lists them).
  select r.relationship_type, 'in', null, 'indicator', null, count(*), null
    from public.relationships r
   where r.target_ref = _stix_id and starts_with(r.source_ref, 'indicator--') and not r.revoked
   group by r.relationship_type
$$;
comment on function public.object_relations(text, integer) is
  'The objects linked to one knowledge object (named, at most _limit, 1-1000, each with the STIX id of its relationship), plus one counted row per relationship type from indicators (relationship_id null); RLS applies.';
revoke all on function public.object_relations(text, integer) from public, anon;
grant execute on function public.object_relations(text, integer) to authenticated, service_role;
