-- graph_neighbourhood's page of one indicator type walks the root's indicates links in STIX id order
-- and stops after a page. Planned for a known root with 100,000 links, Postgres instead joins them
-- all and sorts (measured at 1M indicators: 481 ms a page); the generic plan keeps the ordered index
-- walk (3.8 ms p50, 7.7 ms p95), and the other reads of the function are as fast either way.
alter function public.graph_neighbourhood(text, text, jsonb, text[], timestamptz, timestamptz, integer)
  set plan_cache_mode = force_generic_plan;
