-- PAP in exports for security controls (issue 28 §1): a value whose PAP is AMBER or RED never
-- leaves, so private.export_indicators gives it the verdict 'pap' (after the lifecycle and the TLP
-- ceiling, before the score and the lists), which the writers count in the export's header. Its
-- PAP is the least restrictive of its reports' (each the stricter of its own and its source's), as
-- private.indicator_pap reads it, gathered in the same lateral that names the sources. The body is
-- otherwise 20261201100000's.

create or replace function private.export_indicators(_type public.indicator_type, _source_ids uuid[], _max_tlp public.tlp_level, _min_score integer, _after_value text, _page_size integer, _now timestamp with time zone DEFAULT NULL::timestamp with time zone)
 RETURNS TABLE(value text, verdict text, score integer, tlp public.tlp_level, confidence smallint, stix_id text, name text, description text, labels text[], valid_from timestamp with time zone, modified timestamp with time zone, sources text[], reference text)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  _at timestamptz := coalesce(_now, now());
begin
  return query
  select i.value::text,
         case when lc.state <> 'active' then lc.state::text
              when i.tlp > _max_tlp then 'above-tlp'
              when not private.pap_allows_sharing(src.pap) then 'pap'
              when lc.score < coalesce(_min_score, 0) then 'below-score'
              when private.listed_reason(i.type, i.value) is not null then 'listed'
         end,
         lc.score, i.tlp, i.confidence, i.stix_id::text, i.name, i.description, i.labels, i.valid_from, i.updated_at,
         coalesce(src.names, '{}'), src.reference
    from public.indicators i
    left join public.decay_rules r on r.indicator_type = i.type
   cross join lateral (
     -- The inputs the triggers keep on the row are exact unless a TLP:RED report or sighting counts
     -- (score_red), where they gather live, as the score pages do: no per-row lookups for nearly all.
     select case when i.score_red then (private.indicator_lifecycle(i, _at)).score
                 else private.score_from(i, i.score_weight, i.score_last_alerting, i.score_false_positives, r, _at)
            end as score) sc
   cross join lateral (select sc.score, private.lifecycle_state_from(i, sc.score, r, _at) as state) lc
    left join lateral (
      select array_agg(s.name order by s.name) as names,
             (array_agg(x.reference order by s.name) filter (where x.reference ~ '^https?://'))[1] as reference,
             min(greatest(x.pap, s.pap)) as pap
        from public.indicator_sources x join public.sources s on s.id = x.source_id
       where x.indicator_id = i.id) src on true
   where i.type = _type
     and i.value > coalesce(_after_value, '')
     and (_source_ids is null
          or (cardinality(_source_ids) = 0
              and not exists (select 1 from public.indicator_sources x where x.indicator_id = i.id))
          or exists (select 1 from public.indicator_sources x
                      where x.indicator_id = i.id and x.source_id = any(_source_ids)))
   order by i.value
   limit greatest(1, least(coalesce(_page_size, 1000), 10000));
end
$function$;
comment on function private.export_indicators(public.indicator_type, uuid[], public.tlp_level, integer, text, integer, timestamptz) is
  'A page of one type''s indicators after _after_value (value order) with the verdict for security controls as of _now (null: now()): null (exported), revoked, expired, decayed, above-tlp, pap (PAP:AMBER or RED: never leaves), below-score or listed (first that applies). _source_ids: null any, empty only indicators without a source, else reported by one of them.';
