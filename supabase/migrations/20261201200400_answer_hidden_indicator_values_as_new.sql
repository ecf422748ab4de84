-- No existence oracle through the indicators' unique key (issue 36 §2): an analyst inserting a
-- value that existed only as a hidden TLP:RED indicator got 409, a new value 201 (with
-- `Prefer: tx=rollback` leaving no trace, ~600 guesses a minute). Now an analyst's insert of a
-- value they cannot read answers exactly as for a new value, because it *is* handled as one:
--
--   1. BEFORE INSERT (private.take_hidden_indicator_value, signed-in callers only): when the
--      (value, type) exists and the caller cannot read it, that row is marked `superseded`, which
--      takes it out of the unique keys ((value, type, superseded) and (stix_id, superseded)); a
--      value the caller can read still conflicts (409: they can see it, nothing is revealed).
--   2. The analyst's row is inserted as any new row: a new id, their fields, their TLP, created_by
--      them. PostgREST's RETURNING and the RLS read-back (`return=representation`) see that row,
--      so status, body and headers are those of a new value; `tx=rollback` undoes both steps.
--   3. AFTER INSERT (private.merge_hidden_indicator_value): the hidden row's reports, sightings,
--      alerts and STIX ids move to the new row and the hidden row is deleted, in the same
--      statement. The value is now known at the analyst's TLP (an indicator's TLP is the least
--      restrictive of its reports); the hidden reports keep their own TLP and source, so they stay
--      hidden from everyone outside their audience; the analyst's report is their own provenance.
--
-- Costs and limits: the work added is a few index probes and updates of one indicator's
-- dependents (milliseconds, as an ordinary insert). The indicator's id changes for the audience
-- of the hidden reports (the STIX id, derived from the value, does not). A hidden indicator made
-- by hand (no sourced reports) keeps no text of its own: its description, labels and dates give
-- way to the analyst's, who now holds the value at a lower TLP. `on_conflict=value,type` upserts
-- by analysts name no unique key any more (the key now includes `superseded`) and are refused
-- alike for new and hidden values. No committed row is ever `superseded`.

alter table public.indicators add column superseded boolean not null default false;
comment on column public.indicators.superseded is
  'True only inside the statement in which an analyst''s insert of the same value takes this hidden row''s place; never true in a committed row.';

drop index public.indicators_value_type_key;
create unique index indicators_value_type_key on public.indicators (value, type, superseded);
drop index public.indicators_stix_id_key;
create unique index indicators_stix_id_key on public.indicators (stix_id, superseded);

create function private.take_hidden_indicator_value() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  _hidden public.indicators;
begin
  if (select auth.uid()) is null then
    return new;
  end if;
  select * into _hidden from public.indicators i
   where i.value = new.value and i.type = new.type and not i.superseded
   for update;
  if not found
     or (_hidden.tlp <= private.caller_clearance()
         and (_hidden.tlp <> 'red' or private.indicator_red_readable(_hidden.id, _hidden.red_audience))) then
    -- New, or visible to the caller: the unique key answers as it always did.
    return new;
  end if;
  update public.indicators set superseded = true where id = _hidden.id;
  return new;
end
$$;
comment on function private.take_hidden_indicator_value() is
  'Trigger: before a signed-in caller''s insert of a value that exists but that they cannot read, the hidden row steps out of the unique keys, so the insert answers as for a new value.';
revoke all on function private.take_hidden_indicator_value() from public, anon, authenticated;

create function private.merge_hidden_indicator_value() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  _hidden bigint;
  _ref record;
begin
  select i.id into _hidden from public.indicators i
   where i.value = new.value and i.type = new.type and i.superseded;
  if _hidden is null then
    return null;
  end if;
  -- Every row that points at the hidden indicator now points at the analyst's (each foreign key
  -- to indicators, so a table added later is not forgotten).
  for _ref in
    select c.conrelid::regclass as tab, a.attname as col
      from pg_catalog.pg_constraint c
      join pg_catalog.pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     where c.contype = 'f' and c.confrelid = 'public.indicators'::regclass and cardinality(c.conkey) = 1
       and c.conparentid = 0
  loop
    execute format('update %s set %I = $1 where %I = $2', _ref.tab, _ref.col, _ref.col) using new.id, _hidden;
  end loop;
  delete from public.indicators where id = _hidden;
  return null;
end
$$;
comment on function private.merge_hidden_indicator_value() is
  'Trigger: after an analyst''s insert took a hidden value''s place, the hidden row''s reports, sightings, alerts and ids move to the new row (keeping their own TLP) and the hidden row goes.';
revoke all on function private.merge_hidden_indicator_value() from public, anon, authenticated;

-- Named to fire after the canonical form and the RED-audience check (triggers fire by name).
create trigger indicators_take_hidden_value before insert on public.indicators
  for each row execute function private.take_hidden_indicator_value();
create trigger indicators_take_hidden_value_merge after insert on public.indicators
  for each row when (new.created_by is not null) execute function private.merge_hidden_indicator_value();
