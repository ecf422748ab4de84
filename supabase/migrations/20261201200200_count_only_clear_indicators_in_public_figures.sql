-- The public home page counts only what anonymous visitors may know (issue 36 §3): the indicator
-- figure counted every unrevoked indicator, TLP:RED included, rounded down to hundreds, and an
-- analyst recovered the exact hidden count by adding and revoking their own indicators until the
-- figure moved. Now it counts TLP:CLEAR indicators only, as the KEV and ATT&CK figures beside it
-- already did: nothing a visitor may not read changes it.

create or replace function public.public_site_figures()
returns table (
  kev_entries bigint,
  sources_enabled bigint,
  indicators_rounded bigint,
  attack_techniques bigint,
  last_import_at timestamptz
)
language sql stable security definer set search_path = '' as $$
  select
    (select count(*) from public.vulnerabilities v where v.kev_date_added is not null and v.tlp = 'clear'),
    (select count(*) from public.sources s where s.enabled),
    (select (count(*) / 100) * 100 from public.indicators i where i.tlp = 'clear' and not i.revoked),
    (select count(*) from public.intel_objects o
      where o.type = 'attack-pattern' and o.tlp = 'clear' and not o.revoked and not o.deprecated),
    (select max(r.finished_at) from public.import_runs r where r.status = 'succeeded')
$$;
comment on function public.public_site_figures() is
  'Public home page figures: KEV entries, enabled sources, TLP:CLEAR indicators (rounded down to hundreds), ATT&CK techniques, last successful import. Aggregates of TLP:CLEAR rows only.';
