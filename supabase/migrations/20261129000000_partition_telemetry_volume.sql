-- telemetry_volume by month (native range partitioning on `bucket`): the one table here that grows
-- with every sensor, hour and event type. Retention drops whole months instead of deleting rows,
-- and the chart's range scans touch only the months they show.
--
-- The partitions live in `private`, so the API reaches the rows only through the parent and its RLS
-- (a partition in `public` would be a table without a policy). A DEFAULT partition takes any row no
-- monthly partition covers (a sensor's clock years off, a month not prepared yet), so a write never
-- fails for want of a partition. `private.maintain_telemetry_volume_partitions()` prepares this
-- month and the next two, moves matching rows out of the default partition, and drops months the
-- retention setting no longer keeps; the importer worker runs it daily after the retention purge.
--
-- `sightings` stays one table: one row per (indicator, sensor) updated in place, referenced by
-- alerts; see the README ("Beyond one machine").

alter table public.telemetry_volume rename to telemetry_volume_unpartitioned;
-- Its constraints step aside too, so the new table's keep their names.
alter table public.telemetry_volume_unpartitioned rename constraint telemetry_volume_pkey to telemetry_volume_unpartitioned_pkey;
alter table public.telemetry_volume_unpartitioned rename constraint telemetry_volume_sensor_fkey to telemetry_volume_unpartitioned_sensor_fkey;
alter table public.telemetry_volume_unpartitioned rename constraint telemetry_volume_bucket_check to telemetry_volume_unpartitioned_bucket_check;
alter table public.telemetry_volume_unpartitioned rename constraint telemetry_volume_event_type_check to telemetry_volume_unpartitioned_event_type_check;
alter table public.telemetry_volume_unpartitioned rename constraint telemetry_volume_events_check to telemetry_volume_unpartitioned_events_check;
alter table public.telemetry_volume_unpartitioned rename constraint telemetry_volume_matched_check to telemetry_volume_unpartitioned_matched_check;
alter index public.telemetry_volume_bucket_idx rename to telemetry_volume_unpartitioned_bucket_idx;

create table public.telemetry_volume (
  sensor text not null references public.sensors (name) on delete cascade,
  bucket timestamptz not null check (date_trunc('hour', bucket) = bucket),
  event_type text not null check (char_length(event_type) between 1 and 40),
  events bigint not null default 0 check (events >= 0),
  matched bigint not null default 0 check (matched >= 0),
  primary key (sensor, bucket, event_type)
) partition by range (bucket);
create index telemetry_volume_bucket_idx on public.telemetry_volume (bucket desc);
comment on table public.telemetry_volume is 'Events per sensor, hour (UTC) and event type, and how many matched intelligence: the Network Monitoring chart. Partitioned by month (partitions in the private schema).';

create table private.telemetry_volume_default partition of public.telemetry_volume default;

alter table public.telemetry_volume enable row level security;
revoke all on public.telemetry_volume from anon;
grant select on public.telemetry_volume to authenticated;
grant all on public.telemetry_volume to service_role;
create policy "Signed-in users read telemetry volume" on public.telemetry_volume for select to authenticated using (true);

-- Partitions are named by month: private.telemetry_volume_y2026m11 holds [2026-11-01, 2026-12-01) UTC.
create function private.telemetry_volume_partition(_month date) returns text
language sql immutable set search_path = '' as $$
  select format('telemetry_volume_y%sm%s', to_char(_month, 'YYYY'), to_char(_month, 'MM'))
$$;

create function private.maintain_telemetry_volume_partitions(
  _from timestamptz default now(),
  _months_ahead integer default 2,
  _drop_expired boolean default true
) returns table (action text, partition_name text, moved_rows bigint)
language plpgsql volatile set search_path = '' as $$
declare
  _keep_days integer := (private.setting('retention.telemetry_volume_days') #>> '{}')::integer;
  -- Never a partition for a month retention no longer keeps: such rows wait in the default
  -- partition for the purge.
  _first date := date_trunc('month', greatest(least(_from, now()), now() - make_interval(days => _keep_days)) at time zone 'UTC')::date;
  _last date := (date_trunc('month', now() at time zone 'UTC') + make_interval(months => greatest(_months_ahead, 0)))::date;
  _month date;
  _name text;
  _moved bigint;
  _old record;
begin
  -- One maintainer at a time (ATTACH and DROP take strong locks; the chart keeps reading meanwhile).
  perform pg_advisory_xact_lock(hashtext('private.maintain_telemetry_volume_partitions'));
  _month := _first;
  while _month <= _last loop
    _name := private.telemetry_volume_partition(_month);
    if to_regclass(format('private.%I', _name)) is null then
      -- Rows of this month already in the default partition move with it: a new partition may not
      -- overlap rows the default one holds.
      execute format('create table private.%I (like public.telemetry_volume including defaults including constraints)', _name);
      execute format(
        'with moved as (delete from private.telemetry_volume_default where bucket >= $1 and bucket < $2 returning *)
         insert into private.%I select * from moved', _name)
        using _month::timestamp at time zone 'UTC', (_month + interval '1 month')::timestamp at time zone 'UTC';
      get diagnostics _moved = row_count;
      execute format('alter table public.telemetry_volume attach partition private.%I for values from (%L) to (%L)',
        _name, _month::timestamp at time zone 'UTC', (_month + interval '1 month')::timestamp at time zone 'UTC');
      action := 'created'; partition_name := _name; moved_rows := _moved;
      return next;
    end if;
    _month := (_month + interval '1 month')::date;
  end loop;

  -- Whole months past retention go at once (the purge deletes the rows of a month only partly past it).
  if not coalesce(_drop_expired, true) then
    return;
  end if;
  for _old in
    select c.relname,
           make_date(substring(c.relname from 'y(\d{4})m')::integer, substring(c.relname from 'm(\d{2})$')::integer, 1) as month
      from pg_inherits i join pg_class c on c.oid = i.inhrelid
     where i.inhparent = 'public.telemetry_volume'::regclass and c.relname ~ '^telemetry_volume_y\d{4}m\d{2}$'
  loop
    if _old.month + interval '1 month' <= (now() at time zone 'UTC') - make_interval(days => _keep_days) then
      execute format('select count(*) from private.%I', _old.relname) into _moved;
      execute format('drop table private.%I', _old.relname);
      perform private.record_audit('retention.partition_dropped', 'retention', _old.relname,
        jsonb_build_object('kept_days', _keep_days, 'deleted', _moved));
      action := 'dropped'; partition_name := _old.relname; moved_rows := _moved;
      return next;
    end if;
  end loop;
end
$$;
comment on function private.maintain_telemetry_volume_partitions(timestamptz, integer, boolean) is
  'Creates the monthly partitions of telemetry_volume from _from''s month (at most as far back as retention.telemetry_volume_days) to _months_ahead months ahead, moving their rows out of the default partition, and with _drop_expired drops months wholly past retention; run daily by the importer worker.';
revoke all on function private.maintain_telemetry_volume_partitions(timestamptz, integer, boolean) from public;
revoke all on function private.telemetry_volume_partition(date) from public;

-- The existing rows: a partition for every month they cover that retention keeps, then the copy.
-- A migration deletes nothing: older rows wait in the default partition for the daily purge.
select private.maintain_telemetry_volume_partitions(
  coalesce((select min(bucket) from public.telemetry_volume_unpartitioned), now()), 2, false);
insert into public.telemetry_volume select * from public.telemetry_volume_unpartitioned;
drop table public.telemetry_volume_unpartitioned;
