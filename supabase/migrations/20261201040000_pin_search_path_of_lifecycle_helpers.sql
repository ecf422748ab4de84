-- Every function pins its search_path (Supabase's advisor 0011, which `npm test` enforces). The
-- score's helpers had none so that SQL could inline them; a pinned SQL function is not inlined and
-- runs through the SQL-function executor on every call (measured: the IOC page sorted by score
-- 1.2 s -> 5.1 s). As PL/pgSQL with a pinned search_path each is one cached simple expression per
-- call instead. Same formula, same signatures; the lookup helpers that are called once per query
-- (indicator_scores) or were never costly (warninglist_host) keep their SQL and gain the setting.

create or replace function private.reliability_weight(_reliability public.source_reliability) returns numeric
language plpgsql immutable parallel safe set search_path = '' as $$
begin
  return case _reliability
    when 'A' then 1.0 when 'B' then 0.9 when 'C' then 0.75 when 'D' then 0.6 when 'E' then 0.4 else 0.6 end;
end
$$;

create or replace function private.decayed_score(
  _confidence integer, _reliability numeric, _refreshed_at timestamptz, _at timestamptz,
  _half_life_days integer, _lifetime_days integer, _false_positives integer
) returns integer
language plpgsql immutable parallel safe set search_path = '' as $$
begin
  return case
    when _at - _refreshed_at >= make_interval(days => _lifetime_days) then 0
    else least(100, greatest(0, round(
      coalesce(_confidence, 50) * _reliability
      * power(0.5, greatest(0, extract(epoch from _at - _refreshed_at)) / (_half_life_days * 86400.0))
      * power(0.5, coalesce(_false_positives, 0)))))::integer
  end;
end
$$;

create or replace function private.score_from(
  _indicator public.indicators, _weight numeric, _last_alerting timestamptz, _false_positives integer,
  _rule public.decay_rules
) returns integer
language plpgsql stable set search_path = '' as $$
begin
  return case when _indicator.revoked or _indicator.valid_until <= now() then 0
    else private.decayed_score(_indicator.confidence, coalesce(_weight, 0.6),
           greatest(coalesce(_indicator.last_seen, _indicator.first_seen, _indicator.valid_from, _indicator.created_at),
                    _last_alerting),
           now(),
           coalesce(_rule.half_life_days, (private.default_decay_rule(_indicator.type)).half_life_days),
           coalesce(_rule.lifetime_days, (private.default_decay_rule(_indicator.type)).lifetime_days),
           _false_positives) end;
end
$$;

create or replace function private.lifecycle_state_from(_indicator public.indicators, _score integer, _rule public.decay_rules)
returns public.indicator_lifecycle_state
language plpgsql stable set search_path = '' as $$
begin
  return case
    when _indicator.revoked then 'revoked'
    when _indicator.valid_until <= now() then 'expired'
    when _score < coalesce(_rule.decayed_below, (private.default_decay_rule(_indicator.type)).decayed_below) then 'decayed'
    else 'active' end::public.indicator_lifecycle_state;
end
$$;

alter function private.indicator_scores() set search_path = '';
alter function private.warninglist_host(public.indicator_type, text) set search_path = '';
