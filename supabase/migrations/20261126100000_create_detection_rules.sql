-- The matching engine's rules and the one function that turns a match into an alert. Every rule
-- (telemetry hitting an indicator, KEV meeting an asset, a lookalike domain in intelligence, a watched
-- keyword on a leak site) raises alerts through private.raise_alert, so thresholds, deduplication and
-- the evidence an analyst sees follow one set of rules.

create type public.asset_criticality as enum ('low', 'medium', 'high', 'critical');

create table public.detection_rules (
  key text primary key check (key ~ '^[a-z][a-z0-9-]{1,62}$'),
  name text not null check (char_length(name) between 1 and 200),
  description text not null default '' check (char_length(description) <= 2000),
  enabled boolean not null default true,
  severity public.alert_severity not null default 'high',
  category text not null check (char_length(category) between 1 and 100),
  min_confidence smallint not null default 50 check (min_confidence between 0 and 100),
  -- Alerts are read by every analyst: intelligence marked above this never raises one, or its
  -- value would reach people the marking excludes (RED is readable by MFA-verified admins only).
  max_tlp public.tlp_level not null default 'amber+strict' check (max_tlp <> 'red'),
  min_criticality public.asset_criticality not null default 'low',
  dedup_window interval not null default '24 hours'
    check (dedup_window between interval '1 minute' and interval '90 days'),
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null
);

comment on table public.detection_rules is
  'Matching engine rules: when a match becomes an alert (thresholds), at what severity, and how long a closed alert silences repeats.';
comment on column public.detection_rules.key is 'Stable rule id the engine raises by (telemetry-indicator, kev-asset, lookalike-domain, leak-keyword).';
comment on column public.detection_rules.min_confidence is 'Indicators below this confidence (0–100) do not raise alerts; sightings are still recorded.';
comment on column public.detection_rules.max_tlp is 'Highest TLP of intelligence that may raise an alert (never red: alerts are readable by every analyst).';
comment on column public.detection_rules.min_criticality is 'Assets below this criticality do not raise alerts (kev-asset).';
comment on column public.detection_rules.dedup_window is
  'An open alert absorbs later hits for the same rule and entity; a hit within this window after the alert was resolved or dismissed is counted on it instead of raising a new one.';

insert into public.detection_rules (key, name, description, severity, category, min_confidence) values
  ('telemetry-indicator', 'Telemetry hit a known indicator',
   'A sensor''s traffic (Suricata, Zeek) contacted an IP, domain or URL, or carried a file hash, that intelligence lists as malicious.',
   'high', 'network', 50),
  ('kev-asset', 'Known exploited vulnerability on an asset',
   'A CISA KEV entry names the vendor and product of an asset in the inventory.',
   'critical', 'vulnerability', 0),
  ('lookalike-domain', 'Lookalike of a watched domain in intelligence',
   'A permutation of a watched domain (typosquatting, homoglyph, TLD swap…) appears in malicious domain or URL intelligence.',
   'high', 'brand', 0),
  ('leak-keyword', 'Watched name on a leak site',
   'A ransomware leak-site post or a paste names a watched keyword.',
   'critical', 'dark-web', 0);

create trigger detection_rules_touch_updated_at before update on public.detection_rules
  for each row execute function private.touch_updated_at();

-- Who tuned a rule last (the column is not granted to anyone: the trigger writes it).
create function private.record_rule_editor() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_by := (select auth.uid());
  return new;
end
$$;
revoke all on function private.record_rule_editor() from public, anon, authenticated;
create trigger detection_rules_record_editor before update on public.detection_rules
  for each row execute function private.record_rule_editor();

alter table public.detection_rules enable row level security;
grant select on public.detection_rules to authenticated;
grant update (enabled, severity, min_confidence, max_tlp, min_criticality, dedup_window)
  on public.detection_rules to authenticated;
grant all on public.detection_rules to service_role;

create policy "Signed-in users read detection rules" on public.detection_rules
  for select to authenticated using (true);
create policy "Admins with MFA tune detection rules" on public.detection_rules
  for update to authenticated using ((select private.admin_mfa_verified()))
  with check ((select private.admin_mfa_verified()));

-- Alerts remember which rule raised them and for what, so repeats update one alert.
alter table public.enhanced_security_alerts
  add column rule_key text references public.detection_rules (key) on delete set null,
  add column dedup_key text check (char_length(dedup_key) <= 1000),
  add column hit_count integer not null default 1 check (hit_count >= 0),
  add column last_hit_at timestamptz;

comment on column public.enhanced_security_alerts.rule_key is 'The detection rule that raised it; null for alerts raised by hand or by the security core.';
comment on column public.enhanced_security_alerts.dedup_key is 'The entity the rule matched (indicator id, asset and CVE, domain, post and keyword): one open alert per rule and entity.';
comment on column public.enhanced_security_alerts.hit_count is 'How many matches this alert stands for, including those that arrived after it was raised.';
comment on column public.enhanced_security_alerts.last_hit_at is 'When the latest match arrived.';

-- Reopening a closed alert while a newer one is open for the same match would make two open
-- alerts for one entity: say which one to work on instead of a unique-index error.
create function private.refuse_duplicate_reopen() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  newer uuid;
begin
  select id into newer from public.enhanced_security_alerts
   where rule_key = new.rule_key and dedup_key = new.dedup_key and id <> new.id
     and status in ('new', 'acknowledged', 'investigating')
   limit 1;
  if found then
    raise exception 'A newer alert for the same match is open (%); work on that one.', newer
      using errcode = '23505', hint = 'Open the newer alert instead of reopening this one.';
  end if;
  return new;
end
$$;
revoke all on function private.refuse_duplicate_reopen() from public, anon, authenticated;
create trigger enhanced_security_alerts_refuse_duplicate_reopen before update of status on public.enhanced_security_alerts
  for each row
  when (new.rule_key is not null and old.status in ('resolved', 'dismissed')
        and new.status in ('new', 'acknowledged', 'investigating'))
  execute function private.refuse_duplicate_reopen();

create unique index enhanced_security_alerts_open_rule_entity_key
  on public.enhanced_security_alerts (rule_key, dedup_key)
  where rule_key is not null and status in ('new', 'acknowledged', 'investigating');
create index enhanced_security_alerts_rule_entity_resolved_idx
  on public.enhanced_security_alerts (rule_key, dedup_key, resolved_at desc)
  where rule_key is not null and resolved_at is not null;

-- Raises or updates the alert for one match. Returns the alert's id, or null when the rule is off
-- or a recently closed alert absorbed the hit. `_evidence` is what the Threat Intelligence Hub shows:
-- the latest is kept with the first, and the hit count says how many came between.
create function private.raise_alert(
  _rule text,
  _entity text,
  _title text,
  _description text,
  _evidence jsonb,
  _hits integer default 1,
  _indicator_id bigint default null,
  _cve_id text default null,
  _sighting_id text default null,
  _severity public.alert_severity default null
) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  rule public.detection_rules;
  alert_id uuid;
begin
  select * into rule from public.detection_rules where key = _rule;
  if not found then
    raise exception 'No detection rule %.', _rule using errcode = '22023';
  end if;
  if not rule.enabled then
    return null;
  end if;

  update public.enhanced_security_alerts
     set hit_count = hit_count + _hits,
         last_hit_at = now(),
         metadata = metadata || jsonb_build_object('evidence', _evidence)
   where rule_key = _rule and dedup_key = _entity and status in ('new', 'acknowledged', 'investigating')
  returning id into alert_id;
  if found then
    return alert_id;
  end if;

  -- An analyst closed this very alert a moment ago: count the hit there instead of raising it again.
  update public.enhanced_security_alerts
     set hit_count = hit_count + _hits, last_hit_at = now()
   where id = (
     select id from public.enhanced_security_alerts
      where rule_key = _rule and dedup_key = _entity and resolved_at > now() - rule.dedup_window
      order by resolved_at desc limit 1);
  if found then
    return null;
  end if;

  insert into public.enhanced_security_alerts
    (title, description, severity, category, source, rule_key, dedup_key, hit_count, last_hit_at,
     indicator_id, cve_id, sighting_id, metadata)
  values
    (left(_title, 300), left(coalesce(_description, ''), 10000), coalesce(_severity, rule.severity),
     rule.category, 'matching-engine', _rule, _entity, _hits, now(), _indicator_id, _cve_id, _sighting_id,
     jsonb_build_object(
       'rule', jsonb_build_object('key', rule.key, 'name', rule.name, 'min_confidence', rule.min_confidence,
                                  'max_tlp', rule.max_tlp, 'min_criticality', rule.min_criticality),
       'first_evidence', _evidence,
       'evidence', _evidence))
  -- Two imports matching the same entity at once: the second joins the first's alert.
  on conflict (rule_key, dedup_key) where rule_key is not null and status in ('new', 'acknowledged', 'investigating')
  do update set hit_count = public.enhanced_security_alerts.hit_count + excluded.hit_count,
                last_hit_at = now(),
                metadata = public.enhanced_security_alerts.metadata || jsonb_build_object('evidence', _evidence)
  returning id into alert_id;
  return alert_id;
end
$$;
comment on function private.raise_alert(text, text, text, text, jsonb, integer, bigint, text, text, public.alert_severity) is
  'The matching engine''s one way to alert: rule enabled, one open alert per rule and entity (later hits update it), hits within the rule''s window after closing counted without a new alert, the rule and the evidence recorded in metadata.';
revoke all on function private.raise_alert(text, text, text, text, jsonb, integer, bigint, text, text, public.alert_severity) from public, anon, authenticated;
grant execute on function private.raise_alert(text, text, text, text, jsonb, integer, bigint, text, text, public.alert_severity) to service_role;

-- Whether intelligence at this TLP and confidence may raise an alert under a rule.
create function private.rule_allows(_rule public.detection_rules, _tlp public.tlp_level, _confidence integer)
returns boolean
language sql immutable set search_path = '' as $$
  select _rule.enabled and _tlp <= _rule.max_tlp and coalesce(_confidence, 0) >= _rule.min_confidence
$$;
comment on function private.rule_allows(public.detection_rules, public.tlp_level, integer) is
  'A rule''s thresholds: enabled, TLP at most max_tlp, confidence (unknown counts as 0) at least min_confidence.';
revoke all on function private.rule_allows(public.detection_rules, public.tlp_level, integer) from public, anon;
grant execute on function private.rule_allows(public.detection_rules, public.tlp_level, integer) to authenticated, service_role;
