-- The first step of a page sorted by score (the first _per_type_limit rows of each type) only has
-- to find the page's lowest score s*: the N-th best of any N rows scoring at least the minimum is a
-- lower bound of the page. Once the types read so far give N rows, their N-th best b is such a
-- bound, and a further type's rows scoring b or less cannot raise it: that type is read only down
-- to b + 1. At 10M the first type's 200 rows all score 60 (the whole top bucket), so the other
-- types read nothing more in this step (it read 200 rows of each type, about 1,200).
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
    taken := 0;
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
      exit when floor_score > 100;
    end if;
  end loop;
end
$$;
comment on function private.score_candidates(text, integer, integer, integer, integer, bigint, public.indicator_type[], public.tlp_level[], uuid, integer, timestamptz, timestamptz, text, boolean, text, text, bigint, integer, integer) is
  'The indicators scoring at least _min_score (>= 1), below (_below_score, _below_id) in score order when given, and matching _filters (SQL over alias i, with search_indicators'' parameters $1-$13), read from each type''s score key index down to the threshold, each score read from its key (the formula near a rounding boundary, a future date or the lifetime; public.score for TLP:RED inputs); with _per_type_limit the first of each type by key only, and once that many rows are found only rows above their _per_type_limit-th best; at most _max_rows. RLS applies.';
