-- A page sorted by score calls private.score_candidates twice (the page's lowest score, then the
-- rows from it down), and each call plans one query per indicator type: about 0.5 ms each, 25 types
-- (most of them empty in practice), a third of the page's time at 10M. The first call now also
-- names the types holding any row above the minimum (a row without an id per type, from each type's
-- best key, which it reads anyway), and the second reads only those. search_indicators is otherwise
-- unchanged.
create or replace function private.score_candidates(
  _filters text, _min_score integer, _per_type_limit integer, _max_rows integer, _below_score integer, _below_id bigint,
  _types public.indicator_type[], _tlps public.tlp_level[], _source_id uuid, _min_confidence integer,
  _seen_since timestamptz, _seen_until timestamptz, _malware_id text, _revoked boolean, _needle text,
  _after_key text, _after_id bigint, _limit integer, _min_score_arg integer
) returns table (id bigint, score integer)
language plpgsql stable set search_path = '' set enable_sort = off set jit = off as $$
declare
  rule record;
  hit record;
  decay public.decay_rules;
  exact integer;
  threshold double precision;
  now_h double precision;
  life_h double precision;
  age double precision;
  unrounded double precision;
  taken integer;
  total integer := 0;
  floor_score integer := _min_score;
  best integer[] := '{}';
  first boolean;
  base_threshold double precision;
  seconds double precision := extract(epoch from now() - '2000-01-01 00:00:00+00'::timestamptz)::double precision;
begin
  for rule in
    select e.type, coalesce(r.half_life_days, (private.default_decay_rule(e.type)).half_life_days) as half_life,
           coalesce(r.lifetime_days, (private.default_decay_rule(e.type)).lifetime_days) as lifetime,
           coalesce(r, private.default_decay_rule(e.type)) as rule_row
      from unnest(enum_range(null::public.indicator_type)) e(type)
      left join public.decay_rules r on r.indicator_type = e.type
     where _types is null or e.type = any (_types)
  loop
    decay := rule.rule_row;
    now_h := seconds / (rule.half_life * 86400.0);
    life_h := rule.lifetime::double precision / rule.half_life;
    -- score >= s  <=>  unrounded >= s - 0.5; the margin covers float rounding (the exact score decides).
    threshold := log(2::numeric, (floor_score - 0.5)::numeric)::double precision + now_h - 1e-9;
    base_threshold := log(2::numeric, (_min_score - 0.5)::numeric)::double precision + now_h - 1e-9;
    taken := 0;
    first := _per_type_limit is not null;
    for hit in execute format(
      'select i.id, %1$s as key,'
      ' ln(greatest(coalesce(i.confidence, 50)::float8 * coalesce(i.score_weight, 0.6)::float8, 1e-6)) / ln(2::float8)'
      '   - i.score_false_positives as base,'
      ' case when i.score_red then public.score(i) when i.valid_until <= now() then 0 end as fixed'
      ' from public.indicators i where i.type = %2$L and not i.revoked and (%3$s) order by %1$s desc',
      private.score_key_sql('i.', rule.half_life), rule.type, _filters)
      using _types, _tlps, _source_id, _min_confidence, _seen_since, _seen_until, _malware_id, _revoked, _needle,
        _after_key, _after_id, _limit, _min_score_arg
    loop
      if first then
        -- The type's best key: a row without an id names a type that holds rows above the minimum.
        first := false;
        if hit.key >= base_threshold then
          id := null;
          score := array_position(enum_range(null::public.indicator_type), rule.type);
          return next;
        end if;
      end if;
      exit when hit.key < threshold;
      if hit.fixed is not null then
        exact := hit.fixed;
      else
        age := now_h - (hit.key - hit.base);
        unrounded := 2::double precision ^ (hit.key - now_h);
        if age > 1e-9 and age < life_h - 1e-9 and abs(unrounded - floor(unrounded) - 0.5) > 1e-6 then
          exact := floor(unrounded + 0.5)::integer;
        else
          select private.score_from(i, i.score_weight, i.score_last_alerting, i.score_false_positives, decay)
            into exact from public.indicators i where i.id = hit.id;
        end if;
      end if;
      continue when exact < floor_score
        or (_below_score is not null and (exact > _below_score or (exact = _below_score and hit.id >= _below_id)));
      id := hit.id;
      score := exact;
      return next;
      if _per_type_limit is not null then
        best := best || exact;
      end if;
      taken := taken + 1;
      total := total + 1;
      exit when taken >= _per_type_limit;
      if total >= _max_rows then
        return;
      end if;
    end loop;
    if cardinality(best) >= _per_type_limit then
      floor_score := greatest(_min_score, (select b from unnest(best) b order by b desc offset _per_type_limit - 1 limit 1) + 1);
    end if;
  end loop;
end
$$;
comment on function private.score_candidates(text, integer, integer, integer, integer, bigint, public.indicator_type[], public.tlp_level[], uuid, integer, timestamptz, timestamptz, text, boolean, text, text, bigint, integer, integer) is
  'The indicators scoring at least _min_score (>= 1), below (_below_score, _below_id) in score order when given, and matching _filters (SQL over alias i, with search_indicators'' parameters $1-$13), read from each type''s score key index down to the threshold, each score read from its key (the formula near a rounding boundary, a future date or the lifetime; public.score for TLP:RED inputs); with _per_type_limit the first of each type by key only, and once that many rows are found only rows above their _per_type_limit-th best, plus a row without an id (score: the type''s position in the enum) for each type holding rows above _min_score; at most _max_rows. RLS applies.';

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
  live_types public.indicator_type[];
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
      -- Its rows without an id name the types that hold any row above the minimum: step 2 reads
      -- only those (each type read costs a plan, about 0.5 ms, and most types are usually empty).
      with c as materialized (
        select c.id, c.score from private.score_candidates(filters, low, _limit, null, after_score, _after_id,
          _types, _tlps, _source_id, _min_confidence, _seen_since, _seen_until, _malware_id, _revoked,
          needle, _after_key, _after_id, _limit, _min_score) c)
      select count(*)::integer, min(b.score),
             (select coalesce(array_agg((enum_range(null::public.indicator_type))[t.score]), '{}') from c t where t.id is null)
        into found_rows, nth_score, live_types
        from (select c.score from c where c.id is not null order by c.score desc limit _limit) b;
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
      '(select c.id, c.score from private.score_candidates(%L, %s, null, null, %L, $11, %L, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) c'
      ' order by c.score desc, c.id desc limit $12) sc join public.indicators i on i.id = sc.id', filters, low, after_score, live_types)
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
