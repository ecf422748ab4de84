-- The IOC page sorts and filters by the score (indicators.score): search_indicators answers each
-- row's score and lifecycle state, sorts by score (keyset on score and id) and takes a minimum
-- score; count_indicators takes the same minimum. Same contract otherwise: the new argument is
-- optional and the new columns come last.

drop function public.search_indicators(public.indicator_type[], public.tlp_level[], uuid, integer, timestamptz, timestamptz, text, boolean, text, text, text, bigint, integer);
drop function public.count_indicators(public.indicator_type[], public.tlp_level[], uuid, integer, timestamptz, timestamptz, text, boolean, text);

create function public.search_indicators(
  _types public.indicator_type[] default null,
  _tlps public.tlp_level[] default null,
  _source_id uuid default null,
  _min_confidence integer default null,
  _seen_since timestamptz default null,
  _seen_until timestamptz default null,
  _malware_id text default null,
  _revoked boolean default null,
  _value text default null,
  _sort text default 'last_seen',
  _after_key text default null,
  _after_id bigint default null,
  _limit integer default 100,
  _min_score integer default null
)
returns table (
  id bigint,
  type public.indicator_type,
  value text,
  name text,
  confidence smallint,
  tlp public.tlp_level,
  first_seen timestamptz,
  last_seen timestamptz,
  valid_until timestamptz,
  revoked boolean,
  labels text[],
  source_count integer,
  malware text[],
  sort_key text,
  score integer,
  lifecycle_state public.indicator_lifecycle_state
)
language plpgsql stable security invoker set search_path = '' as $$
declare
  needle text := nullif(private.refang(_value), '');
  order_by text;
  after text := '';
  key_expr text;
begin
  if _min_score is not null and _min_score not between 0 and 100 then
    raise exception 'The minimum score must be between 0 and 100.' using errcode = '22023';
  end if;
  if _limit is null or _limit < 1 or _limit > 500 then
    raise exception 'The page size must be between 1 and 500.' using errcode = '22023';
  end if;
  if char_length(coalesce(_value, '')) > 500 then
    raise exception 'Search for at most 500 characters.' using errcode = '22023';
  end if;
  case _sort
    when 'last_seen' then
      order_by := 'i.last_seen desc nulls last, i.id desc';
      key_expr := 'i.last_seen';
      if _after_id is not null then
        after := case when _after_key is null
          then 'and i.last_seen is null and i.id < $11'
          else 'and (i.last_seen < $10::timestamptz or i.last_seen is null or (i.last_seen = $10::timestamptz and i.id < $11))' end;
      end if;
    when 'first_seen' then
      order_by := 'i.first_seen desc nulls last, i.id desc';
      key_expr := 'i.first_seen';
      if _after_id is not null then
        after := case when _after_key is null
          then 'and i.first_seen is null and i.id < $11'
          else 'and (i.first_seen < $10::timestamptz or i.first_seen is null or (i.first_seen = $10::timestamptz and i.id < $11))' end;
      end if;
    when 'score' then
      -- Computed per row: the whole filtered set is scored to find a page (seconds at 60,000 rows).
      order_by := 'public.score(i) desc, i.id desc';
      key_expr := 'public.score(i)';
      if _after_id is not null then
        after := 'and (public.score(i) < $10::integer or (public.score(i) = $10::integer and i.id < $11))';
      end if;
    when 'value' then
      order_by := 'i.value, i.id';
      key_expr := 'i.value';
      if _after_id is not null then
        after := 'and (i.value > $10 or (i.value = $10 and i.id > $11))';
      end if;
    else
      raise exception 'Unknown sort "%": use last_seen, first_seen, score or value.', _sort using errcode = '22023';
  end case;

  return query execute format($q$
    select i.id, i.type, i.value, i.name, i.confidence, i.tlp, i.first_seen, i.last_seen, i.valid_until,
      i.revoked, i.labels,
      (select count(*)::integer from public.indicator_sources s where s.indicator_id = i.id),
      (select array(select distinct m from public.indicator_sources s, unnest(s.malware) m
                     where s.indicator_id = i.id order by m limit 3)),
      %s::text, public.score(i), public.lifecycle_state(i)
    from %s
    where ($1::public.indicator_type[] is null or i.type = any ($1))
      and ($2::public.tlp_level[] is null or i.tlp = any ($2))
      and ($3::uuid is null or exists (select 1 from public.indicator_sources s where s.source_id = $3 and s.indicator_id = i.id))
      and ($4::integer is null or i.confidence >= $4)
      and ($5::timestamptz is null or i.last_seen >= $5)
      and ($6::timestamptz is null or i.last_seen < $6)
      and ($7::text is null or i.stix_id in (
            select r.source_ref from public.relationships r
             where r.target_ref = $7 and r.relationship_type = 'indicates'))
      and ($8::boolean is null or i.revoked = $8)
      and ($13::integer is null or public.score(i) >= $13)
      %s
    order by %s
    limit $12
  $q$, key_expr,
    -- A value search starts from its matches (an index each) and sorts them; otherwise the sort's
    -- index is read in order and stops after one page.
    case when needle is null then 'public.indicators i'
      else '(select unnest(private.indicators_matching($9)) as id) m join public.indicators i on i.id = m.id' end,
    after, order_by)
  using _types, _tlps, _source_id, _min_confidence, _seen_since, _seen_until, _malware_id, _revoked,
    needle, _after_key, _after_id, _limit, _min_score;
end
$$;
comment on function public.search_indicators(public.indicator_type[], public.tlp_level[], uuid, integer, timestamptz, timestamptz, text, boolean, text, text, text, bigint, integer, integer) is
  'The IOC list: filters (type, TLP, source, minimum confidence, minimum score, last-seen window, malware stix id, revoked, value: substring for domain/URL/e-mail, prefix otherwise, defanged accepted, the first 100,000 matches), sort last_seen | first_seen | score | value, keyset pages; each row with its score and lifecycle state (pass the last row''s sort_key and id); RLS applies.';
revoke all on function public.search_indicators(public.indicator_type[], public.tlp_level[], uuid, integer, timestamptz, timestamptz, text, boolean, text, text, text, bigint, integer, integer) from public, anon;
grant execute on function public.search_indicators(public.indicator_type[], public.tlp_level[], uuid, integer, timestamptz, timestamptz, text, boolean, text, text, text, bigint, integer, integer) to authenticated, service_role;

-- How many match, with the same filters as search_indicators.
create function public.count_indicators(
  _types public.indicator_type[] default null,
  _tlps public.tlp_level[] default null,
  _source_id uuid default null,
  _min_confidence integer default null,
  _seen_since timestamptz default null,
  _seen_until timestamptz default null,
  _malware_id text default null,
  _revoked boolean default null,
  _value text default null,
  _min_score integer default null
)
returns table (total bigint, exact boolean)
-- volatile: it runs EXPLAIN, which Postgres allows only there.
language plpgsql volatile security invoker set search_path = '' as $$
declare
  cap constant bigint := 100000;
  needle text := nullif(private.refang(_value), '');
  conditions text;
  source text;
  counted bigint;
  plan jsonb;
begin
  conditions := concat_ws(' and ', 'true',
    case when _types is not null then format('i.type = any (%L::public.indicator_type[])', _types) end,
    case when _tlps is not null then format('i.tlp = any (%L::public.tlp_level[])', _tlps) end,
    case when _source_id is not null then format(
      'exists (select 1 from public.indicator_sources s where s.source_id = %L and s.indicator_id = i.id)', _source_id) end,
    case when _min_confidence is not null then format('i.confidence >= %s', _min_confidence) end,
    case when _seen_since is not null then format('i.last_seen >= %L::timestamptz', _seen_since) end,
    case when _seen_until is not null then format('i.last_seen < %L::timestamptz', _seen_until) end,
    case when _malware_id is not null then format(
      'i.stix_id in (select r.source_ref from public.relationships r where r.target_ref = %L and r.relationship_type = ''indicates'')',
      _malware_id) end,
    case when _revoked is not null then format('i.revoked = %L', _revoked) end,
    case when _min_score is not null then format('public.score(i) >= %s', _min_score) end,
    null);
  source := case when needle is null then 'public.indicators i' else format(
    '(select unnest(private.indicators_matching(%L, %s)) as id) m join public.indicators i on i.id = m.id', needle, cap + 1) end;
  execute format('select count(*) from (select 1 from %s where %s limit %s) c', source, conditions, cap + 1)
    into counted;
  if counted <= cap then
    return query select counted, true;
    return;
  end if;
  execute format('explain (format json) select 1 from %s where %s', source, conditions) into plan;
  return query select greatest((plan -> 0 -> 'Plan' ->> 'Plan Rows')::bigint, cap + 1), false;
end
$$;
comment on function public.count_indicators(public.indicator_type[], public.tlp_level[], uuid, integer, timestamptz, timestamptz, text, boolean, text, integer) is
  'How many indicators match the IOC filters (minimum score included): exact up to 100,000, else the planner''s estimate of the same query (exact = false); RLS applies.';
revoke all on function public.count_indicators(public.indicator_type[], public.tlp_level[], uuid, integer, timestamptz, timestamptz, text, boolean, text, integer) from public, anon;
grant execute on function public.count_indicators(public.indicator_type[], public.tlp_level[], uuid, integer, timestamptz, timestamptz, text, boolean, text, integer) to authenticated, service_role;
