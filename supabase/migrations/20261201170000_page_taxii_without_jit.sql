-- A TAXII page is a small indexed read (100–1,000 objects) whose plan the planner prices in the
-- tens of millions: the clearance checks of the row-level policies (issue 28 §1) are PL/pgSQL
-- functions at the default cost of 100 each, inside per-row subplans. Above jit_above_cost, Postgres
-- JIT-compiles the query first: measured 2.9 s of a 3.2 s page on the demo dataset, 13–30 ms without
-- (load smoke p95 went over its 2.5 s threshold). This function never gains from JIT: it is off here.
alter function public.taxii_objects(uuid, timestamptz, text, integer, text[], text[], timestamptz[], boolean, public.tlp_level)
  set jit = off;
