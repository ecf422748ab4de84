-- Unified Intelligence finds what was meant, not what looks like it:
-- - an exact identifier (a CVE id, an ATT&CK id such as T1059.001 or G0007, a hash, an IP address)
--   returns exact matches only: "CVE-2021-44228" no longer lists alerts about CVE-2021-44168;
-- - a query that some name, alias, identifier or indicator matches exactly gets no typo-tolerant
--   extras: "APT28" no longer lists APT2 and APT20. The fuzzy match stays for when nothing matches;
-- - CVEs are found by their known names (Log4Shell), KEV names and CVE titles;
-- - an object merged into another (Sofacy into APT28) is found as that one.

-- Whether a query is an identifier that only an exact match answers.
create function private.is_exact_identifier(_query text) returns boolean
language sql immutable parallel safe set search_path = '' as $$
  select _query ~* '^(cve-\d{4}-\d{4,}|t\d{4}(\.\d{3})?|ta\d{4}|[gscm]\d{4}|[0-9a-f]{32}|[0-9a-f]{40}|[0-9a-f]{64}|\d{1,3}(\.\d{1,3}){3}|[0-9a-f]{0,4}(:[0-9a-f]{0,4}){2,7})$'
$$;
comment on function private.is_exact_identifier(text) is 'Whether the (refanged) text is a CVE id, an ATT&CK id, an MD5/SHA-1/SHA-256 hash or an IP address: identifiers only an exact match answers.';
revoke all on function private.is_exact_identifier(text) from public, anon;
grant execute on function private.is_exact_identifier(text) to authenticated, service_role;

-- Whether a title names the identifier as a whole word ("CVE-2021-44228 on …", not CVE-2021-442289
-- nor T1059 inside T1059.001).
create function private.names_identifier(_title text, _identifier text) returns boolean
language sql immutable parallel safe set search_path = '' as $$
  select _title ~* ('(^|[^[:alnum:]])' || regexp_replace(_identifier, '([^[:alnum:]])', '\\\1', 'g')
    || '($|[^[:alnum:].]|\.($|[^[:alnum:]]))')
$$;
comment on function private.names_identifier(text, text) is 'Whether the text contains the identifier as a whole word (not as the start of a longer id).';
revoke all on function private.names_identifier(text, text) from public, anon;
grant execute on function private.names_identifier(text, text) to authenticated, service_role;

-- Candidate objects, as the owner (trigram operators cannot use their indexes under RLS): exact
-- external id, name or alias, and (unless the text is an identifier) names and aliases containing
-- it; only when none, and `_fuzzy`, names that resemble it. A merged object's names find the object it was merged into.
create function private.intel_objects_matching(_query text, _cap integer, _fuzzy boolean) returns text[]
language sql stable security definer set search_path = '' as $$
  with kinds as (
    select array['threat-actor', 'intrusion-set', 'malware', 'tool', 'attack-pattern', 'campaign'] as k
  )
  select coalesce(
    nullif(array(
      select distinct coalesce(o.merged_into, o.stix_id) from public.intel_objects o, kinds
       where o.type = any (kinds.k) and not o.revoked
         and (o.external_ids @> array[upper(_query)] or o.lookup_names @> array[lower(_query)]
              or (not private.is_exact_identifier(_query)
                  and o.search_names ilike '%' || replace(replace(replace(_query, '\', '\\'), '%', '\%'), '_', '\_') || '%'))
       limit _cap), '{}'),
    array(
      select distinct coalesce(o.merged_into, o.stix_id) from public.intel_objects o, kinds
       where _fuzzy and o.type = any (kinds.k)
         and _query operator(extensions.<%) o.search_names
       limit _cap))
$$;
comment on function private.intel_objects_matching(text, integer, boolean) is 'Ids of actors, malware, tools, techniques and campaigns whose external id, name or alias is the text or (not for identifiers) whose names contain it; failing those and when _fuzzy, whose names resemble it. Merged objects answer as the object they were merged into; callers re-read them under RLS.';
revoke all on function private.intel_objects_matching(text, integer, boolean) from public, anon;
grant execute on function private.intel_objects_matching(text, integer, boolean) to authenticated, service_role;

-- Whether anything answers the text exactly: a known vulnerability name, an indicator's value, an
-- object's name, alias or external id. As the owner, so the array operators use their indexes;
-- TLP:RED rows are left out, so the answer tells an analyst nothing they may not read.
create function private.has_exact_match(_query text, _refanged text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.vulnerability_names n where lower(n.name) = lower(_query))
      or exists (select 1 from public.indicators i
                  where i.value in (_refanged, lower(_refanged)) and i.tlp <> 'red')
      or exists (select 1 from public.intel_objects o
                  where (o.lookup_names @> array[lower(_query)] or o.external_ids @> array[upper(_query)])
                    and not o.revoked and o.tlp <> 'red')
$$;
comment on function private.has_exact_match(text, text) is 'Whether a known vulnerability name, a non-RED indicator value or a non-RED object''s name, alias or external id is exactly the text.';
revoke all on function private.has_exact_match(text, text) from public, anon;
grant execute on function private.has_exact_match(text, text) to authenticated, service_role;

-- CVEs only title-searched by the one-box search: the few with a CVE record title.
create index vulnerabilities_titled_idx on public.vulnerabilities (cve_id) where title is not null;

create or replace function public.unified_search(_query text, _limit_per_kind integer default 5)
returns table (kind text, id text, title text, subtitle text, score real, kind_total bigint)
language plpgsql stable security invoker set search_path = '' as $$
#variable_conflict use_column
declare
  q text := btrim(coalesce(_query, ''));
  refanged text := private.refang(_query);
  per_kind integer := least(greatest(coalesce(_limit_per_kind, 5), 1), 50);
  cap constant integer := 1000;
  exact_id boolean := private.is_exact_identifier(private.refang(_query));
  -- Something answers the query exactly: then nothing is listed for merely resembling it.
  fuzzy boolean;
begin
  if char_length(q) < 2 or char_length(q) > 200 then
    raise exception 'Search for 2 to 200 characters.' using errcode = '22023';
  end if;
  if exact_id then
    q := refanged;
  end if;
  fuzzy := not exact_id and not private.has_exact_match(q, refanged);

  -- CVEs: a whole id exactly, a partial id by prefix (any CVE, EPSS-only ones included; a range on
  -- the primary key); else by known name, KEV vendor, product and name, and CVE title.
  if q ~* '^cve-\d' then
    return query
      with hits as (
        select v.cve_id, coalesce(v.kev_name, v.title, '') as title,
               concat_ws(' · ', coalesce(v.kev_vendor, v.vendor), coalesce(v.kev_product, v.product)) as subtitle
          from public.vulnerabilities v
         -- One range on the primary key: the id itself, or every id it starts.
         where v.cve_id between upper(q) and upper(q) || case when exact_id then '' else chr(1114111) end
         order by v.kev_date_added is null, v.cve_id desc
         limit cap
      )
      select 'cve', h.cve_id, h.cve_id || coalesce(': ' || nullif(h.title, ''), ''), nullif(h.subtitle, ''), 1.0::real,
             count(*) over ()
        from hits h limit per_kind;
  elsif not exact_id then
    return query
      with named as (
        select n.cve_id, string_agg(n.name, ', ' order by n.name) as names
          from public.vulnerability_names n
         where lower(n.name) = lower(q) or (char_length(q) >= 3 and n.name ilike '%' || q || '%')
         group by n.cve_id
      ), ids as (
        select nm.cve_id from named nm
        union
        select v.cve_id from public.vulnerabilities v
         where v.kev_date_added is not null
           and (concat_ws(' ', v.kev_vendor, v.kev_product, v.kev_name) ilike '%' || q || '%'
                or (fuzzy and extensions.word_similarity(q, concat_ws(' ', v.kev_vendor, v.kev_product, v.kev_name)) >= 0.5))
        union
        select v.cve_id from public.vulnerabilities v
         where v.title is not null and v.title ilike '%' || q || '%'
      ), hits as (
        select v.cve_id, coalesce(v.kev_name, v.title, '') as title,
               concat_ws(' · ', coalesce(v.kev_vendor, v.vendor), coalesce(v.kev_product, v.product)) as subtitle,
               case when nm.cve_id is not null then 1.0
                    else extensions.word_similarity(q, concat_ws(' ', v.kev_vendor, v.kev_product, v.kev_name, v.title)) end::real as score,
               nm.names
          from ids
          join public.vulnerabilities v on v.cve_id = ids.cve_id
          left join named nm on nm.cve_id = v.cve_id
         limit cap
      )
      select 'cve', h.cve_id, h.cve_id || coalesce(' (' || h.names || ')', '') || coalesce(': ' || nullif(h.title, ''), ''),
             nullif(h.subtitle, ''), h.score, count(*) over ()
        from hits h order by h.score desc, h.cve_id desc limit per_kind;
  end if;

  -- Indicators: the exact (refanged) value; unless the query is an identifier, also substrings of
  -- domains, URLs and addresses.
  return query
    with exact as (
      select i.id, i.type::text as type, i.value, 1.0::real as score
        from public.indicators i where i.value in (refanged, lower(refanged))
    ), partial as (
      select i.id, i.type::text, i.value, 0.6::real
        from public.indicators i
       where not exact_id
         and i.id in (select unnest(private.indicators_matching(refanged, cap)) offset 0)
         and i.value not in (refanged, lower(refanged))
       limit cap
    ), hits as (select * from exact union all select * from partial)
    select 'indicator', h.id::text, h.value, h.type, h.score, count(*) over ()
      from hits h order by h.score desc, h.value limit per_kind;

  -- Knowledge objects by ATT&CK id (T1059, T1059.001, G0007, S0154), name or alias.
  return query
    with hits as (
      select o.stix_id, o.type, o.name,
             array_to_string(o.aliases[1:4], ', ') as subtitle,
             case when o.external_ids @> array[upper(q)] then 1.0
                  when lower(o.name) = lower(q) then 0.99
                  when o.lookup_names @> array[lower(q)] then 0.98
                  else extensions.word_similarity(q, o.search_names) end::real as score
        from public.intel_objects o
       where o.stix_id in (select unnest(private.intel_objects_matching(q, cap, fuzzy)) offset 0)
         and not o.revoked and o.merged_into is null
       limit cap
    ), ranked as (
      select h.*, count(*) over (partition by h.type) as total,
             row_number() over (partition by h.type order by h.score desc, h.name) as rank
        from hits h
    )
    select r.type, r.stix_id, coalesce(r.name, r.stix_id), nullif(r.subtitle, ''), r.score, r.total
      from ranked r where r.rank <= per_kind;

  -- Alerts: an identifier as a whole word of the title (or the alert's CVE); other text contained
  -- in the title, or resembling it when nothing matched exactly.
  return query
    with hits as (
      select a.id, a.title, a.severity::text || ' · ' || a.status::text as subtitle,
             extensions.word_similarity(q, a.title)::real as score
        from public.enhanced_security_alerts a
       where case when exact_id
                  then a.cve_id = upper(q) or (a.title ilike '%' || q || '%' and private.names_identifier(a.title, q))
                  else a.title ilike '%' || q || '%' or (fuzzy and q operator(extensions.<%) a.title) end
       limit cap
    )
    select 'alert', h.id::text, h.title, h.subtitle, h.score, count(*) over ()
      from hits h order by h.score desc limit per_kind;
end
$$;
comment on function public.unified_search(text, integer) is
  'One search (2-200 characters) over CVEs (id, known name, KEV name, title), indicators (defanged accepted), threat actors, intrusion sets, malware, tools, techniques, campaigns and alerts: the best _limit_per_kind (1-50) of each kind with how many matched (capped at 1,000). An identifier (CVE or ATT&CK id, hash, IP) matches exactly only; other text is typo-tolerant only when nothing matches it exactly. Merged objects answer as the object they were merged into; RLS applies.';
