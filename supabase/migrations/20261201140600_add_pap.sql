-- PAP, the Permissible Actions Protocol (issue 28 §1), on sources and reports: what a recipient may
-- do with a value. Levels as in the MISP taxonomy "PAP" (version 3: CLEAR, GREEN, AMBER, RED; WHITE
-- is the old name of CLEAR; https://github.com/MISP/misp-taxonomies/blob/main/PAP/machinetag.json)
-- and the STIX 2.1 PAP marking definitions (https://oasis-open.github.io/cti-stix-common-objects/
-- STIX-2.1-PAP-marking-definition.html):
--   CLEAR  no restriction;           GREEN  active actions allowed (block, ping);
--   AMBER  passive cross-checks only (a third-party service may be asked);
--   RED    non-detectable actions only: nothing leaves the platform.
-- The default is CLEAR: MISP and OpenCTI give nothing a PAP unless someone marks it (no marking
-- means no restriction), and our sources were shared without one until now.
--
-- Here PAP:AMBER and above never leave: anything that would send a value outside (notifications,
-- served feeds and exports, enrichment later) asks private.pap_allows_sharing. A report's PAP is the
-- more restrictive of its own and its source's; an indicator's, like its TLP, the least restrictive
-- of its reports' (a value another report shares freely is out already).

create type public.pap_level as enum ('clear', 'green', 'amber', 'red');
comment on type public.pap_level is 'Permissible Actions Protocol, least to most restrictive (enum order is the restriction order).';

alter table public.sources add column pap public.pap_level not null default 'clear';
comment on column public.sources.pap is 'PAP of everything this source reports (a report may be more restrictive): PAP:AMBER and above never leave the platform.';
alter table public.indicator_sources add column pap public.pap_level not null default 'clear';
comment on column public.indicator_sources.pap is 'PAP of this report as its source marked it; the source''s own PAP applies on top.';

-- Administrators with a verified second factor set a source's PAP from its settings (the policy
-- "Admins with MFA change sources" decides; sources_audited records it).
grant update (pap) on public.sources to authenticated;

create function private.pap_allows_sharing(_pap public.pap_level) returns boolean
language sql immutable set search_path = '' as $$
  select coalesce(_pap, 'clear') < 'amber'
$$;
comment on function private.pap_allows_sharing(public.pap_level) is
  'Whether a value of this PAP may leave the platform (notifications, feeds, enrichment): PAP:CLEAR and PAP:GREEN only.';
revoke all on function private.pap_allows_sharing(public.pap_level) from public, anon;
grant execute on function private.pap_allows_sharing(public.pap_level) to authenticated, service_role;

create function private.indicator_pap(_indicator_id bigint) returns public.pap_level
language sql stable security definer set search_path = '' as $$
  select coalesce(min(greatest(r.pap, s.pap)), 'clear')
    from public.indicator_sources r join public.sources s on s.id = r.source_id
   where r.indicator_id = _indicator_id
$$;
comment on function private.indicator_pap(bigint) is
  'An indicator''s PAP: the least restrictive of its reports'' (each the more restrictive of its own and its source''s); CLEAR without reports.';
revoke all on function private.indicator_pap(bigint) from public, anon;
grant execute on function private.indicator_pap(bigint) to authenticated, service_role;

-- The reports list shows each report's PAP.
drop function public.indicator_reports(bigint);
create function public.indicator_reports(_indicator_id bigint)
returns table (source_id uuid, source_name text, reliability public.source_reliability, external_id text, reference text,
               first_seen timestamptz, last_seen timestamptz, confidence smallint, tlp public.tlp_level, malware text[],
               import_run_id bigint, pap public.pap_level)
language sql stable set search_path = '' as $$
  select s.source_id, src.name, src.reliability, s.source_ref, s.reference, s.first_seen, s.last_seen, s.confidence,
         s.tlp, s.malware, s.import_run_id, greatest(s.pap, src.pap)
    from public.indicator_sources s
    join public.sources src on src.id = s.source_id
   where s.indicator_id = _indicator_id
   order by s.last_seen desc nulls last, src.name
$$;
comment on function public.indicator_reports(bigint) is
  'Every source''s report of one indicator (its own dates, id, reference, confidence, TLP, PAP with its source''s applied), newest first; RLS applies.';
revoke all on function public.indicator_reports(bigint) from public, anon;
grant execute on function public.indicator_reports(bigint) to authenticated, service_role;
