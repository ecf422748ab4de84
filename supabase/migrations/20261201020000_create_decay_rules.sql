-- Indicator lifecycle, part 1: how fast each type of indicator ages. One rule per indicator type
-- (lifetime, half-life, the score under which it counts as decayed), tuned by administrators in
-- System Configuration. Like the detection rules, the rules live in their own table (the score
-- reads it) and are mirrored into public.settings as lifecycle.<type>.<field>; update_setting
-- validates a change, writes the rule, and the mirror brings the setting and its audit row along.
--
-- Defaults and why (README, "Indicator scoring"):
--   * IP addresses: half-life 30 days, lifetime 180. Addresses are reassigned; botnet C2s, VPSs and
--     cloud hosts move within weeks, and a stale IP is the commonest false positive.
--   * URLs: half-life 60 days, lifetime 365. A payload URL is cleaned or taken down, but the same
--     path on a compromised host is reused by a campaign for a while.
--   * Domains: half-life 90 days, lifetime 365. Registered for a campaign, kept for months, then
--     they expire, get sinkholed or re-registered by someone else.
--   * E-mail addresses: half-life 180 days, lifetime 730. Sender addresses return in later waves.
--   * File hashes: half-life 365 days, lifetime 1825. A hash never changes meaning; it only loses
--     relevance as the malware goes out of circulation.
--   * Decayed below 20 for every type: under a fifth of full trust an alert is more noise than signal.

create table public.decay_rules (
  indicator_type public.indicator_type primary key,
  lifetime_days integer not null check (lifetime_days between 1 and 3650),
  half_life_days integer not null check (half_life_days between 1 and 3650),
  decayed_below smallint not null check (decayed_below between 0 and 100),
  rationale text not null default '' check (char_length(rationale) <= 1000),
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null
);
comment on table public.decay_rules is
  'How each indicator type ages: the score halves every half_life_days after the newest report or alerting sighting, drops to 0 after lifetime_days, and counts as decayed below decayed_below. Changed through update_setting (lifecycle.<type>.*), audited there.';
comment on column public.decay_rules.indicator_type is 'The indicator type the rule applies to (a type without a rule ages by private.default_decay_rule()).';
comment on column public.decay_rules.lifetime_days is 'Days after the newest report or alerting sighting when the score becomes 0.';
comment on column public.decay_rules.half_life_days is 'Days in which the score halves.';
comment on column public.decay_rules.decayed_below is 'Score (0-100) under which an indicator counts as decayed: telemetry hits on it raise no alert.';
comment on column public.decay_rules.rationale is 'Why the default is what it is, for the administrator tuning it.';
comment on column public.decay_rules.updated_at is 'Last change.';
comment on column public.decay_rules.updated_by is 'Who changed it last (null: a script or migration).';
create index decay_rules_updated_by_idx on public.decay_rules (updated_by);

insert into public.decay_rules (indicator_type, lifetime_days, half_life_days, decayed_below, rationale) values
  ('ipv4', 180, 30, 20, 'Addresses are reassigned and C2 servers move within weeks: a stale IP is the commonest false positive.'),
  ('ipv6', 180, 30, 20, 'Addresses are reassigned and C2 servers move within weeks: a stale IP is the commonest false positive.'),
  ('url', 365, 60, 20, 'Payload URLs are cleaned or taken down, but campaigns reuse a path for a while.'),
  ('domain', 365, 90, 20, 'Campaign domains live for months, then expire, are sinkholed or change hands.'),
  ('email', 730, 180, 20, 'Sender addresses come back in later waves of a campaign.'),
  ('md5', 1825, 365, 20, 'A hash never changes meaning; it only loses relevance as the malware leaves circulation.'),
  ('sha1', 1825, 365, 20, 'A hash never changes meaning; it only loses relevance as the malware leaves circulation.'),
  ('sha256', 1825, 365, 20, 'A hash never changes meaning; it only loses relevance as the malware leaves circulation.'),
  ('sha512', 1825, 365, 20, 'A hash never changes meaning; it only loses relevance as the malware leaves circulation.');

create trigger decay_rules_touch_updated_at before update on public.decay_rules
  for each row execute function private.touch_updated_at();
create trigger decay_rules_record_editor before update on public.decay_rules
  for each row execute function private.record_rule_editor();

-- Everyone signed in may read how scores are made; nobody writes the table through the API.
alter table public.decay_rules enable row level security;
revoke all on table public.decay_rules from public, anon, authenticated, service_role;
grant select on table public.decay_rules to authenticated, service_role;
create policy "Signed-in users read decay rules" on public.decay_rules
  for select to authenticated using (true);
create policy "The service role reads decay rules" on public.decay_rules
  for select to service_role using (true);

-- The rule of a type added later without one of its own.
create function private.default_decay_rule(_type public.indicator_type) returns public.decay_rules
language sql immutable set search_path = '' as $$
  select row(_type, 365, 90, 20::smallint, 'Default for types without a rule of their own.', null::timestamptz, null::uuid)::public.decay_rules
$$;
comment on function private.default_decay_rule(public.indicator_type) is 'The rule a type without a decay_rules row ages by: lifetime 365 days, half-life 90, decayed below 20.';
revoke all on function private.default_decay_rule(public.indicator_type) from public, anon;
grant execute on function private.default_decay_rule(public.indicator_type) to authenticated, service_role;

-- One setting per field of each rule, in System Configuration.
insert into public.settings (key, category, label, description, type, value, min_value, max_value, unit)
select 'lifecycle.' || r.indicator_type::text || '.' || f.field, 'Indicator lifecycle',
       t.name || ': ' || f.label, f.description, 'integer', f.value, f.min_value, f.max_value, f.unit
  from public.decay_rules r
  join (values ('ipv4', 'IPv4 addresses'), ('ipv6', 'IPv6 addresses'), ('domain', 'Domains'), ('url', 'URLs'),
               ('email', 'E-mail addresses'), ('md5', 'MD5 hashes'), ('sha1', 'SHA-1 hashes'),
               ('sha256', 'SHA-256 hashes'), ('sha512', 'SHA-512 hashes')) as t(type, name)
    on t.type = r.indicator_type::text
 cross join lateral (values
   ('half_life_days', 'half-life', 'The score halves in this time after the newest report or alerting sighting. ' || r.rationale,
    to_jsonb(r.half_life_days), 1::numeric, 3650::numeric, 'days'),
   ('lifetime_days', 'lifetime', 'After this time without a new report or alerting sighting the score is 0.',
    to_jsonb(r.lifetime_days), 1, 3650, 'days'),
   ('decayed_below', 'decayed below', 'An indicator scoring under this counts as decayed: telemetry hits on it are recorded but raise no alert.',
    to_jsonb(r.decayed_below), 0, 100, 'score')
 ) as f(field, label, description, value, min_value, max_value, unit);

-- A rule changed by any path updates its settings (and so the audit trail).
create function private.mirror_decay_rule_settings() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.settings s
     set value = case split_part(s.key, '.', 3)
                   when 'half_life_days' then to_jsonb(new.half_life_days)
                   when 'lifetime_days' then to_jsonb(new.lifetime_days)
                   when 'decayed_below' then to_jsonb(new.decayed_below)
                 end
   where split_part(s.key, '.', 1) = 'lifecycle' and split_part(s.key, '.', 2) = new.indicator_type::text
     and s.value is distinct from case split_part(s.key, '.', 3)
                   when 'half_life_days' then to_jsonb(new.half_life_days)
                   when 'lifetime_days' then to_jsonb(new.lifetime_days)
                   when 'decayed_below' then to_jsonb(new.decayed_below)
                 end;
  return new;
end
$$;
comment on function private.mirror_decay_rule_settings() is 'Trigger: copies a decay rule''s fields into its lifecycle.<type>.* settings.';
revoke all on function private.mirror_decay_rule_settings() from public, anon, authenticated;
create trigger decay_rules_mirror_settings after update on public.decay_rules
  for each row execute function private.mirror_decay_rule_settings();

-- update_setting as before, plus lifecycle.* settings, which change the decay rule itself.
create or replace function public.update_setting(_key text, _value jsonb)
returns table (key text, value jsonb, updated_at timestamptz, updated_by_email text)
language plpgsql volatile security definer set search_path = '' as $$
declare
  _setting public.settings;
  _rule text;
begin
  perform private.require_settings_admin();
  select * into _setting from public.settings s where s.key = _key for update;
  if not found then
    raise exception 'Unknown setting: %', left(coalesce(_key, ''), 100) using errcode = '22023';
  end if;
  perform private.validate_setting(_setting, _value);
  _rule := split_part(_key, '.', 2);
  if _key like 'detection.%' then
    -- The engine reads the rule; the mirror trigger brings the setting (and its audit row) along.
    update public.detection_rules r
       set enabled = case when _key like '%.enabled' then (_value #>> '{}')::boolean else r.enabled end,
           min_confidence = case when _key like '%.min_confidence' then (_value #>> '{}')::smallint else r.min_confidence end,
           min_criticality = case when _key like '%.min_criticality' then (_value #>> '{}')::public.asset_criticality else r.min_criticality end,
           dedup_window = case when _key like '%.dedup_window_hours' then make_interval(hours => (_value #>> '{}')::integer) else r.dedup_window end
     where r.key = _rule;
  elsif _key like 'lifecycle.%' then
    -- The score reads the rule; the mirror trigger brings the setting (and its audit row) along.
    update public.decay_rules r
       set half_life_days = case when _key like '%.half_life_days' then (_value #>> '{}')::integer else r.half_life_days end,
           lifetime_days = case when _key like '%.lifetime_days' then (_value #>> '{}')::integer else r.lifetime_days end,
           decayed_below = case when _key like '%.decayed_below' then (_value #>> '{}')::smallint else r.decayed_below end
     where r.indicator_type::text = _rule;
  else
    update public.settings s set value = _value where s.key = _key;
  end if;
  return query
  select s.key, s.value, s.updated_at, u.email::text
    from public.settings s left join auth.users u on u.id = s.updated_by
   where s.key = _key;
end
$$;
comment on function public.update_setting(text, jsonb) is
  'Changes one setting after checking its type and range (22023 with a readable message otherwise); detection.* settings change the matching rule and lifecycle.* the decay rule itself; audited as setting.changed; admins with verified MFA and the service role.';
