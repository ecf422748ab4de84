-- The IOC list filtered or sorted by score reads the score key indexes instead of scoring every
-- indicator (1.0 s at 60,000 rows, linear in the table). Same signatures, same answers.
--
-- private.score_candidates reads, per indicator type, that type's key index from
-- "key >= log2(s - 0.5) + now / h" (every row whose score can reach s: the key is an upper bound of
-- the score any reader sees), judging each row by its exact score (public.score for a row with
-- TLP:RED inputs, the formula on the stored inputs otherwise). Sorted by score (score desc, id
-- desc, as before), a page is found in two steps: the best rows of each type by key give N rows
-- with exact scores, the N-th best of which, s*, is a lower bound of the page; then every row
-- scoring at least s* (the rows above it and the whole s* bucket, ordered by id within it). The
-- first step may overestimate nothing: it only fixes s*, the second step is exact. A page that
-- reaches indicators scoring 0 (no minimum score, and fewer than N score 1 or more) is scored
-- whole as before.

-- Under RLS the key's range cannot be an index condition (its arithmetic is not leakproof, so it
-- may not run before the policy), so each type's index is read in key order by a loop that stops
-- at the threshold: the rows an index range would give, under the caller's RLS. Sorting is off so
-- that the order comes from the index (a sort would read the whole type first), and the exact score
-- is computed in the loop, only for rows above the threshold.
create function private.score_candidates(
  _filters text, _min_score integer, _per_type_limit integer, _max_rows integer, _below_score integer, _below_id bigint,
  _types public.indicator_type[], _tlps public.tlp_level[], _source_id uuid, _min_confidence integer,
  _seen_since timestamptz, _seen_until timestamptz, _malware_id text, _revoked boolean, _needle text,
  _after_key text, _after_id bigint, _limit integer, _min_score_arg integer
) returns table (id bigint, score integer)
language plpgsql stable set search_path = '' set enable_sort = off as $$
declare
  rule record;
  hit record;
  decay public.decay_rules;
  exact integer;
  threshold double precision;
  taken integer;
  total integer := 0;
  seconds double precision := extract(epoch from now() - '2000-01-01 00:00:00+00'::timestamptz)::double precision;
begin
  for rule in
    select e.type, coalesce(r.half_life_days, (private.default_decay_rule(e.type)).half_life_days) as half_life,
           coalesce(r, private.default_decay_rule(e.type)) as rule_row
      from unnest(enum_range(null::public.indicator_type)) e(type)
      left join public.decay_rules r on r.indicator_type = e.type
     where _types is null or e.type = any (_types)
  loop
    decay := rule.rule_row;
    -- score >= s  <=>  unrounded >= s - 0.5; the margin covers float rounding (the exact score decides).
    threshold := log(2::numeric, (_min_score - 0.5)::numeric)::double precision + seconds / (rule.half_life * 86400.0) - 1e-9;
    taken := 0;
    for hit in execute format(
      'select i as row, %1$s as key from public.indicators i where i.type = %2$L and not i.revoked and (%3$s) order by %1$s desc',
      private.score_key_sql('i.', rule.half_life), rule.type, _filters)
      using _types, _tlps, _source_id, _min_confidence, _seen_since, _seen_until, _malware_id, _revoked, _needle,
        _after_key, _after_id, _limit, _min_score_arg
    loop
      exit when hit.key < threshold;
      -- The formula's one definition on the stored inputs; for a row with TLP:RED inputs,
      -- public.score (what this reader may see).
      exact := case when (hit.row).score_red then public.score(hit.row)
        else private.score_from(hit.row, (hit.row).score_weight, (hit.row).score_last_alerting,
               (hit.row).score_false_positives, decay) end;
      continue when exact < _min_score
        or (_below_score is not null and (exact > _below_score or (exact = _below_score and (hit.row).id >= _below_id)));
      id := (hit.row).id;
      score := exact;
      return next;
      taken := taken + 1;
      total := total + 1;
      exit when taken >= _per_type_limit;
      if total >= _max_rows then
        return;
      end if;
    end loop;
  end loop;
end
$$;
comment on function private.score_candidates(text, integer, integer, integer, integer, bigint, public.indicator_type[], public.tlp_level[], uuid, integer, timestamptz, timestamptz, text, boolean, text, text, bigint, integer, integer) is
  'The indicators scoring at least _min_score (>= 1), below (_below_score, _below_id) in score order when given, and matching _filters (SQL over alias i, with search_indicators'' parameters $1-$13), read from each type''s score key index down to the threshold; with _per_type_limit the first of each type by key only; at most _max_rows. RLS applies.';
revoke all on function private.score_candidates(text, integer, integer, integer, integer, bigint, public.indicator_type[], public.tlp_level[], uuid, integer, timestamptz, timestamptz, text, boolean, text, text, bigint, integer, integer) from public, anon;
grant execute on function private.score_candidates(text, integer, integer, integer, integer, bigint, public.indicator_type[], public.tlp_level[], uuid, integer, timestamptz, timestamptz, text, boolean, text, text, bigint, integer, integer) to authenticated, service_role;

create or replace function public.search_indicators(
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
  filters text := $f$($1::public.indicator_type[] is null or i.type = any ($1))
      and ($2::public.tlp_level[] is null or i.tlp = any ($2))
      and ($3::uuid is null or exists (select 1 from public.indicator_sources s where s.source_id = $3 and s.indicator_id = i.id))
      and ($4::integer is null or i.confidence >= $4)
      and ($5::timestamptz is null or i.last_seen >= $5)
      and ($6::timestamptz is null or i.last_seen < $6)
      and ($7::text is null or i.stix_id in (
            select r.source_ref from public.relationships r
             where r.target_ref = $7 and r.relationship_type = 'indicates'))
      and ($8::boolean is null or i.revoked = $8)$f$;
  -- The score key finds the rows scoring at least 1 (at least the minimum); a list that reaches
  -- indicators scoring 0 is scored whole (private.indicator_scores), as is a value search's few matches.
  keyed boolean := needle is null and (_sort = 'score' or coalesce(_min_score, 0) > 0);
  low integer := greatest(coalesce(_min_score, 0), 1);
  after_score integer;
  found_rows integer;
  nth_score integer;
  candidates text;
  by_score boolean;
  score_expr text;
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
  if _sort not in ('last_seen', 'first_seen', 'score', 'value') then
    raise exception 'Unknown sort "%": use last_seen, first_seen, score or value.', _sort using errcode = '22023';
  end if;

  if keyed and _sort = 'score' then
    if _after_id is not null then
      after_score := _after_key::integer;
    end if;
    if after_score is not null and after_score < low then
      keyed := false;  -- paging among the zero scores (or below the minimum: nothing, as before)
    else
      -- Step 1: N rows with exact scores from the best of each type; the N-th best bounds the page.
      select count(*)::integer, min(c.score) into found_rows, nth_score
        from (select c.score from private.score_candidates(filters, low, _limit, null, after_score, _after_id,
                _types, _tlps, _source_id, _min_confidence, _seen_since, _seen_until, _malware_id, _revoked,
                needle, _after_key, _after_id, _limit, _min_score) c
               order by c.score desc limit _limit) c;
      if found_rows < _limit and coalesce(_min_score, 0) = 0 then
        keyed := false;  -- the page reaches indicators scoring 0
      else
        low := case when found_rows < _limit then low else nth_score end;
      end if;
    end if;
  end if;

  by_score := needle is null and (_sort = 'score' or _min_score is not null);
  score_expr := case when by_score then 'sc.score' else 'public.score(i)' end;
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
      order_by := score_expr || ' desc, i.id desc';
      key_expr := score_expr;
      if _after_id is not null then
        after := format('and (%1$s < $10::integer or (%1$s = $10::integer and i.id < $11))', score_expr);
      end if;
    when 'value' then
      order_by := 'i.value, i.id';
      key_expr := 'i.value';
      if _after_id is not null then
        after := 'and (i.value > $10 or (i.value = $10 and i.id > $11))';
      end if;
  end case;

  candidates := case
    -- Sorted by score: every row from s* down, the page taken before the rows are read.
    when keyed and _sort = 'score' then format(
      '(select c.id, c.score from private.score_candidates(%L, %s, null, null, %L, $11, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) c'
      ' order by c.score desc, c.id desc limit $12) sc join public.indicators i on i.id = sc.id', filters, low, after_score)
    when keyed then format(
      'private.score_candidates(%L, %s, null, null, null, null, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) sc join public.indicators i on i.id = sc.id',
      filters, low)
    when by_score then 'public.indicators i join private.indicator_scores() sc on sc.id = i.id'
    -- A value search starts from its matches (an index each) and sorts them; otherwise the sort's
    -- index is read in order and stops after one page.
    when needle is null then 'public.indicators i'
    else '(select unnest(private.indicators_matching($9)) as id) m join public.indicators i on i.id = m.id' end;

  return query execute format($q$
    select i.id, i.type, i.value, i.name, i.confidence, i.tlp, i.first_seen, i.last_seen, i.valid_until,
      i.revoked, i.labels,
      (select count(*)::integer from public.indicator_sources s where s.indicator_id = i.id),
      (select array(select distinct m from public.indicator_sources s, unnest(s.malware) m
                     where s.indicator_id = i.id order by m limit 3)),
      %s::text, %s, private.lifecycle_state_from(i, %s,
        (select r from public.decay_rules r where r.indicator_type = i.type))
    from %s
    where %s
      and ($13::integer is null or %s >= $13)
      %s
    order by %s
    limit $12
  $q$, key_expr, score_expr, score_expr, candidates, filters, score_expr, after, order_by)
  using _types, _tlps, _source_id, _min_confidence, _seen_since, _seen_until, _malware_id, _revoked,
    needle, _after_key, _after_id, _limit, _min_score;
end
$$;

create or replace function public.count_indicators(
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
    case when _min_score is not null and needle is not null then format('public.score(i) >= %s', _min_score) end,
    null);
  source := case
    -- A minimum of 1 or more: the score key indexes (the conditions apply inside each type's scan).
    when needle is null and _min_score > 0 then format(
      'private.score_candidates(%L, %s, null, %s, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null) i',
      conditions, _min_score, cap + 1)
    when needle is null then 'public.indicators i'
    else format('(select unnest(private.indicators_matching(%L, %s)) as id) m join public.indicators i on i.id = m.id', needle, cap + 1) end;
  if needle is null and _min_score > 0 then
    conditions := 'true';
  end if;
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
