import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DemoStep } from '../src/demo/demo-dataset.js';
import { loadDemoDataset } from '../src/demo/load-demo.js';
import { emptyKnowledgeBase, importFiles, openDb } from './helpers/db.js';
import { sharedFile } from '../src/testing/shared-data.js';

interface LoadRow {
  status: string;
  steps_total: number;
  steps_done: number;
  current_step: string | null;
  error: string | null;
  finished_at: Date | null;
}

/**
 * The demo dataset's background load (what `npm start`'s worker runs): its progress row, resuming
 * after a failure or a stop, never loading twice, one load at a time. Steps are stand-ins that
 * record their runs; the bundled steps themselves run in `npm test` before the browser tests.
 */
describe('demo dataset load', () => {
  let db: pg.Client;
  let ran: string[];
  const step = (label: string, fail?: () => boolean): DemoStep => ({
    label,
    run: async () => {
      // What the app reads while a step runs.
      const { rows } = await db.query<LoadRow>('select * from public.demo_dataset_load');
      ran.push(`${label}@${rows[0]!.steps_done}:${rows[0]!.current_step}`);
      if (fail?.()) throw new Error('the file was refused');
      return {
        import: { source: label, records: 1, inserted: 1, updated: 0, unchanged: 0, rejected: 0, seconds: 0 },
      };
    },
  });
  const row = async () => (await db.query<LoadRow>('select * from public.demo_dataset_load')).rows[0];

  beforeAll(async () => {
    db = await openDb();
  });
  beforeEach(async () => {
    ran = [];
    await emptyKnowledgeBase(db);
    await db.query('delete from public.demo_dataset_load');
  });
  afterAll(async () => {
    await db.query('delete from public.demo_dataset_load');
    await db.end();
  });

  it('loads an empty knowledge base step by step, showing each step while it runs', async () => {
    const steps = [step('ATT&CK'), step('KEV'), step('telemetry')];
    const outcome = await loadDemoDataset(db, { ifEmpty: true, steps });
    expect(outcome).toMatchObject({ loaded: true, resumedAt: 0 });
    expect(ran).toEqual(['ATT&CK@0:ATT&CK', 'KEV@1:KEV', 'telemetry@2:telemetry']);
    expect(await row()).toMatchObject({
      status: 'loaded',
      steps_total: 3,
      steps_done: 3,
      current_step: null,
      error: null,
    });
    expect((await row())!.finished_at).toBeInstanceOf(Date);
  });

  it('a second start does not load it again', async () => {
    await loadDemoDataset(db, { ifEmpty: true, steps: [step('ATT&CK')] });
    ran = [];
    expect(await loadDemoDataset(db, { ifEmpty: true, steps: [step('ATT&CK')] })).toEqual({
      loaded: false,
      reason: 'the demo dataset is already loaded',
    });
    expect(ran).toEqual([]);
  });

  it('a failed step is recorded with its reason, and the next start resumes at it', async () => {
    let refuse = true;
    const steps = [step('ATT&CK'), step('KEV', () => refuse), step('telemetry')];
    await expect(loadDemoDataset(db, { ifEmpty: true, steps })).rejects.toThrow('the file was refused');
    expect(await row()).toMatchObject({
      status: 'failed',
      steps_done: 1,
      error: 'KEV: the file was refused',
    });
    expect((await row())!.finished_at).toBeInstanceOf(Date);
    refuse = false;
    ran = [];
    const outcome = await loadDemoDataset(db, { ifEmpty: true, steps });
    expect(outcome).toMatchObject({ loaded: true, resumedAt: 1 });
    expect(ran).toEqual(['KEV@1:KEV', 'telemetry@2:telemetry']);
    expect(await row()).toMatchObject({ status: 'loaded', steps_done: 3, error: null });
  });

  it('a knowledge base that already has imports of its own gets no demo', async () => {
    await importFiles(db, [sharedFile('abusech/feodotracker-ipblocklist-2024-04-04.csv')]);
    expect(await loadDemoDataset(db, { ifEmpty: true, steps: [step('ATT&CK')] })).toEqual({
      loaded: false,
      reason: 'the knowledge base already has data: demo dataset not imported',
    });
    expect(ran).toEqual([]);
    expect(await row()).toBeUndefined();
  });

  it('runs every step again when asked outright (the importers are idempotent)', async () => {
    await loadDemoDataset(db, { ifEmpty: true, steps: [step('ATT&CK')] });
    ran = [];
    expect(await loadDemoDataset(db, { steps: [step('ATT&CK')] })).toMatchObject({ loaded: true });
    expect(ran).toEqual(['ATT&CK@0:ATT&CK']);
  });

  it('one load at a time: a second process is told the first is loading', async () => {
    const other = await openDb();
    try {
      await other.query(`select pg_advisory_lock(hashtextextended('intel-demo-load', 0))`);
      expect(await loadDemoDataset(db, { ifEmpty: true, steps: [step('ATT&CK')] })).toEqual({
        loaded: false,
        reason: 'the demo dataset is already loading in another process',
      });
      expect(ran).toEqual([]);
    } finally {
      await other.end();
    }
  });
});
