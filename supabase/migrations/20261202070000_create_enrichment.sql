-- Online enrichment, opt-in (issue 30 §2): RDAP, CIRCL passive DNS, Shodan InternetDB, AbuseIPDB,
-- GreyNoise community, VirusTotal and urlscan, asked by the intel worker on an analyst's request.
--
--   * public.enrichment_services: one row per service, off by default; administrators with MFA
--     enable it, set its base URL (self-hosted mirrors, tests) and its TTL through
--     public.update_enrichment_service (audited). Its API key lives in private.enrichment_service_keys:
--     no API role reads it back, the row says only whether one is set (has_key).
--   * public.enrichment_results: the latest answer of each service about one indicator, cached for
--     everyone who may read the indicator (its RLS is the indicator's: TLP) until expires_at; the
--     raw answer kept as received and a normalised summary; or why there is none (failed, refused,
--     rate-limited until retry_at). Written only by the worker and the request RPC.
--   * public.indicators.score_enrichment: a bounded adjustment of the score, in confidence points
--     (-30..+30), the sum of each service's documented adjustment (intel/src/enrichment/services).
--     score = (confidence + score_enrichment) x reliability x decay, capped at 100, and the
--     per-type score key (private.score_key_sql) carries the same sum, so filters by score stay exact.
--
-- PAP (issue 28): a value whose PAP is AMBER or above is never sent out (private.pap_allows_sharing):
-- the request RPC refuses it and the worker checks again before each request.

alter table public.indicators
  add column score_enrichment smallint not null default 0 check (score_enrichment between -30 and 30);
comment on column public.indicators.score_enrichment is
  'Score input kept by the enrichment worker: confidence points (-30..+30) added by online enrichment answers (AbuseIPDB confidence, GreyNoise classification, VirusTotal detections...).';

-- The key and the formula read confidence + score_enrichment (both integers: the key stays exact).
create or replace function private.score_key_sql(_alias text, _half_life_days integer) returns text
language plpgsql immutable set search_path = '' as $$
begin
  return format('(ln(greatest(greatest(coalesce(%1$sconfidence, 50) + %1$sscore_enrichment, 0)::float8 * coalesce(%1$sscore_weight, 0.6)::float8, 1e-6)) / ln(2::float8)'
    ' - %1$sscore_false_positives + greatest('
    'extract(epoch from coalesce(%1$slast_seen, %1$sfirst_seen, %1$svalid_from, %1$screated_at) - ''2000-01-01 00:00:00+00''::timestamptz)::float8,'
    ' extract(epoch from %1$sscore_last_alerting - ''2000-01-01 00:00:00+00''::timestamptz)::float8 - %3$s) / %2$s)',
    _alias, _half_life_days::bigint * 86400, extract(epoch from private.sighting_refresh_lag(_half_life_days)));
end
$$;
comment on function private.score_key_sql(text, integer) is
  'SQL text of the score key under a half-life: log2((confidence + enrichment) x weight) - false positives + seconds since 2000 / half-life; the per-type index and the IOC queries share it.';

create or replace function private.score_from(
  _indicator public.indicators, _weight numeric, _last_alerting timestamptz, _false_positives integer,
  _rule public.decay_rules, _now timestamptz
) returns integer
language plpgsql stable set search_path = '' as $$
declare
  _half_life integer;
begin
  if _indicator.revoked or _indicator.valid_until <= _now then
    return 0;
  end if;
  _half_life := coalesce(_rule.half_life_days, (private.default_decay_rule(_indicator.type)).half_life_days);
  return private.decayed_score(
           greatest(coalesce(_indicator.confidence, 50) + coalesce(_indicator.score_enrichment, 0), 0),
           coalesce(_weight, 0.6),
           greatest(coalesce(_indicator.last_seen, _indicator.first_seen, _indicator.valid_from, _indicator.created_at),
                    _last_alerting - private.sighting_refresh_lag(_half_life)),
           _now, _half_life,
           coalesce(_rule.lifetime_days, (private.default_decay_rule(_indicator.type)).lifetime_days),
           _false_positives);
end
$$;
comment on function private.score_from(public.indicators, numeric, timestamptz, integer, public.decay_rules, timestamptz) is
  'The score (0-100) of an indicator at _now from its gathered inputs: confidence plus the enrichment adjustment, best source weight (0.6 when none), newest alerting sighting (worth 80 % of a new report), false-positive sightings and its type''s decay rule (null: the default rule); 0 when revoked or past valid_until.';

-- Every per-type key index is rebuilt on the new key text.
do $$
declare
  t public.indicator_type;
  x record;
begin
  for x in select i.indexname from pg_catalog.pg_indexes i
            where i.schemaname = 'public' and i.tablename = 'indicators' and starts_with(i.indexname, 'indicators_score_key_') loop
    execute format('drop index public.%I', x.indexname);
  end loop;
  foreach t in array enum_range(null::public.indicator_type) loop
    perform private.sync_score_key_index(t);
  end loop;
end
$$;

create table public.enrichment_services (
  id text primary key check (id in ('rdap', 'circl_pdns', 'shodan_internetdb', 'abuseipdb', 'greynoise', 'virustotal', 'urlscan')),
  name text not null check (char_length(name) between 1 and 80),
  indicator_types public.indicator_type[] not null,
  needs_key boolean not null,
  enabled boolean not null default false,
  base_url text not null check (base_url ~* '^https?://[^\s/?#]+[^\s?#]*$' and char_length(base_url) <= 500),
  ttl_hours integer not null check (ttl_hours between 1 and 8760),
  has_key boolean not null default false,
  last_error text check (char_length(last_error) <= 2000),
  last_error_at timestamptz,
  updated_at timestamptz not null default now(),
  constraint enrichment_services_keyed_before_enabled check (not enabled or not needs_key or has_key)
);
comment on table public.enrichment_services is
  'Online enrichment services (issue 30 §2): off by default, enabled by administrators with MFA (update_enrichment_service, audited). Keys are stored apart and never readable through the API.';
comment on column public.enrichment_services.id is 'Stable service id (rdap, circl_pdns, shodan_internetdb, abuseipdb, greynoise, virustotal, urlscan).';
comment on column public.enrichment_services.name is 'Name shown in the app.';
comment on column public.enrichment_services.indicator_types is 'The indicator types the service answers about (the drawer offers it for those only).';
comment on column public.enrichment_services.needs_key is 'Whether the service needs an API key before it can be enabled.';
comment on column public.enrichment_services.enabled is 'Whether analysts may ask it (off by default: values leave the platform).';
comment on column public.enrichment_services.base_url is 'Where requests go: the service''s own address, a self-hosted mirror, or a local replay in tests.';
comment on column public.enrichment_services.ttl_hours is 'How long an answer is reused for everyone before the service is asked again.';
comment on column public.enrichment_services.has_key is 'Whether an API key is stored (the key itself is write-only).';
comment on column public.enrichment_services.last_error is 'The latest failure of a request to it (bad key, unexpected answer, unreachable), for the Health page.';
comment on column public.enrichment_services.last_error_at is 'When last_error happened.';
comment on column public.enrichment_services.updated_at is 'Last change of its settings.';

insert into public.enrichment_services (id, name, indicator_types, needs_key, base_url, ttl_hours) values
  ('rdap', 'RDAP registration', '{ipv4,ipv6,domain}', false, 'https://rdap.org', 168),
  ('circl_pdns', 'CIRCL passive DNS', '{ipv4,ipv6,domain}', true, 'https://www.circl.lu/pdns/query', 24),
  ('shodan_internetdb', 'Shodan InternetDB', '{ipv4,ipv6}', false, 'https://internetdb.shodan.io', 24),
  ('abuseipdb', 'AbuseIPDB', '{ipv4,ipv6}', true, 'https://api.abuseipdb.com/api/v2', 24),
  ('greynoise', 'GreyNoise community', '{ipv4}', true, 'https://api.greynoise.io/v3/community', 24),
  ('virustotal', 'VirusTotal', '{ipv4,ipv6,domain,url,md5,sha1,sha256}', true, 'https://www.virustotal.com/api/v3', 24),
  ('urlscan', 'urlscan.io', '{ipv4,ipv6,domain,url}', false, 'https://urlscan.io/api/v1', 24);

alter table public.enrichment_services enable row level security;
-- Changed only through update_enrichment_service (and by the worker, the database owner).
grant select on public.enrichment_services to authenticated, service_role;
create policy "Signed-in users read the enrichment services" on public.enrichment_services
  for select to authenticated using (true);
create trigger enrichment_services_audited after insert or update or delete on public.enrichment_services
  for each row execute function private.audit_row_change('enrichment_service', 'id', 'last_error', 'last_error_at');

create table private.enrichment_service_keys (
  service_id text primary key references public.enrichment_services (id) on delete cascade,
  api_key text not null check (char_length(api_key) between 1 and 500 and api_key !~ '[\s]'),
  set_at timestamptz not null default now()
);
comment on table private.enrichment_service_keys is 'API keys of the enrichment services; written by update_enrichment_service, read only by the worker.';
comment on column private.enrichment_service_keys.api_key is 'The key as the service issued it (CIRCL pDNS: user:password).';
revoke all on private.enrichment_service_keys from public, anon, authenticated;
grant select on private.enrichment_service_keys to service_role;

create type public.enrichment_status as enum ('queued', 'ok', 'failed', 'refused', 'rate_limited');
comment on type public.enrichment_status is
  'queued (waiting for the worker), ok (answered), failed (error, bad key or an answer unlike the documented one), refused (PAP or the outbound rules kept it in), rate_limited (asked again after retry_at).';

create table public.enrichment_results (
  id bigint generated always as identity primary key,
  indicator_id bigint not null references public.indicators (id) on delete cascade,
  service_id text not null references public.enrichment_services (id) on delete cascade,
  status public.enrichment_status not null default 'queued',
  requested_by uuid references auth.users (id) on delete set null,
  requested_at timestamptz not null default now(),
  fetched_at timestamptz,
  expires_at timestamptz,
  summary jsonb check (summary is null or (jsonb_typeof(summary) = 'object' and pg_column_size(summary) <= 16384)),
  raw jsonb check (raw is null or pg_column_size(raw) <= 1048576),
  link text check (link ~* '^https?://' and char_length(link) <= 2048),
  score_delta smallint not null default 0 check (score_delta between -30 and 30),
  error text check (char_length(error) <= 2000),
  retry_at timestamptz,
  attempts integer not null default 0 check (attempts >= 0),
  unique (indicator_id, service_id)
);
comment on table public.enrichment_results is
  'The latest answer of each enrichment service about one indicator (provenance: which service, when), reused by everyone until it expires; readable by whoever reads the indicator.';
comment on column public.enrichment_results.id is 'Row id.';
comment on column public.enrichment_results.indicator_id is 'The indicator whose value was looked up.';
comment on column public.enrichment_results.service_id is 'The service asked.';
comment on column public.enrichment_results.status is 'queued, ok, failed, refused or rate_limited (see the type).';
comment on column public.enrichment_results.requested_by is 'Who asked last.';
comment on column public.enrichment_results.requested_at is 'When it was asked last.';
comment on column public.enrichment_results.fetched_at is 'When the answer in summary/raw was received (kept through a later failure).';
comment on column public.enrichment_results.expires_at is 'Until when the answer is reused without asking the service again (fetched_at + the service''s TTL).';
comment on column public.enrichment_results.summary is 'The answer normalised for the drawer (per service: verdict, counts, names), as plain data rendered inert.';
comment on column public.enrichment_results.raw is 'The answer exactly as the service sent it (JSON; passive DNS: the array of its COF lines).';
comment on column public.enrichment_results.link is 'Where the analyst reads the answer at the service.';
comment on column public.enrichment_results.score_delta is 'Confidence points this answer adds to the score (the service''s documented, bounded adjustment).';
comment on column public.enrichment_results.error is 'Why the latest request has no answer, in plain words.';
comment on column public.enrichment_results.retry_at is 'rate_limited: the service''s Retry-After; the worker asks again after it.';
comment on column public.enrichment_results.attempts is 'Requests made for the current ask (reset by a new ask).';
create index enrichment_results_queue_idx on public.enrichment_results (requested_at) where status in ('queued', 'rate_limited');
create index enrichment_results_service_id_idx on public.enrichment_results (service_id);
create index enrichment_results_requested_by_idx on public.enrichment_results (requested_by);

alter table public.enrichment_results enable row level security;
grant select on public.enrichment_results to authenticated;
grant all on public.enrichment_results to service_role;
create policy "Analysts read the enrichment of indicators they read" on public.enrichment_results
  for select to authenticated
  using (exists (select 1 from public.indicators i where i.id = enrichment_results.indicator_id));

-- The score adjustment of one indicator: the sum of its answered services' deltas, bounded.
create function private.refresh_enrichment_score(_indicator_id bigint) returns smallint
language sql volatile security definer set search_path = '' as $$
  update public.indicators i
     set score_enrichment = s.total
    from (select greatest(-30, least(30, coalesce(sum(r.score_delta) filter (where r.fetched_at is not null), 0)))::smallint as total
            from public.enrichment_results r where r.indicator_id = _indicator_id) s
   where i.id = _indicator_id
  returning i.score_enrichment
$$;
comment on function private.refresh_enrichment_score(bigint) is
  'Sets an indicator''s score_enrichment to the sum of its enrichment answers'' score_delta, bounded to -30..+30; the worker calls it after storing an answer.';
revoke all on function private.refresh_enrichment_score(bigint) from public, anon, authenticated;
grant execute on function private.refresh_enrichment_score(bigint) to service_role;
