-- The asset inventory and its exposure to known exploited vulnerabilities. Vendor and product
-- names are compared by a normalised key (case, punctuation, spacing and legal suffixes removed:
-- "Palo Alto Networks" and CPE's "paloaltonetworks" are one vendor), and versions by the CVE
-- record's ranges where it gives them.

create table public.assets (
  id uuid primary key default gen_random_uuid(),
  hostname text check (char_length(hostname) between 1 and 253),
  ip inet,
  owner text check (char_length(owner) <= 200),
  criticality public.asset_criticality not null default 'medium',
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (hostname is not null or ip is not null)
);
-- One asset per host name, or per address when it has no name: a CSV listing a host on several
-- rows (one per product) describes one asset.
create unique index assets_identity_key on public.assets ((coalesce(lower(hostname), host(ip))));
comment on table public.assets is 'The organisation''s external assets: host name and/or address, owner, criticality.';
comment on column public.assets.owner is 'Team or person responsible; free text, stored raw and rendered inert.';

-- "Microsoft Corporation", "microsoft" and "Microsoft, Inc." are one vendor.
create function private.vendor_key(_name text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select nullif(regexp_replace(
    regexp_replace(lower(coalesce(_name, '')),
      '(^|[^a-z0-9])(inc|incorporated|corp|corporation|ltd|limited|llc|gmbh|ag|plc|co|s\.?a)\.?($|[^a-z0-9])', '\1\3', 'g'),
    '[^a-z0-9]+', '', 'g'), '')
$$;
comment on function private.vendor_key(text) is 'Normalised vendor name for matching: lower-case letters and digits only, legal-form suffixes removed.';
revoke all on function private.vendor_key(text) from public, anon;
grant execute on function private.vendor_key(text) to authenticated, service_role;

-- "PAN-OS", "pan_os" and "Pan OS" are one product.
create function private.product_key(_name text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select nullif(regexp_replace(lower(coalesce(_name, '')), '[^a-z0-9]+', '', 'g'), '')
$$;
comment on function private.product_key(text) is 'Normalised product name for matching: lower-case letters and digits only.';
revoke all on function private.product_key(text) from public, anon;
grant execute on function private.product_key(text) to authenticated, service_role;

-- Dotted versions compared numerically: 10.2.10 > 10.2.9. Letters are ignored, so 7.0.1a is 7.0.1.
create function private.version_key(_version text) returns numeric[]
language sql immutable parallel safe set search_path = '' as $$
  select array(select m[1]::numeric from regexp_matches(coalesce(_version, ''), '([0-9]{1,30})', 'g') as m)
$$;
revoke all on function private.version_key(text) from public, anon;
grant execute on function private.version_key(text) to authenticated, service_role;

create table public.asset_products (
  id bigint generated always as identity primary key,
  asset_id uuid not null references public.assets (id) on delete cascade,
  vendor text not null check (char_length(vendor) between 1 and 200),
  product text not null check (char_length(product) between 1 and 200),
  version text check (char_length(version) <= 100),
  cpe text check (char_length(cpe) <= 1000),
  vendor_key text generated always as (private.vendor_key(vendor)) stored,
  product_key text generated always as (private.product_key(product)) stored,
  created_at timestamptz not null default now()
);
create unique index asset_products_identity_key
  on public.asset_products (asset_id, vendor_key, product_key, (coalesce(version, '')));
create index asset_products_match_idx on public.asset_products (vendor_key, product_key);
comment on table public.asset_products is 'Software and hardware an asset runs, as vendor / product / version or CPE 2.3.';
comment on column public.asset_products.vendor_key is 'private.vendor_key(vendor): what KEV and CVE vendors are matched on.';

-- KEV and CVE records expose the same keys (KEV's names first: they are curated).
alter table public.vulnerabilities
  add column match_vendor_key text generated always as (private.vendor_key(coalesce(kev_vendor, vendor))) stored,
  add column match_product_key text generated always as (private.product_key(coalesce(kev_product, product))) stored;
create index vulnerabilities_match_idx on public.vulnerabilities (match_vendor_key, match_product_key)
  where match_vendor_key is not null;

-- Whether a product version is in the record's affected ranges (CVE 5 `affected[].versions[]`):
-- 'affected', 'unaffected', or 'unknown' when the record or the asset gives no version to compare.
create function private.version_affected(_affected jsonb, _vendor_key text, _product_key text, _version text)
returns text
language plpgsql immutable set search_path = '' as $$
declare
  entry jsonb;
  range jsonb;
  listed boolean := false;
  have numeric[] := private.version_key(_version);
  low numeric[];
begin
  if _version is null or cardinality(have) = 0 then
    return 'unknown';
  end if;
  for entry in select e from jsonb_array_elements(coalesce(_affected, '[]')) e
    where private.vendor_key(e ->> 'vendor') = _vendor_key and private.product_key(e ->> 'product') = _product_key
  loop
    for range in select r from jsonb_array_elements(coalesce(entry -> 'versions', '[]')) r loop
      continue when coalesce(range ->> 'status', 'affected') <> 'affected';
      listed := true;
      low := case when range ->> 'version' in ('0', '*', '') then '{}' else private.version_key(range ->> 'version') end;
      if range ? 'lessThan' and range ->> 'lessThan' <> '*' then
        if have >= low and have < private.version_key(range ->> 'lessThan') then return 'affected'; end if;
      elsif range ? 'lessThanOrEqual' and range ->> 'lessThanOrEqual' <> '*' then
        if have >= low and have <= private.version_key(range ->> 'lessThanOrEqual') then return 'affected'; end if;
      elsif range ? 'lessThan' or range ? 'lessThanOrEqual' then
        if have >= low then return 'affected'; end if;
      elsif have = low then
        return 'affected';
      end if;
    end loop;
  end loop;
  return case when listed then 'unaffected' else 'unknown' end;
end
$$;
comment on function private.version_affected(jsonb, text, text, text) is
  'Compares a product version with a CVE record''s affected ranges (version, lessThan, lessThanOrEqual): affected, unaffected, or unknown when either side has no version.';
revoke all on function private.version_affected(jsonb, text, text, text) from public, anon;
grant execute on function private.version_affected(jsonb, text, text, text) to authenticated, service_role;

-- Asset product ↔ KEV entry: same vendor key, and the same product or a KEV product that the
-- asset's product name begins with ("Windows" covers "Windows Server 2019"). Versions outside the
-- record's ranges are left out; an unknown version is kept and said to be unchecked.
create view private.kev_exposures with (security_barrier) as
  select ap.asset_id, ap.id as asset_product_id, ap.vendor, ap.product, ap.version, v.cve_id,
         private.version_affected(v.affected, ap.vendor_key, ap.product_key, ap.version) as version_check
    from public.asset_products ap
    join public.vulnerabilities v
      on v.match_vendor_key = ap.vendor_key
     and (v.match_product_key = ap.product_key or ap.product_key like v.match_product_key || '%')
   where v.kev_date_added is not null;

-- The exposure list: every asset product on a KEV entry, with its due date and EPSS. RLS of
-- assets and vulnerabilities applies to the caller.
create function public.list_exposures(_asset_id uuid default null)
returns table (
  asset_id uuid,
  hostname text,
  ip text,
  owner text,
  criticality public.asset_criticality,
  vendor text,
  product text,
  version text,
  version_check text,
  cve_id text,
  kev_name text,
  kev_date_added date,
  kev_due_date date,
  kev_ransomware_use text,
  epss_score double precision,
  epss_percentile double precision,
  cvss_base_score numeric
)
language sql stable security invoker set search_path = '' as $$
  select a.id, a.hostname, host(a.ip), a.owner, a.criticality, ap.vendor, ap.product, ap.version,
         private.version_affected(v.affected, ap.vendor_key, ap.product_key, ap.version),
         v.cve_id, v.kev_name, v.kev_date_added, v.kev_due_date, v.kev_ransomware_use,
         v.epss_score, v.epss_percentile, v.cvss_base_score
    from public.asset_products ap
    join public.assets a on a.id = ap.asset_id
    join public.vulnerabilities v
      on v.match_vendor_key = ap.vendor_key
     and (v.match_product_key = ap.product_key or ap.product_key like v.match_product_key || '%')
   where v.kev_date_added is not null
     and (_asset_id is null or a.id = _asset_id)
     and private.version_affected(v.affected, ap.vendor_key, ap.product_key, ap.version) <> 'unaffected'
   order by v.kev_due_date desc nulls last, a.criticality desc, v.cve_id
$$;
comment on function public.list_exposures(uuid) is
  'Assets exposed to CISA KEV entries (vendor and product matched by normalised key, versions by the CVE record''s ranges where known), newest due date first; RLS applies.';
revoke all on function public.list_exposures(uuid) from public, anon;
grant execute on function public.list_exposures(uuid) to authenticated, service_role;

-- Alerts keep pointing at the asset while it exists.
alter table public.enhanced_security_alerts
  add column asset_id uuid references public.assets (id) on delete set null;
create index enhanced_security_alerts_asset_idx on public.enhanced_security_alerts (asset_id) where asset_id is not null;
comment on column public.enhanced_security_alerts.asset_id is 'The asset the alert concerns, while it exists (its host name stays in metadata).';

-- Raises the kev-asset alert for each exposure of the given asset products or CVEs.
create function private.alert_kev_exposures(_asset_product_ids bigint[], _cve_ids text[]) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  rule public.detection_rules;
  hit record;
  raised integer := 0;
  alert uuid;
begin
  select * into rule from public.detection_rules where key = 'kev-asset';
  if not rule.enabled then
    return 0;
  end if;
  for hit in
    select e.*, a.hostname, host(a.ip) as ip, a.owner, a.criticality, v.kev_name, v.kev_due_date,
           v.kev_date_added, v.kev_ransomware_use, v.epss_score, v.tlp
      from private.kev_exposures e
      join public.assets a on a.id = e.asset_id
      join public.vulnerabilities v on v.cve_id = e.cve_id
     where (_asset_product_ids is null or e.asset_product_id = any (_asset_product_ids))
       and (_cve_ids is null or e.cve_id = any (_cve_ids))
       and e.version_check <> 'unaffected'
       and a.criticality >= rule.min_criticality
       and v.tlp <= rule.max_tlp
  loop
    alert := private.raise_alert(
      'kev-asset', 'asset:' || hit.asset_id || ':' || hit.cve_id,
      format('%s on %s: %s', hit.cve_id, coalesce(hit.hostname, hit.ip), coalesce(hit.kev_name, 'known exploited')),
      format('CISA lists %s (%s) as exploited in the wild; %s runs %s %s%s. Remediate by %s.',
             hit.cve_id, coalesce(hit.kev_name, ''), coalesce(hit.hostname, hit.ip), hit.vendor, hit.product,
             coalesce(' ' || hit.version, ''), coalesce(hit.kev_due_date::text, 'the KEV due date')),
      jsonb_build_object('asset_id', hit.asset_id, 'hostname', hit.hostname, 'ip', hit.ip, 'owner', hit.owner,
                         'criticality', hit.criticality, 'vendor', hit.vendor, 'product', hit.product,
                         'version', hit.version, 'version_check', hit.version_check, 'cve_id', hit.cve_id,
                         'kev_date_added', hit.kev_date_added, 'kev_due_date', hit.kev_due_date,
                         'ransomware', hit.kev_ransomware_use, 'epss', hit.epss_score),
      1, null, hit.cve_id, null,
      case when hit.criticality = 'critical' or hit.kev_ransomware_use = 'Known' then 'critical'::public.alert_severity end);
    if alert is not null then
      update public.enhanced_security_alerts set asset_id = hit.asset_id where id = alert and asset_id is null;
      raised := raised + 1;
    end if;
  end loop;
  return raised;
end
$$;
comment on function private.alert_kev_exposures(bigint[], text[]) is
  'Raises kev-asset alerts for the exposures of the given asset products and/or CVEs (null: all), within the rule''s thresholds; answers how many alerts it raised or updated.';
revoke all on function private.alert_kev_exposures(bigint[], text[]) from public, anon, authenticated;
grant execute on function private.alert_kev_exposures(bigint[], text[]) to service_role;

-- A KEV entry arriving, or a product added to an asset, raises its alerts at once.
create function private.alert_new_kev_entry() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.alert_kev_exposures(null, array[new.cve_id]);
  return null;
end
$$;
revoke all on function private.alert_new_kev_entry() from public, anon, authenticated;
create trigger vulnerabilities_alert_new_kev_insert after insert on public.vulnerabilities
  for each row when (new.kev_date_added is not null) execute function private.alert_new_kev_entry();
create trigger vulnerabilities_alert_new_kev_update after update of kev_date_added on public.vulnerabilities
  for each row when (new.kev_date_added is not null and old.kev_date_added is null)
  execute function private.alert_new_kev_entry();

create function private.alert_new_asset_product() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.alert_kev_exposures(array[new.id], null);
  return null;
end
$$;
revoke all on function private.alert_new_asset_product() from public, anon, authenticated;
create trigger asset_products_alert_exposure after insert or update of vendor, product, version on public.asset_products
  for each row execute function private.alert_new_asset_product();

create trigger assets_touch_updated_at before update on public.assets
  for each row execute function private.touch_updated_at();

-- Per installation: every analyst keeps the inventory; deleting an asset keeps its alerts (their
-- metadata names the host) and only removes it from the exposure list.
alter table public.assets enable row level security;
alter table public.asset_products enable row level security;
grant select, insert, update, delete on public.assets to authenticated;
grant select, delete on public.asset_products to authenticated;
grant insert (asset_id, vendor, product, version, cpe), update (vendor, product, version, cpe)
  on public.asset_products to authenticated;
grant all on public.assets, public.asset_products to service_role;

create policy "Signed-in users read assets" on public.assets for select to authenticated using (true);
create policy "Signed-in users add assets" on public.assets for insert to authenticated
  with check (created_by = (select auth.uid()));
create policy "Signed-in users edit assets" on public.assets for update to authenticated
  using ((select auth.uid()) is not null) with check ((select auth.uid()) is not null);
create policy "Signed-in users remove assets" on public.assets for delete to authenticated
  using ((select auth.uid()) is not null);
create policy "Signed-in users read asset products" on public.asset_products for select to authenticated using (true);
create policy "Signed-in users add asset products" on public.asset_products for insert to authenticated
  with check ((select auth.uid()) is not null);
create policy "Signed-in users edit asset products" on public.asset_products for update to authenticated
  using ((select auth.uid()) is not null) with check ((select auth.uid()) is not null);
create policy "Signed-in users remove asset products" on public.asset_products for delete to authenticated
  using ((select auth.uid()) is not null);

