import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedFile } from '../src/testing/shared-data.js';
import { signedInAnalyst } from './helpers/analyst.js';
import { count, emptyKnowledgeBase, importFiles, openDb } from './helpers/db.js';

let db: pg.Client;
beforeAll(async () => {
  db = await openDb();
  await emptyKnowledgeBase(db);
});
afterAll(async () => db.end());

describe('STIX: ATT&CK, bundles, MISP', () => {
  it('imports the whole ATT&CK enterprise bundle (24,771 objects), revoked and deprecated kept', async () => {
    const run = await importFiles(db, [sharedFile('mitre-attack/enterprise-attack-18.1.stix20.json.gz')]);
    expect(run).toMatchObject({ format: 'attack', source: 'MITRE ATT&CK', status: 'succeeded', records: 24771, rejected: 0 });
    expect(run.inserted).toBe(24771);
    console.log(`ATT&CK enterprise: ${run.records} objects in ${run.seconds.toFixed(1)} s`);
    expect(await count(db, `select 1 from public.intel_objects where type = 'x-mitre-tactic'`)).toBe(14);
    expect(await count(db, `select 1 from public.intel_objects where revoked`)).toBeGreaterThan(0);
    expect(await count(db, `select 1 from public.intel_objects where deprecated`)).toBeGreaterThan(0);
    const { rows } = await db.query(`select name, external_ids, platforms, kill_chain_phases from public.intel_objects where 'T1059.001' = any(external_ids)`);
    expect(rows[0].name).toBe('PowerShell');
    expect(rows[0].kill_chain_phases).toEqual([{ kill_chain_name: 'mitre-attack', phase_name: 'execution' }]);
  });

  it('re-importing ATT&CK changes nothing', async () => {
    const again = await importFiles(db, [sharedFile('mitre-attack/enterprise-attack-18.1.stix20.json.gz')]);
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 24771 });
  });

  it('finds an actor by alias for the one-box search', async () => {
    const analyst = await signedInAnalyst();
    const { data, error } = await analyst.from('intel_objects').select('name, type').contains('lookup_names', ['fancy bear']);
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'APT28', type: 'intrusion-set' }]);
  });

  it('imports a STIX 2.1 report bundle: typed indicators, objects and relationships', async () => {
    const run = await importFiles(db, [sharedFile('stix2-examples/threat-reports/poisonivy.json')]);
    expect(run.format).toBe('stix');
    expect(run.rejected).toBe(0);
    expect(run.inserted + run.updated + run.unchanged + run.ignored).toBe(run.records);
  });

  it('imports a MISP event: to_ids attributes become indicators, galaxies become malware and actors', async () => {
    const run = await importFiles(db, [sharedFile('eset-misp-events/turla_misp-turla-comrat-v4-event.json')]);
    expect(run.format).toBe('misp');
    expect(run.rejected).toBe(0);
    expect((run.counts.byKind as Record<string, { inserted: number }>).indicators!.inserted).toBeGreaterThan(0);
    expect(await count(db, `select 1 from public.intel_objects where type = 'report'`)).toBeGreaterThan(0);
  });

  it('imports MISP galaxy clusters with their synonyms', async () => {
    const run = await importFiles(db, [sharedFile('misp-galaxy/cluster-ransomware.json')]);
    expect(run.format).toBe('misp-galaxy');
    expect(run.inserted).toBeGreaterThan(100);
  });
});
