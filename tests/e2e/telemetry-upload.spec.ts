/**
 * A sensor log uploaded from Network Monitoring: the browser stores it, the importer's worker (run
 * here as `npm start` runs it) imports it on the server, and the page shows the outcome. The EVE file
 * contacts a known indicator, so the upload ends in a sighting for the named sensor and an alert.
 */
import type { ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { withDb } from './support/db';
import { startImporterWorker } from './support/importer-worker';
import { ANALYST_STATE } from './support/paths';

test.use({ storageState: ANALYST_STATE });

let worker: ChildProcess;

test.beforeAll(async () => {
  worker = await startImporterWorker();
});

test.afterAll(() => {
  worker.kill('SIGTERM');
});

test('Network Monitoring: an uploaded EVE log becomes a sighting and an alert', async ({ page }) => {
  const tag = Date.now().toString(36);
  const sensor = `upload-${tag}`;
  // An address of our own: no indicator of the demo, and on none of its warninglists (documentation
  // ranges are: a hit on them is recorded but raises no alert).
  const { c2, indicatorId } = await withDb(async (db) => {
    const { rows } = await db.query<{ c2: string; id: number }>(
      `with candidate as (
         select format('45.%s.%s.%s', 40 + n % 50, (n * 7) % 250 + 1, (n * 13) % 250 + 1) as value
           from generate_series($1::int, $1::int + 200) n
       ), free as (
         select c.value from candidate c
          where not exists (select 1 from public.indicators i where i.type = 'ipv4' and i.value = c.value)
            and private.listed_reason('ipv4', c.value) is null
          limit 1
       )
       insert into public.indicators (type, value, tlp, confidence)
       select 'ipv4', value, 'amber', 90 from free returning value as c2, id`,
      [Date.now() % 10_000],
    );
    return { c2: rows[0]!.c2, indicatorId: rows[0]!.id };
  });
  const eve = [
    JSON.stringify({
      timestamp: new Date().toISOString().replace('Z', '+0000'),
      event_type: 'flow',
      src_ip: '10.20.0.5',
      src_port: 51515,
      dest_ip: c2,
      dest_port: 443,
      proto: 'TCP',
    }),
    '{"event_type": "http", ', // cut short: rejected by its line, the rest imported
  ].join('\n');

  try {
    await page.goto('/platform/network-monitoring');
    await page.getByLabel('Sensor log file').setInputFiles({
      name: 'edge-eve.json',
      mimeType: 'application/json',
      buffer: Buffer.from(eve),
    });
    await page.getByLabel('Format').selectOption('suricata-eve');
    await page.getByLabel('Sensor name (optional)').fill(sensor);
    await page.getByRole('button', { name: 'Import', exact: true }).click();

    await expect(
      page.getByRole('status').filter({ hasText: 'Imported 1 event from 1 sensor' }),
    ).toContainText(
      '1 event matched a known indicator, giving 1 sighting (1 new) and 1 new alert. 1 line could not be read',
      { timeout: 30_000 },
    );
    await expect(page.getByRole('table', { name: /Lines left out/ })).toContainText('line 2');
    // The page reads the sensors again: the new one is there.
    await expect(page.getByRole('button', { name: `Only ${sensor}` })).toBeVisible();

    const alert = await withDb(async (db) => {
      const { rows } = await db.query<{ evidence: { sensor: string; value: string } }>(
        `select metadata->'evidence' as evidence from public.enhanced_security_alerts
          where indicator_id = $1 and rule_key = 'telemetry-indicator'`,
        [indicatorId],
      );
      return rows[0];
    });
    expect(alert?.evidence).toMatchObject({ sensor, value: c2 });
    await page.getByRole('link', { name: 'See the alerts in the Threat Intelligence Hub' }).click();
    await expect(page).toHaveURL(/threat-intelligence-hub/);
  } finally {
    await withDb(async (db) => {
      await db.query(`delete from public.enhanced_security_alerts where indicator_id = $1`, [indicatorId]);
      await db.query(`delete from public.sightings where indicator_id = $1`, [indicatorId]);
      await db.query(`delete from public.telemetry_volume where sensor = $1`, [sensor]);
      await db.query(`delete from public.sensors where name = $1`, [sensor]);
      await db.query(`delete from public.indicators where id = $1`, [indicatorId]);
    });
  }
});

test('Network Monitoring: a Zeek log that counts from the capture start is dated by the start time given', async ({
  page,
}) => {
  const sensor = `zeek-${Date.now().toString(36)}`;
  // Zeek JSON http lines as the Slips test capture writes them: ts is seconds since the capture began.
  const zeek = [29.868252, 30.044629]
    .map((ts, i) =>
      JSON.stringify({
        ts,
        uid: `CAeDWs37Bipk${i}`,
        'id.orig_h': '10.0.2.15',
        'id.orig_p': 49156 + i,
        'id.resp_h': '192.0.2.80',
        'id.resp_p': 80,
        method: 'GET',
        host: 'example.org',
        uri: '/bin.sh',
        status_code: 200,
      }),
    )
    .join('\n');
  try {
    await page.goto('/platform/network-monitoring');
    await page.getByLabel('Sensor log file').setInputFiles({
      name: 'http.log',
      mimeType: 'text/plain',
      buffer: Buffer.from(zeek),
    });
    await page.getByLabel('Sensor name (optional)').fill(sensor);
    await page.getByLabel('Capture start, UTC (optional)').fill('2022-09-24T12:30:00');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Imported 2 events from 1 sensor' })).toBeVisible(
      {
        timeout: 30_000,
      },
    );
    await expect(page.getByRole('table', { name: /Lines left out/ })).toHaveCount(0);
    const first = await withDb(async (db) => {
      const { rows } = await db.query<{ first: Date }>(
        'select first_event_at as first from public.sensors where name = $1',
        [sensor],
      );
      return rows[0]?.first;
    });
    expect(first?.toISOString()).toBe('2022-09-24T12:30:29.868Z');
  } finally {
    await withDb(async (db) => {
      await db.query(`delete from public.telemetry_volume where sensor = $1`, [sensor]);
      await db.query(`delete from public.sensors where name = $1`, [sensor]);
    });
  }
});
