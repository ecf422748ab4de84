-- A half-life change builds the type's new key index (a share lock: writers wait, readers do not)
-- and then drops the old one, which needs the table to itself: behind a long reader that request
-- queued every other reader of indicators (seen: a ten-minute report held the settings change, and
-- with it the IOC list). The drop now waits at most two seconds; when it cannot, the old index stays
-- (unused, it only costs writes) and the type's next rebuild removes it.
create or replace function private.sync_score_key_index(_type public.indicator_type) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  h integer := coalesce((select r.half_life_days from public.decay_rules r where r.indicator_type = _type),
                        (private.default_decay_rule(_type)).half_life_days);
  stem text := 'indicators_score_key_' || replace(_type::text, '-', '_') || '_h';
  old text;
  waited text := current_setting('lock_timeout');
begin
  if not exists (select 1 from pg_catalog.pg_indexes x where x.schemaname = 'public' and x.indexname = stem || h) then
    execute format('create index %I on public.indicators (%s) where type = %L and not revoked',
      stem || h, private.score_key_sql('', h), _type);
  end if;
  for old in select x.indexname from pg_catalog.pg_indexes x
              where x.schemaname = 'public' and x.tablename = 'indicators' and starts_with(x.indexname, stem)
                and substr(x.indexname, char_length(stem) + 1) ~ '^[0-9]+$' and x.indexname <> stem || h loop
    begin
      perform set_config('lock_timeout', '2s', true);
      execute format('drop index public.%I', old);
      perform set_config('lock_timeout', waited, true);
    exception when lock_not_available then
      raise notice 'The index % stays until the next rebuild: the table is busy.', old;
    end;
  end loop;
end
$$;
