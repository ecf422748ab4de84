-- One search over the knowledge base for Unified Intelligence: CVEs, indicators, actors, malware,
-- tools, techniques, campaigns and alerts, the best few of each kind with how many matched.
-- Typo-tolerant through trigram word similarity (pg_trgm's <% at its default 0.6 threshold, which the
-- trigram indexes answer); defanged indicators are refanged first.
-- security invoker: RLS decides, so a TLP:RED object is neither listed nor counted for an analyst.

-- Trigram operators are not leakproof, so under RLS they cannot use their indexes (every object's
-- similarity would be computed). This helper finds candidate objects through the indexes as the
-- owner; unified_search re-reads them under RLS, so a TLP:RED object stays hidden.
create function private.intel_objects_matching(_query text, _cap integer default 1000) returns text[]
language sql stable security definer set search_path = '' as $$
  select array(
    select o.stix_id from public.intel_objects o
     where o.type in ('threat-actor', 'intrusion-set', 'malware', 'tool', 'attack-pattern', 'campaign')
       and (o.external_ids @> array[upper(_query)] or _query operator(extensions.<%) o.search_names)
     limit _cap)
$$;
comment on function private.intel_objects_matching(text, integer) is 'Ids of actors, malware, tools, techniques and campaigns whose names or aliases resemble the text or whose external id it is; callers re-read them under RLS.';
revoke all on function private.intel_objects_matching(text, integer) from public, anon;
grant execute on function private.intel_objects_matching(text, integer) to authenticated, service_role;

create function public.unified_search(_query text, _limit_per_kind integer default 5)
returns table (kind text, id text, title text, subtitle text, score real, kind_total bigint)
language plpgsql stable security invoker set search_path = '' as $$
#variable_conflict use_column
declare
  q text := btrim(coalesce(_query, ''));
  refanged text := private.refang(_query);
  per_kind integer := least(greatest(coalesce(_limit_per_kind, 5), 1), 50);
  cap constant integer := 1000;
begin
  if char_length(q) < 2 or char_length(q) > 200 then
    raise exception 'Search for 2 to 200 characters.' using errcode = '22023';
  end if;

  -- CVEs: by id prefix (any CVE, EPSS-only ones included; a range on the primary key), or by KEV
  -- vendor, product and name (the catalogue's 1,500 rows, through the kev_date_added index).
  if q ~* '^cve-\d' then
    return query
      with hits as (
        select v.cve_id, coalesce(v.kev_name, v.title, '') as title,
               concat_ws(' · ', coalesce(v.kev_vendor, v.vendor), coalesce(v.kev_product, v.product)) as subtitle
          from public.vulnerabilities v
         where v.cve_id >= upper(q) and v.cve_id < upper(q) || chr(1114111)
         order by v.kev_date_added is null, v.cve_id desc
         limit cap
      )
      select 'cve', h.cve_id, h.cve_id || coalesce(': ' || nullif(h.title, ''), ''), nullif(h.subtitle, ''), 1.0::real,
             count(*) over ()
        from hits h limit per_kind;
  else
    return query
      with hits as (
        select v.cve_id, coalesce(v.kev_name, v.title, '') as title,
               concat_ws(' · ', coalesce(v.kev_vendor, v.vendor), coalesce(v.kev_product, v.product)) as subtitle,
               extensions.word_similarity(q, concat_ws(' ', v.kev_vendor, v.kev_product, v.kev_name))::real as score
          from public.vulnerabilities v
         where v.kev_date_added is not null
           and (extensions.word_similarity(q, concat_ws(' ', v.kev_vendor, v.kev_product, v.kev_name)) >= 0.5
                or concat_ws(' ', v.kev_vendor, v.kev_product, v.kev_name) ilike '%' || q || '%')
         limit cap
      )
      select 'cve', h.cve_id, h.cve_id || coalesce(': ' || nullif(h.title, ''), ''), h.subtitle, h.score,
             count(*) over ()
        from hits h order by h.score desc, h.cve_id desc limit per_kind;
  end if;

  -- Indicators: the exact (refanged) value first, then substrings of domains, URLs and addresses.
  return query
    with exact as (
      select i.id, i.type::text as type, i.value, 1.0::real as score
        from public.indicators i where i.value in (refanged, lower(refanged))
    ), partial as (
      select i.id, i.type::text, i.value, 0.6::real
        from public.indicators i
       where i.id in (select unnest(private.indicators_matching(refanged, cap)) offset 0)
         and i.value not in (refanged, lower(refanged))
       limit cap
    ), hits as (select * from exact union all select * from partial)
    select 'indicator', h.id::text, h.value, h.type, h.score, count(*) over ()
      from hits h order by h.score desc, h.value limit per_kind;

  -- Knowledge objects by name, alias or ATT&CK id (T1059, T1059.001, G0007, S0154).
  return query
    with hits as (
      select o.stix_id, o.type, o.name,
             array_to_string(o.aliases[1:4], ', ') as subtitle,
             case when o.external_ids @> array[upper(q)] then 1.0
                  when lower(o.name) = lower(q) then 0.99
                  else extensions.word_similarity(q, o.search_names) end::real as score
        from public.intel_objects o
       where o.stix_id in (select unnest(private.intel_objects_matching(q, cap)) offset 0)
         and not o.revoked
       limit cap
    ), ranked as (
      select h.*, count(*) over (partition by h.type) as total,
             row_number() over (partition by h.type order by h.score desc, h.name) as rank
        from hits h
    )
    select r.type, r.stix_id, coalesce(r.name, r.stix_id), nullif(r.subtitle, ''), r.score, r.total
      from ranked r where r.rank <= per_kind;

  -- Alerts by title.
  return query
    with hits as (
      select a.id, a.title, a.severity::text || ' · ' || a.status::text as subtitle,
             extensions.word_similarity(q, a.title)::real as score
        from public.enhanced_security_alerts a
       where a.title ilike '%' || q || '%' or q operator(extensions.<%) a.title
       limit cap
    )
    select 'alert', h.id::text, h.title, h.subtitle, h.score, count(*) over ()
      from hits h order by h.score desc limit per_kind;
end
$$;
comment on function public.unified_search(text, integer) is
  'One search (2-200 characters) over CVEs, indicators (defanged accepted), threat actors, intrusion sets, malware, tools, techniques, campaigns and alerts: the best _limit_per_kind (1-50) of each kind with how many matched (capped at 1,000); typo-tolerant; RLS applies.';
revoke all on function public.unified_search(text, integer) from public, anon;
grant execute on function public.unified_search(text, integer) to authenticated, service_role;
