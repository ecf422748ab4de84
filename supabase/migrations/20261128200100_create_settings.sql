-- System Configuration: the installation's settings in one table, each with its type and range,
-- changed only through update_setting (validated on the server) and recorded in the audit trail
-- (who, when, old -> new) by a row trigger, whatever path the change takes.
--
-- What reads them:
--   * intel.default_tlp: the default TLP of a new source (the column default of sources.default_tlp;
--     a feed whose format knows its marking, e.g. CISA KEV = clear, still names its own);
--   * detection.<rule>.<field>: the matching engine's rule thresholds and dedupe windows. The engine
--     reads public.detection_rules; update_setting writes there and a trigger mirrors every change of
--     a rule (from any path) back into these rows, so both always agree;
--   * retention.*: how long public.purge_expired_data() keeps security events and telemetry volume.
-- Source schedules stay per source (sources.sync_interval) on the Third-Party Intelligence page.

create table public.settings (
  key text primary key check (key ~ '^[a-z_]+(\.[a-z0-9_-]+)+$'),
  category text not null check (char_length(category) between 1 and 60),
  label text not null check (char_length(label) between 1 and 120),
  description text not null default '' check (char_length(description) <= 1000),
  type text not null check (type in ('integer', 'enum', 'boolean')),
  value jsonb not null,
  min_value numeric,
  max_value numeric,
  allowed_values text[],
  unit text check (char_length(unit) <= 20),
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null,
  check (type <> 'integer' or (min_value is not null and max_value is not null and min_value <= max_value)),
  check (type <> 'enum' or cardinality(allowed_values) > 0)
);
comment on table public.settings is
  'Installation settings with their type and allowed range; changed only through update_setting; every change is in the audit trail (setting.changed).';
comment on column public.settings.key is 'Stable name, "<area>.<name>" (e.g. retention.security_events_days).';
comment on column public.settings.category is 'Group shown on the System Configuration page.';
comment on column public.settings.label is 'Human name of the setting.';
comment on column public.settings.description is 'What the setting does and what reads it.';
comment on column public.settings.type is 'integer (whole number within min_value..max_value), enum (one of allowed_values) or boolean.';
comment on column public.settings.value is 'Current value as JSON (number, string or boolean).';
comment on column public.settings.min_value is 'Lowest allowed value of an integer setting.';
comment on column public.settings.max_value is 'Highest allowed value of an integer setting.';
comment on column public.settings.allowed_values is 'The values an enum setting may take.';
comment on column public.settings.unit is 'Unit of an integer setting (days, hours, percent).';
comment on column public.settings.updated_at is 'Last change.';
comment on column public.settings.updated_by is 'Who made the last change (null: a script or migration).';
create index settings_updated_by_idx on public.settings (updated_by);

alter table public.settings enable row level security;
revoke all on table public.settings from public, anon, authenticated, service_role;
grant select on table public.settings to authenticated, service_role;
create policy "Admins with MFA read settings" on public.settings
  for select to authenticated using ((select private.admin_mfa_verified()));
create policy "The service role reads settings" on public.settings
  for select to service_role using (true);

insert into public.settings (key, category, label, description, type, value, min_value, max_value, allowed_values, unit) values
  ('intel.default_tlp', 'Intelligence', 'Default TLP of new sources',
   'Marking given to a new source''s records that carry none, unless its feed format names one.',
   'enum', '"amber"', null, null, array['clear', 'green', 'amber', 'amber+strict', 'red'], null),
  ('retention.security_events_days', 'Data retention', 'Security events kept',
   'Security events older than this are deleted by purge_expired_data().',
   'integer', '365', 30, 3650, null, 'days'),
  ('retention.telemetry_volume_days', 'Data retention', 'Telemetry volume kept',
   'Hourly telemetry counts (Network Monitoring chart) older than this are deleted by purge_expired_data().',
   'integer', '395', 7, 3650, null, 'days');

-- One row per tunable field of each matching rule, with the rule's current value.
insert into public.settings (key, category, label, description, type, value, min_value, max_value, allowed_values, unit)
select 'detection.' || r.key || '.' || f.field, 'Detection: ' || r.name, f.label, f.description, f.type, f.value,
       f.min_value, f.max_value, f.allowed_values, f.unit
  from public.detection_rules r
 cross join lateral (values
   ('enabled', 'Rule enabled', 'Whether this rule raises alerts at all.', 'boolean', to_jsonb(r.enabled),
    null::numeric, null::numeric, null::text[], null::text, true),
   ('min_confidence', 'Minimum confidence', 'Indicators below this confidence raise no alert (sightings are still recorded).',
    'integer', to_jsonb(r.min_confidence), 0, 100, null, 'percent', r.key in ('telemetry-indicator', 'lookalike-domain')),
   ('min_criticality', 'Minimum asset criticality', 'Assets below this criticality raise no alert.',
    'enum', to_jsonb(r.min_criticality::text), null, null, array['low', 'medium', 'high', 'critical'], null, r.key = 'kev-asset'),
   ('dedup_window_hours', 'Dedupe window', 'A repeat hit within this time after an alert was closed is counted on it instead of raising a new alert.',
    'integer', to_jsonb(round(extract(epoch from r.dedup_window) / 3600)::integer), 1, 2160, null, 'hours', true)
 ) as f(field, label, description, type, value, min_value, max_value, allowed_values, unit, applies)
 where f.applies;

-- Who changed a setting last is the caller, whatever the path.
create function private.record_setting_editor() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_by := (select auth.uid());
  new.updated_at := now();
  return new;
end
$$;
comment on function private.record_setting_editor() is 'Trigger: stamps updated_by and updated_at of a changed setting.';
revoke all on function private.record_setting_editor() from public, anon, authenticated;
create trigger settings_record_editor before update on public.settings
  for each row when (new.value is distinct from old.value) execute function private.record_setting_editor();

create trigger settings_audited
  after insert or update or delete on public.settings
  for each row execute function private.audit_row_change('setting', 'key', 'updated_by');

-- A rule changed by any path (update_setting, the rule's column grants, a console) updates its settings.
create function private.mirror_rule_settings() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.settings s
     set value = case split_part(s.key, '.', 3)
                   when 'enabled' then to_jsonb(new.enabled)
                   when 'min_confidence' then to_jsonb(new.min_confidence)
                   when 'min_criticality' then to_jsonb(new.min_criticality::text)
                   when 'dedup_window_hours' then to_jsonb(round(extract(epoch from new.dedup_window) / 3600)::integer)
                 end
   where s.key like 'detection.' || new.key || '.%'
     and s.value is distinct from case split_part(s.key, '.', 3)
                   when 'enabled' then to_jsonb(new.enabled)
                   when 'min_confidence' then to_jsonb(new.min_confidence)
                   when 'min_criticality' then to_jsonb(new.min_criticality::text)
                   when 'dedup_window_hours' then to_jsonb(round(extract(epoch from new.dedup_window) / 3600)::integer)
                 end;
  return new;
end
$$;
comment on function private.mirror_rule_settings() is 'Trigger: copies a detection rule''s tunable fields into its detection.<rule>.* settings.';
revoke all on function private.mirror_rule_settings() from public, anon, authenticated;
create trigger detection_rules_mirror_settings after update on public.detection_rules
  for each row execute function private.mirror_rule_settings();

-- The value of a setting for the server's own use.
create function private.setting(_key text) returns jsonb
language sql stable security definer set search_path = '' as $$
  select s.value from public.settings s where s.key = _key
$$;
comment on function private.setting(text) is 'Current value of a setting (null when unknown).';
revoke all on function private.setting(text) from public, anon;
grant execute on function private.setting(text) to authenticated, service_role;

create function private.default_source_tlp() returns public.tlp_level
language sql stable security definer set search_path = '' as $$
  select coalesce((private.setting('intel.default_tlp') #>> '{}')::public.tlp_level, 'amber'::public.tlp_level)
$$;
comment on function private.default_source_tlp() is 'The intel.default_tlp setting: default of sources.default_tlp.';
revoke all on function private.default_source_tlp() from public, anon;
grant execute on function private.default_source_tlp() to authenticated, service_role;
alter table public.sources alter column default_tlp set default private.default_source_tlp();

-- The one check of every value, with the message the page shows next to the field.
create function private.validate_setting(_setting public.settings, _value jsonb) returns void
language plpgsql immutable set search_path = '' as $$
begin
  if _value is null or jsonb_typeof(_value) = 'null' then
    raise exception '% needs a value', _setting.label using errcode = '22023';
  end if;
  if _setting.type = 'integer' then
    if jsonb_typeof(_value) <> 'number' or (_value::text)::numeric <> trunc((_value::text)::numeric) then
      raise exception '% must be a whole number', _setting.label using errcode = '22023';
    end if;
    if (_value::text)::numeric not between _setting.min_value and _setting.max_value then
      raise exception '% must be between % and %', _setting.label, _setting.min_value, _setting.max_value
        using errcode = '22023';
    end if;
  elsif _setting.type = 'enum' then
    if jsonb_typeof(_value) <> 'string' or not (_value #>> '{}') = any (_setting.allowed_values) then
      raise exception '% must be one of: %', _setting.label, array_to_string(_setting.allowed_values, ', ')
        using errcode = '22023';
    end if;
  elsif jsonb_typeof(_value) <> 'boolean' then
    raise exception '% must be true or false', _setting.label using errcode = '22023';
  end if;
end
$$;
comment on function private.validate_setting(public.settings, jsonb) is 'Raises 22023 with a readable message when a value does not fit the setting''s type and range.';
revoke all on function private.validate_setting(public.settings, jsonb) from public, anon, authenticated;

create function private.require_settings_admin() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if ((select auth.jwt()) ->> 'role') is distinct from 'service_role' and not private.admin_mfa_verified() then
    raise exception 'Only administrators with a verified second factor can manage settings' using errcode = '42501';
  end if;
end
$$;
comment on function private.require_settings_admin() is 'Raises 42501 unless the caller is the service role or an admin with verified MFA.';
revoke all on function private.require_settings_admin() from public, anon;
grant execute on function private.require_settings_admin() to authenticated, service_role;

create function public.list_settings()
returns table (
  key text, category text, label text, description text, type text, value jsonb, min_value numeric,
  max_value numeric, allowed_values text[], unit text, updated_at timestamptz, updated_by_email text
)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_settings_admin();
  return query
  select s.key, s.category, s.label, s.description, s.type, s.value, s.min_value, s.max_value, s.allowed_values,
         s.unit, s.updated_at, u.email::text
    from public.settings s left join auth.users u on u.id = s.updated_by
   order by s.category, s.key;
end
$$;
comment on function public.list_settings() is 'Every setting with type, range, value and the last editor''s email; admins with verified MFA and the service role.';
revoke all on function public.list_settings() from public, anon;
grant execute on function public.list_settings() to authenticated, service_role;

create function public.update_setting(_key text, _value jsonb)
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
  if _key like 'detection.%' then
    -- The engine reads the rule; the mirror trigger brings the setting (and its audit row) along.
    _rule := split_part(_key, '.', 2);
    update public.detection_rules r
       set enabled = case when _key like '%.enabled' then (_value #>> '{}')::boolean else r.enabled end,
           min_confidence = case when _key like '%.min_confidence' then (_value #>> '{}')::smallint else r.min_confidence end,
           min_criticality = case when _key like '%.min_criticality' then (_value #>> '{}')::public.asset_criticality else r.min_criticality end,
           dedup_window = case when _key like '%.dedup_window_hours' then make_interval(hours => (_value #>> '{}')::integer) else r.dedup_window end
     where r.key = _rule;
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
  'Changes one setting after checking its type and range (22023 with a readable message otherwise); detection.* settings change the matching rule itself; audited as setting.changed; admins with verified MFA and the service role.';
revoke all on function public.update_setting(text, jsonb) from public, anon;
grant execute on function public.update_setting(text, jsonb) to authenticated, service_role;

-- Deletes what the retention settings no longer keep (or, with _dry_run, counts it). Run by an
-- administrator or a scheduled job.
create function public.purge_expired_data(_dry_run boolean default false)
returns table (data text, kept_days integer, deleted bigint)
language plpgsql volatile security definer set search_path = '' as $$
declare
  _events_days integer := (private.setting('retention.security_events_days') #>> '{}')::integer;
  _volume_days integer := (private.setting('retention.telemetry_volume_days') #>> '{}')::integer;
  _events bigint;
  _volume bigint;
begin
  perform private.require_settings_admin();
  if coalesce(_dry_run, false) then
    select count(*) into _events from public.security_events e where e.created_at < now() - make_interval(days => _events_days);
    select count(*) into _volume from public.telemetry_volume v where v.bucket < now() - make_interval(days => _volume_days);
  else
    delete from public.security_events e where e.created_at < now() - make_interval(days => _events_days);
    get diagnostics _events = row_count;
    delete from public.telemetry_volume v where v.bucket < now() - make_interval(days => _volume_days);
    get diagnostics _volume = row_count;
    perform private.record_audit('retention.purged', 'retention', null, jsonb_build_object(
      'security_events', jsonb_build_object('kept_days', _events_days, 'deleted', _events),
      'telemetry_volume', jsonb_build_object('kept_days', _volume_days, 'deleted', _volume)));
  end if;
  return query values ('security_events', _events_days, _events), ('telemetry_volume', _volume_days, _volume);
end
$$;
comment on function public.purge_expired_data(boolean) is
  'Deletes security events and telemetry volume older than their retention settings (with _dry_run: only counts them); a purge is audited as retention.purged; admins with verified MFA and the service role.';
revoke all on function public.purge_expired_data(boolean) from public, anon;
grant execute on function public.purge_expired_data(boolean) to authenticated, service_role;
