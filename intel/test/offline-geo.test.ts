/**
 * Issue 30 §1 end to end: the offline AS and country of address indicators through the REST
 * contract, canonical ranges, JA3 and ASNs, and telemetry matched by range and by AS (alerts
 * naming the range or the AS; listed addresses and expired indicators raise none).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annotateIndicators } from '../src/geo/annotate-indicators.js';
import { runTelemetryImport } from '../src/telemetry-import/run-telemetry-import.js';
import { signedInAnalyst } from './helpers/analyst.js';
import { emptyKnowledgeBase, importFiles, openDb, tempFile } from './helpers/db.js';

let db: pg.Client;
let analyst: SupabaseClient;

/** Values as feeds send them: spaced ASN, a range with host bits, an upper-case JA3. */
const EVENT = {
  Event: {
    uuid: '5ec81ad5-0000-4000-8000-000000003001',
    info: 'Offline enrichment',
    date: '2026-11-20',
    Attribute: [
      ['ip-dst', '1.1.1.1'],
      ['ip-dst', '2606:4700:4700:0000:0000:0000:0000:1111'],
      ['AS', 'as13335'],
      ['AS', 'AS 15169'],
      ['ip-dst', '10.1.2.3/8'],
      ['ip-dst', '2001:DB8:ABCD:0012::1/48'],
      ['ja3-fingerprint-md5', 'E7D705A3286E19EA42F587B344EE6865'],
      ['domain', 'no-address.example'],
    ].map(([type, value], i) => ({
      type,
      value,
      to_ids: true,
      uuid: `5ec81ad5-0000-4000-8000-00000000310${i}`,
    })),
  },
};

function eve(sensor: string, flows: [src: string, dest: string][]): string {
  const lines = flows.map(([src, dest], i) =>
    JSON.stringify({
      timestamp: `2026-11-24T10:00:0${i}.000000+0000`,
      event_type: 'flow',
      host: sensor,
      src_ip: src,
      src_port: 50000 + i,
      dest_ip: dest,
      dest_port: 443,
      proto: 'TCP',
      flow: { pkts_toserver: 3, pkts_toclient: 2, bytes_toserver: 300, bytes_toclient: 200 },
    }),
  );
  return tempFile(`${sensor}.eve.json`, `${lines.join('\n')}\n`);
}

const alerts = async (sensor: string) =>
  (
    await db.query<{ title: string; value: string }>(
      `select a.title, i.value from public.enhanced_security_alerts a join public.indicators i on i.id = a.indicator_id
        where a.rule_key = 'telemetry-indicator' and a.metadata #>> '{evidence,sensor}' = $1 order by i.value`,
      [sensor],
    )
  ).rows;

beforeAll(async () => {
  db = await openDb();
  await emptyKnowledgeBase(db);
  await db.query(`delete from public.enhanced_security_alerts where rule_key is not null`);
  await db.query('delete from public.exclusion_entries');
  await db.query('delete from public.warninglists');
  analyst = await signedInAnalyst();
  const run = await importFiles(db, [tempFile('geo.misp.json', JSON.stringify(EVENT))], { format: 'misp' });
  expect(run.rejected).toBe(0);
}, 180_000);
afterAll(async () => db.end());

describe('offline ASN and country (issue 30 §1)', () => {
  it('stores ranges, ASNs and JA3 canonically', async () => {
    const { rows } = await db.query<{ row: string }>(
      `select type || ' ' || value as row from public.indicators where type <> 'domain' order by type::text, value`,
    );
    expect(rows.map((r) => r.row)).toEqual([
      'asn AS13335',
      'asn AS15169',
      'ipv4 1.1.1.1',
      'ipv4-cidr 10.0.0.0/8',
      'ipv6 2606:4700:4700::1111',
      'ipv6-cidr 2001:db8:abcd::/48',
      'ja3 e7d705a3286e19ea42f587b344ee6865',
    ]);
  });

  it('1.1.1.1 carries AS13335, its name and a country through REST (select and asn=eq.13335)', async () => {
    const { data, error } = await analyst
      .from('indicators')
      .select('value,asn,as_name,country')
      .eq('asn', 13335)
      .order('value');
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        value: '1.1.1.1',
        asn: 13335,
        as_name: 'Cloudflare, Inc.',
        country: expect.stringMatching(/^[A-Z]{2}$/),
      },
      {
        value: '2606:4700:4700::1111',
        asn: 13335,
        as_name: 'Cloudflare, Inc.',
        country: expect.stringMatching(/^[A-Z]{2}$/),
      },
      { value: 'AS13335', asn: 13335, as_name: 'Cloudflare, Inc.', country: null },
    ]);
    const other = await analyst
      .from('indicators')
      .select('value,asn,as_name,country')
      .eq('value', 'no-address.example');
    expect(other.data).toEqual([{ value: 'no-address.example', asn: null, as_name: null, country: null }]);
    const country = data![0]!.country as string;
    const byCountry = await analyst
      .from('indicators')
      .select('value')
      .eq('country', country)
      .eq('type', 'ipv4');
    expect(byCountry.data).toEqual([{ value: '1.1.1.1' }]);
  });

  it('Threat Analytics counts address indicators per country and AS', async () => {
    const { data, error } = await analyst.rpc('analytics_indicators_by_network', { _top: 5 });
    expect(error).toBeNull();
    expect(data).toContainEqual({
      dimension: 'asn',
      key: '13335',
      label: 'AS13335 Cloudflare, Inc.',
      indicators: 2,
    });
    expect((data as { dimension: string }[]).some((r) => r.dimension === 'country')).toBe(true);
  });

  it('a flow into an imported range alerts naming the range; into an AS, naming the AS', async () => {
    const run = await runTelemetryImport(db, {
      inputs: [
        eve('geo-fw', [
          ['10.9.8.7', '1.0.0.1'],
          ['192.0.2.5', '2001:db8:abcd:7::9'],
        ]),
      ],
    });
    expect(run.counts).toMatchObject({ events: 2, matchedEvents: 2 });
    expect((await alerts('geo-fw')).map((a) => a.title).sort()).toEqual([
      'Asn AS13335 seen by geo-fw',
      'Ipv4-Cidr 10.0.0.0/8 seen by geo-fw',
      'Ipv6-Cidr 2001:db8:abcd::/48 seen by geo-fw',
    ]);
    // The sighting's event carries the AS and country of its addresses.
    const { rows } = await db.query<{ last_event: Record<string, unknown> }>(
      `select s.last_event from public.sightings s join public.indicators i on i.id = s.indicator_id
        where s.sensor = 'geo-fw' and i.value = 'AS13335'`,
    );
    expect(rows[0]!.last_event).toMatchObject({
      dest_ip: '1.0.0.1',
      dest_asn: 13335,
      dest_as_name: 'Cloudflare, Inc.',
    });
    expect(rows[0]!.last_event.src_asn).toBeUndefined();
  });

  it('an address on an exclusion list and an expired AS indicator raise no alert', async () => {
    const { data: list } = await analyst
      .from('exclusion_lists')
      .select('id')
      .eq('name', 'Local exclusions')
      .single();
    const added = await analyst.rpc('add_exclusion', {
      _list_id: list!.id,
      _kind: 'cidr',
      _value: '10.20.0.0/16',
      _reason: 'Our own office network',
    });
    expect(added.error).toBeNull();
    await db.query(
      `update public.indicators set valid_until = now() - interval '1 day' where value = 'AS15169'`,
    );
    const run = await runTelemetryImport(db, {
      inputs: [
        eve('geo-fw-2', [
          ['192.0.2.5', '10.20.1.1'],
          ['192.0.2.5', '8.8.8.8'],
          ['192.0.2.5', '10.30.1.1'],
        ]),
      ],
    });
    expect(run.counts).toMatchObject({ events: 3, listedAddressHits: 1 });
    expect((await alerts('geo-fw-2')).map((a) => a.value)).toEqual(['10.0.0.0/8']);
    const { rows } = await db.query<{ value: string; suppressed_reason: string | null }>(
      `select i.value, s.suppressed_reason from public.sightings s join public.indicators i on i.id = s.indicator_id
        where s.sensor = 'geo-fw-2' order by i.value`,
    );
    expect(rows).toEqual([
      { value: '10.0.0.0/8', suppressed_reason: null },
      { value: 'AS15169', suppressed_reason: 'expired' },
    ]);
  });

  it('geo update writes the AS and country again, only where they changed', async () => {
    await db.query(
      `update public.indicators set asn = null, as_name = null, country = null where value = '1.1.1.1'`,
    );
    const done = await annotateIndicators(db, { batchSize: 2 });
    expect(done).toEqual({ read: 4, changed: 1 });
    const { rows } = await db.query(`select asn, as_name from public.indicators where value = '1.1.1.1'`);
    expect(rows).toEqual([{ asn: '13335', as_name: 'Cloudflare, Inc.' }]);
  });
});
