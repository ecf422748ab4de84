import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyKnowledgeBase, importFiles, openDb, tempFile } from './helpers/db.js';

let db: pg.Client;
beforeAll(async () => {
  db = await openDb();
});
afterAll(async () => db.end());

/** A MISP event (its PAP tag, if any) with one attribute carrying its own PAP tag and one without. */
function event(eventPap: string | null, attributePap: string | null) {
  return {
    Event: {
      uuid: '5ec81ad5-0000-4000-8000-000000000400',
      info: 'PAP marked event',
      date: '2026-11-20',
      Tag: eventPap ? [{ name: eventPap }] : [],
      Attribute: [
        {
          type: 'domain',
          value: 'own-pap.pap-import.example',
          to_ids: true,
          uuid: '5ec81ad5-0000-4000-8000-000000000401',
          Tag: attributePap ? [{ name: attributePap }] : [],
        },
        {
          type: 'domain',
          value: 'event-pap.pap-import.example',
          to_ids: true,
          uuid: '5ec81ad5-0000-4000-8000-000000000402',
        },
      ],
    },
  };
}

async function reportPap(): Promise<Record<string, string>> {
  const { rows } = await db.query<{ value: string; pap: string }>(
    `select i.value, r.pap::text as pap from public.indicator_sources r join public.indicators i on i.id = r.indicator_id
      where i.value like '%.pap-import.example' order by i.value`,
  );
  return Object.fromEntries(rows.map((r) => [r.value, r.pap]));
}

describe('PAP from MISP tags', () => {
  it('a report carries its attribute’s PAP tag, else its event’s; PAP:AMBER values stay out of exports', async () => {
    await emptyKnowledgeBase(db);
    const run = await importFiles(
      db,
      [tempFile('pap.misp.json', JSON.stringify(event('PAP:AMBER', 'PAP:GREEN')))],
      {
        format: 'misp',
      },
    );
    expect(run.rejected).toBe(0);
    expect(await reportPap()).toEqual({
      'event-pap.pap-import.example': 'amber',
      'own-pap.pap-import.example': 'green',
    });
    const { rows } = await db.query<{ value: string; shareable: boolean }>(
      `select value, private.pap_allows_sharing(private.indicator_pap(id)) as shareable from public.indicators
        where value like '%.pap-import.example' order by value`,
    );
    expect(rows).toEqual([
      { value: 'event-pap.pap-import.example', shareable: false },
      { value: 'own-pap.pap-import.example', shareable: true },
    ]);
  });

  it('an unchanged re-import changes nothing', async () => {
    const again = await importFiles(
      db,
      [tempFile('pap.misp.json', JSON.stringify(event('PAP:AMBER', 'PAP:GREEN')))],
      {
        format: 'misp',
      },
    );
    expect(again.updated).toBe(0);
    expect(again.inserted).toBe(0);
  });

  it('an unknown PAP tag rejects the record with the reason and keeps the rest', async () => {
    await emptyKnowledgeBase(db);
    const run = await importFiles(
      db,
      [tempFile('bad-pap.misp.json', JSON.stringify(event(null, 'PAP:PURPLE')))],
      {
        format: 'misp',
      },
    );
    expect(run.rejected).toBe(1);
    expect(await reportPap()).toEqual({ 'event-pap.pap-import.example': 'clear' });
  });

  it('a STIX indicator marked with the OASIS PAP:RED definition keeps PAP:RED', async () => {
    await emptyKnowledgeBase(db);
    const bundle = {
      type: 'bundle',
      id: 'bundle--5ec81ad5-0000-4000-8000-000000000410',
      objects: [
        {
          type: 'indicator',
          spec_version: '2.1',
          id: 'indicator--5ec81ad5-0000-4000-8000-000000000411',
          created: '2026-11-20T00:00:00.000Z',
          modified: '2026-11-20T00:00:00.000Z',
          pattern: "[domain-name:value = 'stix-pap.pap-import.example']",
          pattern_type: 'stix',
          valid_from: '2026-11-20T00:00:00.000Z',
          object_marking_refs: ['marking-definition--740d36e5-7714-4c30-961a-3ae632ceee0e'],
        },
      ],
    };
    const run = await importFiles(db, [tempFile('pap.stix.json', JSON.stringify(bundle))], {
      format: 'stix',
    });
    expect(run.rejected).toBe(0);
    expect(await reportPap()).toEqual({ 'stix-pap.pap-import.example': 'red' });
  });
});
