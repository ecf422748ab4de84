-- Offline enrichment (issue 30 §1): the autonomous system and country of every IP indicator, from
-- the ip-location-db files installed with the project (RouteViews, the five RIRs and DB-IP for the
-- AS; geo-whois-asn-country for the country). The importer fills them as it writes a new indicator
-- (one in-memory lookup per value, intel/src/geo); `npm run intel -- geo update` refills every row
-- from newer files. An `asn` indicator carries its own number and the AS's name, so one filter
-- (asn=eq.13335) lists an AS and every address known in it.

alter table public.indicators
  add column asn bigint check (asn between 0 and 4294967295),
  add column as_name text check (char_length(as_name) <= 512),
  add column country text check (country ~ '^[A-Z]{2}$');

comment on column public.indicators.asn is 'The autonomous system number announcing an ipv4/ipv6 value (an asn indicator: its own number), from the offline ip-location-db database; null when unknown or not an address. Numbers reach 4294967295 (RFC 6793), hence bigint.';
comment on column public.indicators.as_name is 'The name of that autonomous system as the offline database gives it (raw text: render inert).';
comment on column public.indicators.country is 'ISO 3166-1 alpha-2 country of an ipv4/ipv6 value from the offline database (registry and geolocation data), upper case; null when unknown.';

-- The IOC page's filters (asn=eq.…, country=eq.…) and the breakdown by AS and country: partial,
-- so the non-address indicators cost nothing.
create index indicators_asn_idx on public.indicators (asn) where asn is not null;
create index indicators_country_idx on public.indicators (country) where country is not null;

-- Threat Analytics: indicators per country and per AS, the _top of each, read through the
-- indicators' own policies (security invoker: a caller counts what they may read).
create function public.analytics_indicators_by_network(_top integer default 10)
returns table (dimension text, key text, label text, indicators bigint)
language sql stable security invoker set search_path = '' as $$
  (select 'country'::text, i.country, i.country, count(*)
     from public.indicators i where i.country is not null and not i.superseded
    group by i.country order by count(*) desc, i.country
    limit least(greatest(coalesce(_top, 10), 1), 50))
  union all
  (select 'asn'::text, i.asn::text, 'AS' || i.asn || coalesce(' ' || max(i.as_name), ''), count(*)
     from public.indicators i where i.asn is not null and i.type in ('ipv4', 'ipv6') and not i.superseded
    group by i.asn order by count(*) desc, i.asn
    limit least(greatest(coalesce(_top, 10), 1), 50))
$$;
comment on function public.analytics_indicators_by_network(integer) is
  'Threat Analytics: the _top (1-50, default 10) countries and autonomous systems by number of address indicators the caller may read (dimension country or asn; key the code or number; label for display).';
revoke all on function public.analytics_indicators_by_network(integer) from public, anon;
grant execute on function public.analytics_indicators_by_network(integer) to authenticated;
