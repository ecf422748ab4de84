import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_COLLECTION } from '../src/export/stix-pages.js';
import { sharedFile } from '../src/testing/shared-data.js';
import { signedInAnalyst } from './helpers/analyst.js';
import { count, emptyKnowledgeBase, importFiles, openDb } from './helpers/db.js';
import { IDS, producerA, producerB, VALUE } from './helpers/stix-ids.js';

let db: pg.Client;
beforeAll(async () => {
  db = await openDb();
  await emptyKnowledgeBase(db);
});
afterAll(async () => db.end());

describe('STIX: ATT&CK, bundles, MISP', () => {
  it('imports the whole ATT&CK enterprise bundle (24,771 objects), revoked and deprecated kept', async () => {
    const run = await importFiles(db, [sharedFile('mitre-attack/enterprise-attack-18.1.stix20.json.gz')]);
    expect(run).toMatchObject({
      format: 'attack',
      source: 'MITRE ATT&CK',
      status: 'succeeded',
      records: 24771,
      rejected: 0,
    });
    expect(run.inserted).toBe(24771);
    console.log(`ATT&CK enterprise: ${run.records} objects in ${run.seconds.toFixed(1)} s`);
    expect(await count(db, `select 1 from public.intel_objects where type = 'x-mitre-tactic'`)).toBe(14);
    expect(await count(db, `select 1 from public.intel_objects where revoked`)).toBeGreaterThan(0);
    expect(await count(db, `select 1 from public.intel_objects where deprecated`)).toBeGreaterThan(0);
    const { rows } = await db.query(
      `select name, external_ids, platforms, kill_chain_phases from public.intel_objects where 'T1059.001' = any(external_ids)`,
    );
    expect(rows[0].name).toBe('PowerShell');
    expect(rows[0].kill_chain_phases).toEqual([{ kill_chain_name: 'mitre-attack', phase_name: 'execution' }]);
  });

  it('re-importing ATT&CK changes nothing', async () => {
    const again = await importFiles(db, [sharedFile('mitre-attack/enterprise-attack-18.1.stix20.json.gz')]);
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 24771 });
  });

  it('finds an actor by alias for the one-box search', async () => {
    const analyst = await signedInAnalyst();
    const { data, error } = await analyst
      .from('intel_objects')
      .select('name, type')
      .contains('lookup_names', ['fancy bear']);
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'APT28', type: 'intrusion-set' }]);
  });

  it('imports a STIX 2.1 report bundle: typed indicators, objects and relationships', async () => {
    const run = await importFiles(db, [sharedFile('stix2-examples/threat-reports/poisonivy.json')]);
    expect(run.format).toBe('stix');
    // The report's one malformed value (a space inside a domain) is rejected, the rest kept.
    expect(run.rejects).toEqual([
      { where: '$.objects[42]', reason: 'value: not a domain name: "domain autuo.xicp.net"' },
    ]);
    expect(run.inserted + run.updated + run.unchanged + run.ignored + run.rejected).toBe(run.records);
    expect(run.counts.byKind).toMatchObject({ relationships: { inserted: 90 } });
    expect(
      await count(db, `select 1 from public.intel_objects where type = 'malware' and name ilike '%poison%'`),
    ).toBeGreaterThan(0);
  });

  it('imports a MISP event: to_ids attributes become indicators, galaxies become malware and actors', async () => {
    const run = await importFiles(db, [
      sharedFile('eset-misp-events/winter_vivern_misp-wintervivern.event.json'),
    ]);
    expect(run.format).toBe('misp');
    expect(run).toMatchObject({ records: 35, rejected: 0, ignored: 18 });
    expect(run.counts.ignored).toEqual({
      'MISP attribute without to_ids': 16,
      'MISP attribute type text': 2,
    });
    expect(run.counts.byKind).toMatchObject({ indicators: { inserted: 6 } });
    expect(
      await count(
        db,
        `select 1 from public.intel_objects where type = 'report' and name ilike '%winter vivern%'`,
      ),
    ).toBe(1);
    // Its ATT&CK galaxy clusters share ATT&CK's ids and carry no version: ATT&CK's objects stay as imported.
    expect(run.counts.byKind).toMatchObject({ objects: { inserted: 1, updated: 0, unchanged: 10 } });
  });

  it('imports MISP galaxy clusters with their synonyms', async () => {
    const run = await importFiles(db, [sharedFile('misp-galaxy/cluster-ransomware.json')]);
    expect(run.format).toBe('misp-galaxy');
    expect(run.inserted).toBeGreaterThan(100);
  });
});

describe('STIX ids survive (issue 27 §5)', () => {
  it('two producers, one value: one indicator served under the first id, both ids resolve', async () => {
    await emptyKnowledgeBase(db);
    await importFiles(db, [producerA()], { format: 'stix', source: 'Producer A' });
    await importFiles(db, [producerB()], { format: 'stix', source: 'Producer B' });
    const { rows: indicators } = await db.query(
      `select i.value, i.origin_stix_id, i.stix_id,
              array(select a.stix_id::text from public.indicator_stix_ids a where a.indicator_id = i.id order by 1) as ids
         from public.indicators i where i.value = $1`,
      [VALUE],
    );
    expect(indicators).toHaveLength(1);
    expect(indicators[0]).toMatchObject({ origin_stix_id: IDS.a, ids: [IDS.a, IDS.b].sort() });
    expect(indicators[0].stix_id).not.toBe(IDS.a);

    // Rendered as the server serves it: the relationship sent with B's id points at A, and the
    // link to a malware nobody sent is left out.
    const { rows } = await db.query<{ object: Record<string, unknown> }>(
      `select object from public.taxii_objects($1, _ids => $2)`,
      [ALL_COLLECTION, [IDS.a, IDS.aIndicates, IDS.aIndicatesAbsent, IDS.bIndicates]],
    );
    const byId = new Map(rows.map((r) => [r.object.id, r.object]));
    expect([...byId.keys()].sort()).toEqual([IDS.a, IDS.aIndicates, IDS.bIndicates].sort());
    expect(byId.get(IDS.a)!.x_cti_stix_ids).toEqual([IDS.b, indicators[0].stix_id].sort());
    expect(byId.get(IDS.bIndicates)).toMatchObject({ source_ref: IDS.a, target_ref: IDS.malware });
    expect(byId.get(IDS.aIndicates)).toMatchObject({ source_ref: IDS.a, target_ref: IDS.malware });
    // Found by any of its ids, served under one.
    const { rows: byAlias } = await db.query(`select id from public.taxii_objects($1, _ids => $2)`, [
      ALL_COLLECTION,
      [IDS.b],
    ]);
    expect(byAlias).toEqual([{ id: IDS.a }]);
  });

  it('a value first known without a STIX id takes the first one it arrives with; re-imports change nothing', async () => {
    await emptyKnowledgeBase(db);
    await db.query(`insert into public.indicators (type, value) values ('domain', $1)`, [VALUE]);
    await importFiles(db, [producerB()], { format: 'stix', source: 'Producer B' });
    await importFiles(db, [producerA()], { format: 'stix', source: 'Producer A' });
    const again = await importFiles(db, [producerA()], { format: 'stix', source: 'Producer A' });
    expect(again).toMatchObject({ inserted: 0, updated: 0 });
    const { rows } = await db.query(`select origin_stix_id from public.indicators where value = $1`, [VALUE]);
    expect(rows).toEqual([{ origin_stix_id: IDS.b }]);
  });
});
