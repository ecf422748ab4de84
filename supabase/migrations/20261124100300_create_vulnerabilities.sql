-- One row per CVE, joined from three kinds of source that each own a group of columns: the CVE
-- record (description, CVSS, CWE, SSVC), CISA KEV (kev_*) and FIRST EPSS (epss_*). An importer
-- only ever writes its own group, so a KEV import never erases the CVSS of a CVE record.

create table public.vulnerabilities (
  cve_id text primary key check (cve_id ~ '^CVE-[0-9]{4}-[0-9]{4,}$'),
  state text check (state in ('PUBLISHED', 'REJECTED', 'RESERVED')),
  title text check (char_length(title) <= 1000),
  description text check (char_length(description) <= 65536),
  published_at timestamptz,
  modified_at timestamptz,
  cwe_ids text[] not null default '{}',
  vendor text check (char_length(vendor) <= 500),
  product text check (char_length(product) <= 500),
  cvss_version text check (cvss_version in ('2.0', '3.0', '3.1', '4.0')),
  cvss_base_score numeric(3, 1) check (cvss_base_score between 0 and 10),
  cvss_vector text check (char_length(cvss_vector) <= 500),
  cvss_severity text check (cvss_severity in ('none', 'low', 'medium', 'high', 'critical')),
  cvss_source text check (cvss_source in ('cna', 'adp')),
  cvss_provider text check (char_length(cvss_provider) <= 100),
  cvss_v4_base_score numeric(3, 1) check (cvss_v4_base_score between 0 and 10),
  cvss_v4_vector text check (char_length(cvss_v4_vector) <= 500),
  cvss_v4_severity text check (cvss_v4_severity in ('none', 'low', 'medium', 'high', 'critical')),
  cvss_v4_source text check (cvss_v4_source in ('cna', 'adp')),
  cvss_metrics jsonb not null default '[]'::jsonb check (jsonb_typeof(cvss_metrics) = 'array'),
  ssvc_exploitation text check (char_length(ssvc_exploitation) <= 50),
  ssvc_automatable text check (char_length(ssvc_automatable) <= 50),
  ssvc_technical_impact text check (char_length(ssvc_technical_impact) <= 50),
  affected jsonb not null default '[]'::jsonb check (jsonb_typeof(affected) = 'array'),
  cve_references jsonb not null default '[]'::jsonb check (jsonb_typeof(cve_references) = 'array'),
  kev_date_added date,
  kev_due_date date,
  kev_ransomware_use text check (kev_ransomware_use in ('Known', 'Unknown')),
  kev_vendor text check (char_length(kev_vendor) <= 500),
  kev_product text check (char_length(kev_product) <= 500),
  kev_name text check (char_length(kev_name) <= 1000),
  kev_short_description text check (char_length(kev_short_description) <= 10000),
  kev_required_action text check (char_length(kev_required_action) <= 10000),
  kev_notes text check (char_length(kev_notes) <= 10000),
  kev_cwes text[] not null default '{}',
  epss_score double precision check (epss_score between 0 and 1),
  epss_percentile double precision check (epss_percentile between 0 and 1),
  epss_date date,
  epss_previous_score double precision check (epss_previous_score between 0 and 1),
  epss_previous_percentile double precision check (epss_previous_percentile between 0 and 1),
  epss_previous_date date,
  tlp public.tlp_level not null default 'clear',
  search tsvector generated always as (
    to_tsvector('english', cve_id || ' ' || coalesce(title, '') || ' ' || coalesce(kev_name, '') || ' ' ||
      coalesce(vendor, '') || ' ' || coalesce(product, '') || ' ' || coalesce(kev_vendor, '') || ' ' ||
      coalesce(kev_product, '') || ' ' || left(coalesce(description, ''), 4000))
  ) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.vulnerabilities is 'CVEs with their CVE record, CISA KEV and FIRST EPSS data; each importer writes only its own column group.';
comment on column public.vulnerabilities.cve_id is 'CVE id (CVE-YYYY-NNNN…).';
comment on column public.vulnerabilities.state is 'CVE record state: PUBLISHED, REJECTED or RESERVED.';
comment on column public.vulnerabilities.title is 'CNA title of the record.';
comment on column public.vulnerabilities.description is 'English description from the CVE record, rendered as text only.';
comment on column public.vulnerabilities.published_at is 'datePublished of the CVE record.';
comment on column public.vulnerabilities.modified_at is 'dateUpdated of the CVE record; a re-import applies only when newer.';
comment on column public.vulnerabilities.cwe_ids is 'CWE ids from the record''s problem types.';
comment on column public.vulnerabilities.vendor is 'First affected vendor of the CVE record.';
comment on column public.vulnerabilities.product is 'First affected product of the CVE record.';
comment on column public.vulnerabilities.cvss_version is 'Version of the headline CVSS score: 3.1, else 3.0, else 4.0, else 2.0; CNA before ADP.';
comment on column public.vulnerabilities.cvss_base_score is 'Headline CVSS base score (0-10).';
comment on column public.vulnerabilities.cvss_vector is 'Headline CVSS vector string.';
comment on column public.vulnerabilities.cvss_severity is 'Headline CVSS severity, lower-case.';
comment on column public.vulnerabilities.cvss_source is 'Whose headline score: the CNA''s or an ADP''s (cna, adp).';
comment on column public.vulnerabilities.cvss_provider is 'Organisation behind the headline score (e.g. CISA-ADP).';
comment on column public.vulnerabilities.cvss_v4_base_score is 'CVSS v4.0 base score when the record has one.';
comment on column public.vulnerabilities.cvss_v4_vector is 'CVSS v4.0 vector.';
comment on column public.vulnerabilities.cvss_v4_severity is 'CVSS v4.0 severity, lower-case.';
comment on column public.vulnerabilities.cvss_v4_source is 'Whose v4.0 score: cna or adp.';
comment on column public.vulnerabilities.cvss_metrics is 'Every CVSS metric of the record: [{version, baseScore, vector, severity, source, provider}].';
comment on column public.vulnerabilities.ssvc_exploitation is 'CISA ADP SSVC: exploitation (none, poc, active).';
comment on column public.vulnerabilities.ssvc_automatable is 'CISA ADP SSVC: automatable (yes, no).';
comment on column public.vulnerabilities.ssvc_technical_impact is 'CISA ADP SSVC: technical impact (partial, total).';
comment on column public.vulnerabilities.affected is 'containers.cna.affected of the CVE record, as published.';
comment on column public.vulnerabilities.cve_references is 'containers.cna.references of the CVE record, as published.';
comment on column public.vulnerabilities.kev_date_added is 'KEV: date CISA added it to the catalogue; null when not in KEV.';
comment on column public.vulnerabilities.kev_due_date is 'KEV: remediation due date for US federal agencies.';
comment on column public.vulnerabilities.kev_ransomware_use is 'KEV: knownRansomwareCampaignUse (Known, Unknown).';
comment on column public.vulnerabilities.kev_vendor is 'KEV: vendorProject.';
comment on column public.vulnerabilities.kev_product is 'KEV: product.';
comment on column public.vulnerabilities.kev_name is 'KEV: vulnerabilityName.';
comment on column public.vulnerabilities.kev_short_description is 'KEV: shortDescription.';
comment on column public.vulnerabilities.kev_required_action is 'KEV: requiredAction.';
comment on column public.vulnerabilities.kev_notes is 'KEV: notes (references).';
comment on column public.vulnerabilities.kev_cwes is 'KEV: cwes.';
comment on column public.vulnerabilities.epss_score is 'EPSS probability of exploitation in the next 30 days (0-1).';
comment on column public.vulnerabilities.epss_percentile is 'EPSS percentile (0-1).';
comment on column public.vulnerabilities.epss_date is 'Date of the EPSS score.';
comment on column public.vulnerabilities.epss_previous_score is 'The EPSS score before the last change, for the trend.';
comment on column public.vulnerabilities.epss_previous_percentile is 'The EPSS percentile before the last change.';
comment on column public.vulnerabilities.epss_previous_date is 'Date of the previous EPSS score.';
comment on column public.vulnerabilities.tlp is 'TLP marking (public sources: clear).';
comment on column public.vulnerabilities.search is 'Full-text search vector over id, titles, vendor, product and description.';
comment on column public.vulnerabilities.created_at is 'When the CVE first entered the knowledge base.';
comment on column public.vulnerabilities.updated_at is 'Last change of any column group.';

create index vulnerabilities_kev_date_added_idx on public.vulnerabilities (kev_date_added desc) where kev_date_added is not null;
create index vulnerabilities_epss_score_idx on public.vulnerabilities (epss_score desc nulls last);
create index vulnerabilities_cvss_base_score_idx on public.vulnerabilities (cvss_base_score desc nulls last);
create index vulnerabilities_published_at_idx on public.vulnerabilities (published_at desc nulls last);
create index vulnerabilities_updated_at_idx on public.vulnerabilities (updated_at desc);
create index vulnerabilities_search_idx on public.vulnerabilities using gin (search);
create index vulnerabilities_kev_vendor_trgm_idx on public.vulnerabilities using gin (kev_vendor extensions.gin_trgm_ops, kev_product extensions.gin_trgm_ops);

alter table public.vulnerabilities enable row level security;
grant select on public.vulnerabilities to authenticated;
grant all on public.vulnerabilities to service_role;

create policy "Analysts read vulnerabilities up to their TLP" on public.vulnerabilities
  for select to authenticated using (tlp <> 'red' or (select private.red_readable_by_caller()));

create trigger vulnerabilities_touch_updated_at before update on public.vulnerabilities
  for each row execute function private.touch_updated_at();
