-- No JIT compilation for API requests. Postgres JIT-compiles any statement whose estimated cost is
-- above jit_above_cost (100,000). API reads are short, indexed and run under row-level security,
-- whose per-row checks (PL/pgSQL clearance functions at the default cost of 100) inflate estimates
-- without making the statements slow: four times already a read paid a 0.2–3 s compile to save
-- milliseconds (score candidates 180 ms, the briefing, score pages, TAXII pages 2.9 s of 3.2 s),
-- each fixed by `set jit = off` on one function. Off for the role every API connection logs in as
-- (PostgREST and our gateway both log in as authenticator), so no other read can pay it; the
-- worker, migrations and administrators keep the server's default for long analytical queries.
alter role authenticator set jit = off;
