-- telemetry_volume by month: rows land in their month's partition (or the default one), the API
-- reaches them only through the parent and its RLS, the maintenance prepares the coming months and
-- moves a month's rows out of the default partition, and drops whole months past retention with an
-- audit row, leaving younger ones.
begin;
select plan(14);

select is((select c.relkind::text from pg_class c where c.oid = 'public.telemetry_volume'::regclass), 'p',
  'telemetry_volume is a partitioned table');
select is((select partition_name from private.maintain_telemetry_volume_partitions(now(), 2, false) limit 1), null,
  'the migration already prepared this month and the next two');
select ok(to_regclass(format('private.%I', private.telemetry_volume_partition((date_trunc('month', now() at time zone 'UTC') + interval '2 months')::date))) is not null,
  'the month after next has its partition');

insert into public.sensors (name) values ('partition-test-sensor');
-- This hour, and a month far older than retention keeps (it has no partition of its own).
insert into public.telemetry_volume (sensor, bucket, event_type, events) values
  ('partition-test-sensor', date_trunc('hour', now()), 'dns', 3),
  ('partition-test-sensor', date_trunc('hour', now() - interval '3000 days'), 'dns', 4);
select is((select tableoid::regclass::text from public.telemetry_volume where sensor = 'partition-test-sensor' and events = 3),
  format('private.%s', private.telemetry_volume_partition(date_trunc('month', now() at time zone 'UTC')::date)),
  'a row lands in its month''s partition');
select is((select tableoid::regclass::text from public.telemetry_volume where sensor = 'partition-test-sensor' and events = 4),
  'private.telemetry_volume_default', 'a row no month covers lands in the default partition');

-- A month within retention whose partition does not exist yet: rows wait in the default
-- partition, and the maintenance moves them into the new one.
set local session_replication_role = replica;
update public.settings set value = '395' where key = 'retention.telemetry_volume_days';
reset session_replication_role;
insert into public.telemetry_volume (sensor, bucket, event_type, events) values
  ('partition-test-sensor', date_trunc('hour', now() - interval '100 days'), 'http', 5);
select is((select tableoid::regclass::text from public.telemetry_volume where sensor = 'partition-test-sensor' and events = 5),
  'private.telemetry_volume_default', 'a month without a partition waits in the default one');
select ok((select count(*) from private.maintain_telemetry_volume_partitions(now() - interval '100 days', 2, false)
            where action = 'created' and moved_rows = 1) = 1,
  'the maintenance creates that month''s partition and moves its row');
select is((select tableoid::regclass::text from public.telemetry_volume where sensor = 'partition-test-sensor' and events = 5),
  format('private.%s', private.telemetry_volume_partition(date_trunc('month', (now() - interval '100 days') at time zone 'UTC')::date)),
  'the row is in its month''s partition now');
select is((select count(*)::int from public.telemetry_volume where sensor = 'partition-test-sensor'), 3,
  'nothing lost on the way');

-- Retention shortened to 30 days: that month (100 days old) is wholly past it and goes, audited.
set local session_replication_role = replica;
update public.settings set value = '30' where key = 'retention.telemetry_volume_days';
reset session_replication_role;
select is((select sum(moved_rows)::int from private.maintain_telemetry_volume_partitions() where action = 'dropped'), 1,
  'a month wholly past retention is dropped with its row');
select is((select count(*)::int from public.telemetry_volume where sensor = 'partition-test-sensor'), 2,
  'this month''s row stays (and the default partition''s, for the row-by-row purge)');
select is((select details ->> 'deleted' from public.audit_trail where action = 'retention.partition_dropped'
             and target_id = private.telemetry_volume_partition(date_trunc('month', (now() - interval '100 days') at time zone 'UTC')::date)),
  '1', 'the drop is in the audit trail with its row count');

-- The API sees the parent only: partitions are in private, out of the API's reach.
set local role authenticated;
select is((select count(*)::int from public.telemetry_volume where sensor = 'partition-test-sensor'), 2,
  'a signed-in user reads through the parent');
select throws_ok($$ select * from private.telemetry_volume_default $$, '42501', null,
  'but not a partition directly');
reset role;

select * from finish();
rollback;
