-- Each type's ordered read of its key index is planned without a limit (the loop stops it), so its
-- cost, the whole type, is above jit_above_cost: Postgres compiled every one with JIT, 180 ms per
-- type at 10M of which it then read a few hundred rows (3 s for a page). Never worth it here.
alter function private.score_candidates(text, integer, integer, integer, integer, bigint, public.indicator_type[],
  public.tlp_level[], uuid, integer, timestamptz, timestamptz, text, boolean, text, text, bigint, integer, integer) set jit = off;
