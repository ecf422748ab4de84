import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importUpload, takeQueuedUpload, type StorageAccess } from '../src/connectors/upload-import.js';
import { signedInAnalyst, serviceClient } from './helpers/analyst.js';
import { count, emptyKnowledgeBase, openDb } from './helpers/db.js';
import { intelEnv } from './helpers/env.js';

/**
 * Telemetry uploaded from the Network Monitoring page: the analyst's own folder in the
 * telemetry-uploads bucket, request_telemetry_import, and the worker's download → import → removal.
 */

let db: pg.Client;
let analyst: SupabaseClient;
let analystId: string;
let storage: StorageAccess;

const C2 = '203.0.113.177';
const EVE = [
  JSON.stringify({
    timestamp: '2026-11-24T09:00:00.000000+0000',
    host: 'eve-host',
    event_type: 'flow',
    src_ip: '10.1.0.5',
    dest_ip: C2,
    dest_port: 443,
    proto: 'TCP',
  }),
  '{"event_type": "dns", ', // line 2 is cut: a reject with its number, the rest imports
  JSON.stringify({
    timestamp: '2026-11-24T09:05:00.000000+0000',
    event_type: 'flow',
    src_ip: '10.1.0.6',
    dest_ip: '198.18.3.3',
    proto: 'UDP',
  }),
].join('\n');

async function upload(name: string, body: string): Promise<string> {
  const object = `${analystId}/${crypto.randomUUID()}/${name}`;
  const { error } = await analyst.storage
    .from('telemetry-uploads')
    .upload(object, new Blob([body]), { contentType: 'application/json' });
  if (error) throw error;
  return object;
}

async function requestImport(object: string, format?: string, sensor?: string) {
  return analyst.rpc('request_telemetry_import', {
    _object_name: object,
    ...(format ? { _format: format } : {}),
    ...(sensor ? { _sensor: sensor } : {}),
  });
}

async function runNextUpload(access: StorageAccess | undefined) {
  const job = await takeQueuedUpload(db);
  if (!job) throw new Error('no queued upload');
  return importUpload(db, job, access);
}

async function run(id: number) {
  const { rows } = await db.query(`select * from public.import_runs where id = $1`, [id]);
  return rows[0] as Record<string, unknown> & { counts: Record<string, unknown> };
}

async function remaining(object: string): Promise<number> {
  const folder = object.slice(0, object.lastIndexOf('/'));
  const { data } = await serviceClient().storage.from('telemetry-uploads').list(folder);
  return (data ?? []).length;
}

beforeAll(async () => {
  db = await openDb();
  await emptyKnowledgeBase(db);
  await db.query(
    `insert into public.indicators (type, value, confidence, tlp) values ('ipv4', $1, 90, 'amber')`,
    [C2],
  );
  analyst = await signedInAnalyst();
  analystId = (await analyst.auth.getUser()).data.user!.id;
  storage = { apiUrl: intelEnv().apiUrl, serviceRoleKey: intelEnv().serviceRoleKey };
});
afterAll(async () => db.end());

describe('telemetry uploaded from the app', () => {
  it('is imported by the worker like the CLI would: rejects by line, a sighting, an alert, and the file removed', async () => {
    const object = await upload('edge-eve.json', EVE);
    const { data: runId, error } = await requestImport(object, undefined, 'dmz-sensor');
    expect(error).toBeNull();
    expect(await run(runId as number)).toMatchObject({
      status: 'queued',
      format: 'telemetry',
      requested_by: analystId,
    });

    const result = await runNextUpload(storage);
    expect(result).toMatchObject({ result: 'imported', summary: { status: 'succeeded', rejected: 1 } });
    const done = await run(runId as number);
    expect(done).toMatchObject({
      status: 'succeeded',
      format: 'suricata-eve',
      source_name: 'Suricata EVE telemetry',
      records: 3,
      rejected: 1,
    });
    expect(done.rejects).toEqual([expect.objectContaining({ where: 'line 2' })]);
    expect(done.counts).toMatchObject({ events: 2, matchedEvents: 1, sensors: ['dmz-sensor'] });
    const sightings = await count(
      db,
      `select 1 from public.sightings s join public.indicators i on i.id = s.indicator_id
        where i.value = $1 and s.sensor = 'dmz-sensor'`,
      [C2],
    );
    expect(sightings).toBe(1);
    const alerts = await count(
      db,
      `select 1 from public.enhanced_security_alerts a join public.indicators i on i.id = a.indicator_id
        where i.value = $1 and a.rule_key = 'telemetry-indicator'`,
      [C2],
    );
    expect(alerts).toBe(1);
    expect(await remaining(object)).toBe(0);
  });

  it('a file that is not telemetry fails the run with the reason, and is removed too', async () => {
    const object = await upload('assets.csv', 'hostname,ip\nweb01,10.0.0.1\n');
    const { data: runId } = await requestImport(object);
    const result = await runNextUpload(storage);
    expect(result).toMatchObject({ result: 'failed' });
    const failed = await run(runId as number);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/is not Suricata EVE or Zeek telemetry/);
    expect(await remaining(object)).toBe(0);
  });

  it('a worker without storage access fails the run and says why', async () => {
    const object = await upload('late.json', EVE);
    const { data: runId } = await requestImport(object, 'suricata-eve');
    await runNextUpload(undefined);
    expect(await run(runId as number)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/the importer worker cannot reach the uploaded files/),
    });
  });

  it("refuses another person's folder, a file that is not one's own, a bad format or sensor", async () => {
    const stranger = await signedInAnalyst();
    const strangerId = (await stranger.auth.getUser()).data.user!.id;
    const intrusion = await analyst.storage
      .from('telemetry-uploads')
      .upload(`${strangerId}/x/eve.json`, new Blob([EVE]));
    expect(intrusion.error).not.toBeNull();

    const mine = await upload('mine.json', EVE);
    const theirs = await stranger.rpc('request_telemetry_import', { _object_name: mine });
    expect(theirs.error?.message).toBe('That file is not among your telemetry uploads; upload it again');
    const badFormat = await requestImport(mine, 'pcap');
    expect(badFormat.error?.message).toMatch(/suricata-eve or zeek/);
    const badSensor = await requestImport(mine, undefined, 'a\u0007b');
    expect(badSensor.error?.message).toMatch(/control characters/);
  });

  it('lets one person queue at most three imports at a time', async () => {
    const objects = await Promise.all(['a', 'b', 'c', 'd'].map((n) => upload(`${n}.json`, EVE)));
    const waiting = await count(
      db,
      `select 1 from public.import_runs where requested_by = $1 and status in ('queued', 'running')`,
      [analystId],
    );
    const results = [];
    for (const object of objects) results.push(await requestImport(object));
    const refused = results.filter((r) => r.error);
    expect(refused).toHaveLength(1 + waiting);
    expect(refused.at(-1)!.error!.message).toMatch(/already have 3 telemetry imports waiting/);
  });
});
