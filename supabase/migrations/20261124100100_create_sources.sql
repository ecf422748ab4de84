-- Where intelligence comes from: public feeds, files, analysts, TAXII collections. Analysts read
-- the list; administrators with MFA configure it; importers (service role) keep the sync state.

create type public.source_kind as enum ('feed', 'file', 'manual', 'taxii', 'misp');
comment on type public.source_kind is 'How a source delivers: a polled feed, imported files, analysts by hand, a TAXII collection, a MISP feed.';
create type public.source_reliability as enum ('A', 'B', 'C', 'D', 'E', 'F');
comment on type public.source_reliability is 'Admiralty scale: A completely reliable … E unreliable, F reliability cannot be judged.';

create table public.sources (
  id uuid primary key default gen_random_uuid(),
  name text not null unique check (char_length(name) between 1 and 200),
  kind public.source_kind not null default 'file',
  format text check (format ~ '^[a-z0-9-]{1,40}$'),
  url text check (char_length(url) <= 2048),
  description text not null default '' check (char_length(description) <= 4000),
  reliability public.source_reliability not null default 'F',
  default_tlp public.tlp_level not null default 'amber',
  default_confidence smallint not null default 50 check (default_confidence between 0 and 100),
  sync_interval interval check (sync_interval is null or sync_interval >= interval '5 minutes'),
  enabled boolean not null default true,
  etag text check (char_length(etag) <= 1024),
  last_modified text check (char_length(last_modified) <= 128),
  last_synced_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.sources is 'Intelligence sources: feeds, files, analysts, TAXII collections; each import run and provenance row points here.';
comment on column public.sources.id is 'Source id.';
comment on column public.sources.name is 'Unique name shown to analysts (e.g. CISA KEV).';
comment on column public.sources.kind is 'feed, file, manual, taxii or misp.';
comment on column public.sources.format is 'Importer format name (kev, epss, cve, attack, stix, misp, misp-galaxy, threatfox, feodo, urlhaus).';
comment on column public.sources.url is 'Where a connector fetches it (official URL by default, configurable).';
comment on column public.sources.description is 'What the source is, for analysts.';
comment on column public.sources.reliability is 'Admiralty scale reliability A-F.';
comment on column public.sources.default_tlp is 'TLP given to its records that carry no marking.';
comment on column public.sources.default_confidence is 'Confidence (0-100) given to its records that carry none.';
comment on column public.sources.sync_interval is 'How often the connector polls it; null: only on demand.';
comment on column public.sources.enabled is 'Whether scheduled syncs run.';
comment on column public.sources.etag is 'ETag of the last fetched response (conditional GET).';
comment on column public.sources.last_modified is 'Last-Modified of the last fetched response (conditional GET).';
comment on column public.sources.last_synced_at is 'When a connector last reached it (changed or not).';
comment on column public.sources.created_at is 'Creation time.';
comment on column public.sources.updated_at is 'Last change, kept by a trigger.';

create trigger sources_touch_updated_at before update on public.sources
  for each row execute function private.touch_updated_at();

alter table public.sources enable row level security;
grant select on public.sources to authenticated;
grant insert (name, kind, format, url, description, reliability, default_tlp, default_confidence, sync_interval, enabled),
  update (name, kind, format, url, description, reliability, default_tlp, default_confidence, sync_interval, enabled),
  delete on public.sources to authenticated;
grant all on public.sources to service_role;

create policy "Signed-in users read sources" on public.sources
  for select to authenticated using (true);
create policy "Admins with MFA add sources" on public.sources
  for insert to authenticated with check ((select private.admin_mfa_verified()));
create policy "Admins with MFA change sources" on public.sources
  for update to authenticated using ((select private.admin_mfa_verified())) with check ((select private.admin_mfa_verified()));
create policy "Admins with MFA remove sources" on public.sources
  for delete to authenticated using ((select private.admin_mfa_verified()));
