import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedFile } from '../src/testing/shared-data.js';
import {
  runTelemetryImport,
  type TelemetryImportOptions,
} from '../src/telemetry-import/run-telemetry-import.js';
import { WorkspaceImportFailed } from '../src/workspace-import/import-run.js';
import { signedInAnalyst } from './helpers/analyst.js';
import { count, emptyKnowledgeBase, importFiles, openDb, tempFile } from './helpers/db.js';

let db: pg.Client;

/** Indicators the events below contact, inserted as an analyst would (canonical values). */
const KNOWN = {
  ip: '203.0.113.66',
  domain: 'c2.evil-telemetry.test',
  url: 'http://dropper.evil-telemetry.test/payload.bin',
  weak: '198.51.100.77',
  red: '192.0.2.99',
};

const eve = (event: Record<string, unknown>) =>
  JSON.stringify({ timestamp: '2026-11-24T10:00:00.000000+0000', host: 'edge-fw-01', ...event });

const EVE_LINES = [
  eve({
    event_type: 'flow',
    src_ip: '10.0.0.5',
    src_port: 50000,
    dest_ip: KNOWN.ip,
    dest_port: 443,
    proto: 'TCP',
  }),
  eve({
    timestamp: '2026-11-24T11:00:00.000000+0000',
    event_type: 'dns',
    src_ip: '10.0.0.5',
    dest_ip: '10.0.0.1',
    proto: 'UDP',
    dns: { type: 'query', rrname: KNOWN.domain, rrtype: 'A' },
  }),
  '{"timestamp": "2026-11-24T11:30:00Z", "event_type": ', // truncated: a reject, the rest imports
  eve({
    timestamp: '2026-11-24T12:00:00.000000+0000',
    event_type: 'http',
    src_ip: '10.0.0.6',
    src_port: 50001,
    dest_ip: '198.18.0.10',
    dest_port: 80,
    proto: 'TCP',
    http: {
      hostname: 'dropper.evil-telemetry.test',
      url: '/payload.bin',
      http_method: 'GET',
      http_user_agent: '<script>alert(1)</script>',
      status: 200,
    },
  }),
  eve({ event_type: 'flow', src_ip: '10.0.0.7', dest_ip: KNOWN.weak, dest_port: 22, proto: 'TCP' }),
  eve({ event_type: 'flow', src_ip: '10.0.0.8', dest_ip: KNOWN.red, dest_port: 8443, proto: 'TCP' }),
  eve({ event_type: 'flow', src_ip: '10.0.0.9', dest_ip: '198.18.0.200', dest_port: 443, proto: 'TCP' }),
];

const importTelemetry = (inputs: string[], options: Partial<TelemetryImportOptions> = {}) =>
  runTelemetryImport(db, { inputs, ...options });

async function alertFor(value: string) {
  const { rows } = await db.query<{
    id: string;
    status: string;
    hit_count: number;
    rule_key: string;
    metadata: {
      evidence: Record<string, unknown>;
      first_evidence: Record<string, unknown>;
      rule: { key: string };
    };
    sighting_id: string | null;
  }>(
    `select a.* from public.enhanced_security_alerts a join public.indicators i on i.id = a.indicator_id
      where i.value = $1 and a.rule_key = 'telemetry-indicator' order by a.created_at`,
    [value],
  );
  return rows;
}

beforeAll(async () => {
  db = await openDb();
  await emptyKnowledgeBase(db);
  await db.query(`delete from public.enhanced_security_alerts where rule_key is not null`);
  await db.query(
    `insert into public.indicators (type, value, confidence, tlp) values
       ('ipv4', $1, 90, 'amber'), ('domain', $2, 80, 'green'), ('url', $3, 75, 'clear'),
       ('ipv4', $4, 20, 'clear'), ('ipv4', $5, 95, 'red')`,
    [KNOWN.ip, KNOWN.domain, KNOWN.url, KNOWN.weak, KNOWN.red],
  );
});
afterAll(async () => db.end());

describe('telemetry import: events matched against indicators become sightings and alerts', () => {
  const file = () => tempFile('eve.json', `${EVE_LINES.join('\n')}\n`);

  it('imports EVE, rejects the malformed line by number and keeps the rest', async () => {
    const run = await importTelemetry([file()]);
    expect(run).toMatchObject({ format: 'suricata-eve', status: 'succeeded', rejected: 1 });
    expect(run.rejects[0]!.where).toBe('line 3');
    expect(run.counts).toMatchObject({ events: 6, matchedEvents: 5, sensors: ['edge-fw-01'] });
    expect(run.inserted).toBe(5);
    const runs = await count(
      db,
      `select 1 from public.import_runs where format = 'suricata-eve' and status = 'succeeded'`,
    );
    expect(runs).toBe(1);
  });

  it('records one sighting per indicator and sensor, with the event that matched', async () => {
    const { rows } = await db.query<{
      value: string;
      count: number;
      last_event: Record<string, unknown>;
      where_sighted_refs: string[];
    }>(
      `select i.value, s.count, s.last_event, s.where_sighted_refs from public.sightings s
         join public.indicators i on i.id = s.indicator_id where s.sensor = 'edge-fw-01' order by i.value`,
    );
    expect(rows.map((r) => r.value).sort()).toEqual(
      [KNOWN.red, KNOWN.weak, KNOWN.ip, KNOWN.domain, KNOWN.url].sort(),
    );
    const url = rows.find((r) => r.value === KNOWN.url)!;
    // Hostile text is stored raw; rendering it inert is the UI's job.
    expect(url.last_event).toMatchObject({ event_type: 'http', user_agent: '<script>alert(1)</script>' });
    expect(url.where_sighted_refs[0]).toMatch(/^identity--/);
  });

  it('raises one alert per indicator that passes the rule, with its evidence', async () => {
    const [ip] = await alertFor(KNOWN.ip);
    expect(ip).toMatchObject({ status: 'new', hit_count: 1, rule_key: 'telemetry-indicator' });
    expect(ip!.metadata.rule.key).toBe('telemetry-indicator');
    expect(ip!.metadata.evidence).toMatchObject({ sensor: 'edge-fw-01', value: KNOWN.ip, events: 1 });
    expect(ip!.sighting_id).toMatch(/^sighting--/);
    expect(await alertFor(KNOWN.domain)).toHaveLength(1);
    expect(await alertFor(KNOWN.url)).toHaveLength(1);
  });

  it('below the confidence threshold or marked RED: a sighting, no alert', async () => {
    expect(await alertFor(KNOWN.weak)).toHaveLength(0);
    expect(await alertFor(KNOWN.red)).toHaveLength(0);
    expect(
      await count(
        db,
        `select 1 from public.sightings s join public.indicators i on i.id = s.indicator_id where i.value = $1`,
        [KNOWN.red],
      ),
    ).toBe(1);
  });

  it('counts volume per sensor, hour and event type', async () => {
    const { rows } = await db.query<{ bucket: Date; event_type: string; events: string; matched: string }>(
      `select bucket, event_type, events, matched from public.telemetry_volume where sensor = 'edge-fw-01' order by bucket, event_type`,
    );
    expect(
      rows.map((r) => [r.bucket.toISOString(), r.event_type, Number(r.events), Number(r.matched)]),
    ).toEqual([
      ['2026-11-24T10:00:00.000Z', 'flow', 4, 3],
      ['2026-11-24T11:00:00.000Z', 'dns', 1, 1],
      ['2026-11-24T12:00:00.000Z', 'http', 1, 1],
    ]);
    const { rows: sensors } = await db.query(
      `select events, matched_events from public.sensors where name = 'edge-fw-01'`,
    );
    expect(sensors[0]).toMatchObject({ events: '6', matched_events: '5' });
  });

  it('the same events again grow the sightings and update the open alerts instead of raising new ones', async () => {
    const run = await importTelemetry([file()]);
    expect(run).toMatchObject({ inserted: 0, updated: 5 });
    const alerts = await alertFor(KNOWN.ip);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.hit_count).toBe(2);
    const { rows } = await db.query(
      `select s.count from public.sightings s join public.indicators i on i.id = s.indicator_id where i.value = $1`,
      [KNOWN.ip],
    );
    expect(rows[0]).toMatchObject({ count: 2 });
  });

  it('a hit soon after an analyst dismissed the alert is counted on it, not raised again', async () => {
    const [alert] = await alertFor(KNOWN.domain);
    await db.query(
      `update public.enhanced_security_alerts set status = 'dismissed', dismissal_reason = 'lab traffic' where id = $1`,
      [alert!.id],
    );
    await importTelemetry([file()]);
    const after = await alertFor(KNOWN.domain);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ status: 'dismissed', hit_count: 3 });
  });

  it('names the sensor with --sensor and reads Zeek TSV', async () => {
    const run = await importTelemetry(
      [sharedFile('network-telemetry/zeek-tsv-ctu-sme-11-conn.log.labeled')],
      {
        sensor: 'branch-zeek',
      },
    );
    expect(run).toMatchObject({ format: 'zeek', status: 'succeeded', rejected: 0 });
    expect(run.counts).toMatchObject({ events: 766, sensors: ['branch-zeek'] });
  });

  it('refuses a file that is not telemetry and writes nothing', async () => {
    const before = await count(db, 'select 1 from public.sightings');
    await expect(importTelemetry([tempFile('notes.txt', 'hello\nworld\n')])).rejects.toBeInstanceOf(
      WorkspaceImportFailed,
    );
    await expect(
      importTelemetry([sharedFile('abusech/feodotracker-ipblocklist-2024-04-04.csv')], {
        format: 'suricata-eve',
      }),
    ).rejects.toThrow(/not suricata-eve telemetry/);
    expect(await count(db, 'select 1 from public.sightings')).toBe(before);
  });

  it('a revoked, an expired and a decayed indicator are seen, recorded with the reason, and raise no alert', async () => {
    const stale = { revoked: '203.0.113.81', expired: '203.0.113.82', decayed: '203.0.113.83' };
    await db.query(
      `insert into public.indicators (type, value, confidence, tlp, revoked, valid_until, last_seen) values
         ('ipv4', $1, 90, 'clear', true, null, now()), ('ipv4', $2, 90, 'clear', false, now() - interval '1 day', now()),
         ('ipv4', $3, 90, 'clear', false, null, now() - interval '200 days')`,
      [stale.revoked, stale.expired, stale.decayed],
    );
    const lines = Object.values(stale).map((ip) =>
      eve({ event_type: 'flow', src_ip: '10.0.0.5', dest_ip: ip, dest_port: 443, proto: 'TCP' }),
    );
    const run = await importTelemetry([tempFile('stale.json', `${lines.join('\n')}\n`)], {
      sensor: 'stale-fw',
    });
    expect(run.counts).toMatchObject({ events: 3, matchedEvents: 3 });
    const { rows } = await db.query<{ value: string; suppressed_reason: string }>(
      `select i.value, s.suppressed_reason from public.sightings s join public.indicators i on i.id = s.indicator_id
        where s.sensor = 'stale-fw' order by i.value`,
    );
    expect(rows).toEqual([
      { value: stale.revoked, suppressed_reason: 'revoked' },
      { value: stale.expired, suppressed_reason: 'expired' },
      { value: stale.decayed, suppressed_reason: 'decayed' },
    ]);
    for (const ip of Object.values(stale)) expect(await alertFor(ip)).toHaveLength(0);
  });
});

describe('threat hunting: values checked in one set-based query, as the analyst', () => {
  it('answers the matches with their input position, context and sightings', async () => {
    await importFiles(db, [sharedFile('abusech/feodotracker-ipblocklist-2024-04-04.csv')]);
    const analyst = await signedInAnalyst();
    const { data, error } = await analyst.rpc('hunt_indicators', {
      _types: ['domain', 'ipv4', 'ipv4', 'url'],
      _values: ['unknown.example', KNOWN.ip, KNOWN.red, KNOWN.url],
    });
    expect(error).toBeNull();
    // The RED indicator exists for admins with MFA only: an analyst's hunt does not find it.
    expect(data!.map((row: { ordinal: number; value: string }) => [row.ordinal, row.value])).toEqual([
      [2, KNOWN.ip],
      [4, KNOWN.url],
    ]);
    expect(data![0]).toMatchObject({ sightings: 3, sensors: ['edge-fw-01'], confidence: 90 });
  });

  it('refuses more than 100,000 values and unpaired arrays with clear errors', async () => {
    // Through the API a request that large is refused by the body limit first (the page sends
    // slices); the function's own limit holds for any caller.
    const many = Array.from(
      { length: 100_001 },
      (_, i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    );
    await expect(
      db.query('select * from public.hunt_indicators($1::public.indicator_type[], $2::text[])', [
        many.map(() => 'ipv4'),
        many,
      ]),
    ).rejects.toThrow(/at most 100,000 values at once \(100001 given\)/);
    const analyst = await signedInAnalyst();
    const unpaired = await analyst.rpc('hunt_indicators', {
      _types: ['ipv4'],
      _values: ['1.2.3.4', '5.6.7.8'],
    });
    expect(unpaired.error?.message).toMatch(/must pair up/);
  });
});
