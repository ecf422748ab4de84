-- Exports for security controls (intel CLI `export zeek-intel|suricata|rpz|text|nftables|iptables|csv|misp-feed`):
-- a page of one type's indicators in value order, each with the server's verdict on whether it may go
-- to a firewall, resolver or sensor, so the CLI streams any size in constant memory and its header
-- can say what it left out and why.
--
-- The verdict is the first reason that applies, cheapest first so that the list lookups (about 1 ms
-- a value with every shared warninglist) run only for values that would otherwise be exported:
--   revoked / expired / decayed   private.indicator_lifecycle (the same judgement as detection);
--   above-tlp                     the indicator's TLP (its least restrictive report) above _max_tlp;
--   below-score                   public.score under _min_score;
--   listed                        on an enabled warninglist or an exclusion list (private.listed_reason);
--   null                          exported. Null verdict <=> private.indicator_actionable(i), TLP and score allowing.
-- Only the CLI calls it, as the service role: no grant to analysts, so RLS-free reading is no wider
-- than the service role's own.

create function private.export_indicators(
  _type public.indicator_type,
  _source_ids uuid[],
  _max_tlp public.tlp_level,
  _min_score integer,
  _after_value text,
  _page_size integer)
returns table (
  value text,
  verdict text,
  score integer,
  tlp public.tlp_level,
  confidence smallint,
  stix_id text,
  name text,
  description text,
  labels text[],
  valid_from timestamptz,
  modified timestamptz,
  sources text[],
  reference text)
language plpgsql stable parallel unsafe set search_path = '' as $$
begin
  return query
  select i.value::text,
         case when lc.state <> 'active' then lc.state::text
              when i.tlp > _max_tlp then 'above-tlp'
              when lc.score < coalesce(_min_score, 0) then 'below-score'
              when private.listed_reason(i.type, i.value) is not null then 'listed'
         end,
         lc.score, i.tlp, i.confidence, i.stix_id::text, i.name, i.description, i.labels, i.valid_from, i.updated_at,
         coalesce(src.names, '{}'), src.reference
    from public.indicators i
   cross join lateral private.indicator_lifecycle(i) lc
    left join lateral (
      select array_agg(s.name order by s.name) as names,
             (array_agg(x.reference order by s.name) filter (where x.reference ~ '^https?://'))[1] as reference
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
$$;
comment on function private.export_indicators(public.indicator_type, uuid[], public.tlp_level, integer, text, integer) is
  'A page of one type''s indicators after _after_value (value order) with the verdict for security controls: null (exported), revoked, expired, decayed, above-tlp, below-score or listed (first that applies). _source_ids: null any, empty only indicators without a source, else reported by one of them.';
revoke all on function private.export_indicators(public.indicator_type, uuid[], public.tlp_level, integer, text, integer) from public, anon, authenticated;
grant execute on function private.export_indicators(public.indicator_type, uuid[], public.tlp_level, integer, text, integer) to service_role;
