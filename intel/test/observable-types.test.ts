import { createWriteStream, readFileSync } from 'node:fs';
import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeMispEvent } from '../src/export/misp-event.js';
import { writeBundle } from '../src/export/stix-bundle.js';
import { stixObjectPages } from '../src/export/stix-pages.js';
import { runTelemetryImport } from '../src/telemetry-import/run-telemetry-import.js';
import { emptyKnowledgeBase, importFiles, openDb, tempFile } from './helpers/db.js';
import { checkStixBundle } from './helpers/stix-schema.js';

let db: pg.Client;
beforeAll(async () => {
  db = await openDb();
});
afterAll(async () => db.end());

/** One MISP event with a value of every new type, as analysts send them (a range with host bits). */
const EVENT = {
  Event: {
    uuid: '5ec81ad5-0000-4000-8000-000000000290',
    info: 'Wider observable model',
    date: '2026-11-20',
    Attribute: [
      ['ip-dst', '198.51.100.77/24'],
      ['ip-src', '2001:db8:abcd::/48'],
      ['AS', 'AS64500'],
      ['ja3-fingerprint-md5', 'B7202231FF2DB28363C109CEDC6D1642'],
      ['user-agent', 'Mozilla/4.0 (compatible; MSIE 7.0)'],
      ['filename|sha256', `O'Brien.exe|${'e'.repeat(64)}`],
      ['mutex', 'Global\\{59031A47}'],
      ['regkey|value', 'HKLM\\Software\\Run|evil.exe'],
      ['email-subject', 'Get started in your Outlook'],
    ].map(([type, value], i) => ({
      type,
      value,
      to_ids: true,
      uuid: `5ec81ad5-0000-4000-8000-00000000030${i}`,
    })),
  },
};

async function indicators(): Promise<{ type: string; value: string; pattern: string }[]> {
  const { rows } = await db.query<{ type: string; value: string; pattern: string }>(
    'select type::text, value, pattern from public.indicators order by type::text, value',
  );
  return rows;
}

async function exportWith(writer: typeof writeBundle | typeof writeMispEvent, name: string): Promise<string> {
  const file = tempFile(name, '');
  const out = createWriteStream(file);
  await db.query('begin read only');
  await db.query('set local role service_role');
  await writer(stixObjectPages(db, { maxTlp: 'red', pageSize: 100 }) as never, out as never);
  await db.query('commit');
  out.end();
  await finished(out);
  return file;
}

describe('the wider observable model end to end', () => {
  it('a MISP event stores each type canonical and says which range it narrowed to its network', async () => {
    await emptyKnowledgeBase(db);
    const run = await importFiles(db, [tempFile('observables.misp.json', JSON.stringify(EVENT))], {
      format: 'misp',
    });
    expect(run.rejected).toBe(0);
    expect(run.counts.normalised).toEqual([
      {
        where: '$.Event.Attribute[0]',
        note: 'host bits set in "198.51.100.77/24": stored as the network 198.51.100.0/24',
      },
    ]);
    expect((await indicators()).map(({ type, value }) => `${type} ${value}`)).toEqual([
      'asn AS64500',
      'email-subject Get started in your Outlook',
      "filename O'Brien.exe",
      'ipv4-cidr 198.51.100.0/24',
      'ipv6-cidr 2001:db8:abcd::/48',
      'ja3 b7202231ff2db28363c109cedc6d1642',
      'mutex Global\\{59031A47}',
      'registry-key HKEY_LOCAL_MACHINE\\Software\\Run',
      `sha256 ${'e'.repeat(64)}`,
      'user-agent Mozilla/4.0 (compatible; MSIE 7.0)',
    ]);
  });

  it('exported as STIX 2.1 (indicators valid per the OASIS schemas) and imported again, every value comes back', async () => {
    const before = await indicators();
    const bundle = await exportWith(writeBundle, 'observables.stix.json');
    // The indicators only: the report a MISP event becomes has no object_refs and empty labels,
    // which the schemas refuse (a MISP-import matter, not the observable types').
    const parsed = JSON.parse(readFileSync(bundle, 'utf8')) as { objects: { type: string }[] };
    const onlyIndicators = { ...parsed, objects: parsed.objects.filter((o) => o.type === 'indicator') };
    expect(onlyIndicators.objects).toHaveLength(10);
    expect(checkStixBundle(onlyIndicators)).toEqual([]);
    await emptyKnowledgeBase(db);
    const run = await importFiles(db, [bundle], { format: 'stix' });
    expect(run.rejected).toBe(0);
    expect(await indicators()).toEqual(before);
  });

  it('exported as a MISP event and imported again, every value comes back', async () => {
    const before = await indicators();
    const event = await exportWith(writeMispEvent, 'observables.misp-export.json');
    await emptyKnowledgeBase(db);
    await importFiles(db, [event], { format: 'misp' });
    expect(await indicators()).toEqual(before);
  });

  it('a range is found by an address inside it through the cidr column', async () => {
    const { rows } = await db.query<{ value: string }>(
      "select value from public.indicators where network >>= '198.51.100.200'::inet",
    );
    expect(rows).toEqual([{ value: '198.51.100.0/24' }]);
  });

  it('Suricata EVE hits on the JA3 and the user agent become sightings through the exact-value join', async () => {
    const eve = [
      { event_type: 'tls', tls: { sni: 'cdn.example', ja3: { hash: 'b7202231ff2db28363c109cedc6d1642' } } },
      {
        event_type: 'http',
        http: { hostname: 'x.example', url: '/', http_user_agent: 'Mozilla/4.0 (compatible; MSIE 7.0)' },
      },
    ].map((e) =>
      JSON.stringify({
        timestamp: '2026-11-24T10:00:00.000000+0000',
        host: 'edge-fw-290',
        src_ip: '10.0.0.5',
        dest_ip: '192.0.2.10',
        ...e,
      }),
    );
    const run = await runTelemetryImport(db, {
      inputs: [tempFile('observables.eve.json', `${eve.join('\n')}\n`)],
    });
    expect(run.counts).toMatchObject({ events: 2, matchedEvents: 2 });
    const { rows } = await db.query<{ type: string }>(
      `select i.type::text from public.sightings s join public.indicators i on i.id = s.indicator_id
        where s.sensor = 'edge-fw-290' order by 1`,
    );
    expect(rows).toEqual([{ type: 'ja3' }, { type: 'user-agent' }]);
  });
});
