-- Unified Intelligence also finds our own assets (DESIGN §6: "one search over CVEs, indicators,
-- actors, malware, techniques, assets, alerts"): by host name, address, owner, or the vendor and
-- product of the software they run ("fortinet" lists the hosts running FortiOS).
--
-- The search over the knowledge base keeps its definition: it moves to private under its own name and
-- public.unified_search returns its rows followed by the assets, so neither is written twice.

alter function public.unified_search(text, integer) rename to unified_search_knowledge;
alter function public.unified_search_knowledge(text, integer) set schema private;
comment on function private.unified_search_knowledge(text, integer) is
  'The knowledge-base part of public.unified_search (CVEs, indicators, knowledge objects, alerts); security invoker, so RLS applies.';
revoke all on function private.unified_search_knowledge(text, integer) from public, anon;
grant execute on function private.unified_search_knowledge(text, integer) to authenticated, service_role;

-- Assets whose host name, address or owner holds the text, or that run a product whose vendor or
-- name holds it; an exact host name or address first. An address only as a whole (an identifier).
create function private.unified_search_assets(_query text, _limit_per_kind integer)
returns table (kind text, id text, title text, subtitle text, score real, kind_total bigint)
language sql stable security invoker set search_path = '' as $$
  with q as (
    select btrim(private.refang(_query)) as text,
           private.is_exact_identifier(private.refang(_query)) as exact_id,
           least(greatest(coalesce(_limit_per_kind, 5), 1), 50) as per_kind
  ), pattern as (
    select '%' || replace(replace(replace(q.text, '\', '\\'), '%', '\%'), '_', '\_') || '%' as text from q
  ), hits as (
    select a.id, coalesce(a.hostname, host(a.ip)) as title,
           concat_ws(' · ', case when a.hostname is not null then host(a.ip) end, a.owner,
                     a.criticality::text || ' criticality') as subtitle,
           case when lower(a.hostname) = lower(q.text) or host(a.ip) = q.text then 1.0
                else 0.6 end::real as score
      from public.assets a, q, pattern
     where host(a.ip) = q.text or lower(a.hostname) = lower(q.text)
        or (not q.exact_id
            and (a.hostname ilike pattern.text or a.owner ilike pattern.text
                 or exists (select 1 from public.asset_products p
                             where p.asset_id = a.id
                               and (p.vendor ilike pattern.text or p.product ilike pattern.text))))
     limit 1000
  )
  select 'asset', h.id::text, h.title, nullif(h.subtitle, ''), h.score, count(*) over ()
    from hits h, q order by h.score desc, h.title limit (select per_kind from q)
$$;
comment on function private.unified_search_assets(text, integer) is
  'The assets part of public.unified_search: host name, address, owner, or a product''s vendor or name holding the text (an address or other identifier only exactly); security invoker, so RLS applies.';
revoke all on function private.unified_search_assets(text, integer) from public, anon;
grant execute on function private.unified_search_assets(text, integer) to authenticated, service_role;

create function public.unified_search(_query text, _limit_per_kind integer default 5)
returns table (kind text, id text, title text, subtitle text, score real, kind_total bigint)
language sql stable security invoker set search_path = '' as $$
  select * from private.unified_search_knowledge(_query, _limit_per_kind)
  union all
  select * from private.unified_search_assets(_query, _limit_per_kind)
$$;
comment on function public.unified_search(text, integer) is
  'One search (2-200 characters) over CVEs (id, known name, KEV name, title), indicators (defanged accepted), threat actors, intrusion sets, malware, tools, techniques, campaigns, alerts and our assets (host name, address, owner, products): the best _limit_per_kind (1-50) of each kind with how many matched (capped at 1,000). An identifier (CVE or ATT&CK id, hash, IP) matches exactly only; other text is typo-tolerant only when nothing matches it exactly. Merged objects answer as the object they were merged into; RLS applies.';
revoke all on function public.unified_search(text, integer) from public, anon;
grant execute on function public.unified_search(text, integer) to authenticated, service_role;
