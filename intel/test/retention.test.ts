import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeIfDue } from '../src/connectors/retention.js';
import { openDb } from './helpers/db.js';

/** The worker's daily purge against the test stack: old rows go, recent ones stay, the purge is audited. */
describe('retention purge', () => {
  let db: pg.Client;
  const sensor = `retention-test-${process.pid}`;

  beforeAll(async () => {
    db = await openDb();
    await db.query('insert into public.sensors (name) values ($1)', [sensor]);
    await db.query(
      `insert into public.telemetry_volume (sensor, bucket, event_type, events) values
         ($1, date_trunc('hour', now() - interval '3000 days'), 'alert', 5),
         ($1, date_trunc('hour', now() - interval '1 day'), 'alert', 7)`,
      [sensor],
    );
    // A month long past retention with a partition of its own: the purge drops it whole.
    await db.query(
      `create table private.telemetry_volume_y2020m01 partition of public.telemetry_volume
         for values from ('2020-01-01 00:00:00+00') to ('2020-02-01 00:00:00+00')`,
    );
    await db.query(
      `insert into public.telemetry_volume (sensor, bucket, event_type, events) values ($1, '2020-01-15 10:00:00+00', 'dns', 9)`,
      [sensor],
    );
    await db.query(
      `insert into public.security_events (event_type, severity, source, details, created_at) values
         ('suspicious_activity', 'low', 'server', '{"retention_test": "old"}', now() - interval '3000 days'),
         ('suspicious_activity', 'low', 'server', '{"retention_test": "recent"}', now() - interval '1 day')`,
    );
  });

  afterAll(async () => {
    await db.query('delete from public.sensors where name = $1', [sensor]);
    await db.query(`delete from public.security_events where details ? 'retention_test'`);
    await db.end();
  });

  it('deletes what the retention settings no longer keep and records it in the audit trail', async () => {
    const purged = await purgeIfDue(db, 0);
    expect(purged).toBeDefined();
    const byData = Object.fromEntries(purged!.map((p) => [p.data, p]));
    expect(byData.security_events!.keptDays).toBe(365);
    expect(byData.security_events!.deleted).toBeGreaterThanOrEqual(1);
    expect(byData.telemetry_volume!.keptDays).toBe(395);
    expect(byData.telemetry_volume!.deleted).toBeGreaterThanOrEqual(1);

    const { rows: events } = await db.query<{ which: string }>(
      `select details->>'retention_test' as which from public.security_events where details ? 'retention_test'`,
    );
    expect(events.map((e) => e.which)).toEqual(['recent']);
    const { rows: volume } = await db.query<{ events: string }>(
      'select events from public.telemetry_volume where sensor = $1',
      [sensor],
    );
    expect(volume.map((v) => Number(v.events))).toEqual([7]);
    // The expired month went as a partition, counted with the purge and audited on its own.
    expect(byData.telemetry_volume!.deleted).toBeGreaterThanOrEqual(2);
    const { rows: partition } = await db.query<{ gone: boolean }>(
      `select to_regclass('private.telemetry_volume_y2020m01') is null as gone`,
    );
    expect(partition[0]!.gone).toBe(true);
    const { rows: dropAudit } = await db.query<{ deleted: string }>(
      `select details->>'deleted' as deleted from public.audit_trail
        where action = 'retention.partition_dropped' and target_id = 'telemetry_volume_y2020m01'`,
    );
    expect(dropAudit.map((row) => row.deleted)).toEqual(['1']);

    const { rows: audit } = await db.query<{
      actor_role: string;
      details: Record<string, { deleted: number }>;
    }>(
      `select actor_role, details from public.audit_trail where action = 'retention.purged'
        order by id desc limit 1`,
    );
    expect(audit[0]!.actor_role).toBe('service_role');
    expect(audit[0]!.details.security_events!.deleted).toBe(byData.security_events!.deleted);
  });

  it('does not purge again within the interval, as the audit trail shows one was just done', async () => {
    const { rows: before } = await db.query<{ n: string }>(
      `select count(*) as n from public.audit_trail where action = 'retention.purged'`,
    );
    expect(await purgeIfDue(db)).toBeUndefined();
    const { rows: after } = await db.query<{ n: string }>(
      `select count(*) as n from public.audit_trail where action = 'retention.purged'`,
    );
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('leaves the connection as it found it: its own role again, no transaction open', async () => {
    const { rows } = await db.query<{ role: string; claims: string | null }>(
      `select current_user as role, nullif(current_setting('request.jwt.claims', true), '') as claims`,
    );
    expect(rows[0]!.role).not.toBe('service_role');
    expect(rows[0]!.claims).toBeNull();
  });
});
