-- A sighting refreshes an indicator to 80 % of a new report, not to 100 %. Our sensors seeing a value
-- proves it is in use, not that it is malicious (the benign traffic a false positive is made of
-- looks the same), so a fresh report stays the stronger signal: of two values seen today, the one a
-- source reported yesterday outranks the one reported weeks ago. In the formula an alerting sighting
-- counts as a report log2(1/0.8) = 0.32 half-lives old:
--   refreshed_at = greatest(newest report, newest alerting sighting − 0.32 × half-life)
-- It stays one "refreshed at" time per indicator, so the score keeps its shape (and an order-
-- preserving key per type). Reports, false positives and lifetimes are unchanged.

create function private.sighting_refresh_lag(_half_life_days integer) returns interval
language plpgsql immutable parallel safe set search_path = '' as $$
begin
  -- log2(1 / 0.8): the age at which a report has decayed to 80 %.
  return make_interval(secs => _half_life_days * 86400 * 0.32192809488736235);
end
$$;
comment on function private.sighting_refresh_lag(integer) is
  'How far behind a report an alerting sighting counts (0.32 half-lives: a sighting refreshes the score to 80 % of a new report).';
revoke all on function private.sighting_refresh_lag(integer) from public, anon;
grant execute on function private.sighting_refresh_lag(integer) to authenticated, service_role;

create or replace function private.score_from(
  _indicator public.indicators, _weight numeric, _last_alerting timestamptz, _false_positives integer,
  _rule public.decay_rules
) returns integer
language plpgsql stable set search_path = '' as $$
declare
  _half_life integer;
begin
  if _indicator.revoked or _indicator.valid_until <= now() then
    return 0;
  end if;
  _half_life := coalesce(_rule.half_life_days, (private.default_decay_rule(_indicator.type)).half_life_days);
  return private.decayed_score(_indicator.confidence, coalesce(_weight, 0.6),
           greatest(coalesce(_indicator.last_seen, _indicator.first_seen, _indicator.valid_from, _indicator.created_at),
                    _last_alerting - private.sighting_refresh_lag(_half_life)),
           now(), _half_life,
           coalesce(_rule.lifetime_days, (private.default_decay_rule(_indicator.type)).lifetime_days),
           _false_positives);
end
$$;
comment on function private.score_from(public.indicators, numeric, timestamptz, integer, public.decay_rules) is
  'The score (0-100) of an indicator from its gathered inputs: best source weight (0.6 when none), newest alerting sighting (worth 80 % of a new report), false-positive sightings and its type''s decay rule (null: the default rule); 0 when revoked or past valid_until.';
