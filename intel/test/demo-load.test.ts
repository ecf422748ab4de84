import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DemoStep } from '../src/demo/demo-dataset.js';
import { moveDemoDatesForward } from '../src/demo/demo-dates.js';
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

describe("demo dataset load: the demo's dates move to today", () => {
  let db: pg.Client;
  beforeAll(async () => {
    db = await openDb();
  });
  afterAll(async () => {
    await db.query('delete from public.demo_dataset_load');
    await db.end();
  });

  it('moves what this load added by the days since the snapshot, and nothing older', async () => {
    await emptyKnowledgeBase(db);
    await db.query('delete from public.demo_dataset_load');
    const { rows: older } = await db.query<{ id: string }>(
      `insert into public.indicators (type, value, tlp, last_seen, created_at)
       values ('domain', 'kept-as-it-was.example', 'clear', '2026-08-01', now() - interval '1 day') returning id`,
    );
    await db.query(`insert into public.demo_dataset_load (steps_total) values (3)`);
    const { rows: added } = await db.query<{ id: string }>(
      `insert into public.indicators (type, value, tlp, first_seen, last_seen, valid_until)
       values ('domain', 'moved-forward.example', 'clear', '2026-08-10', '2026-08-17', '2026-09-17') returning id`,
    );
    const { rows: source } = await db.query<{ id: string }>(
      `insert into public.sources (name, format) values ('demo-dates test', 'stix') returning id`,
    );
    await db.query(
      `insert into public.indicator_sources (indicator_id, source_id, tlp, last_seen) values ($1, $2, 'clear', '2026-08-17')`,
      [added[0]!.id, source[0]!.id],
    );
    const { rows: expected } = await db.query<{ days: number }>(
      `select extract(day from now() - '2026-08-18'::timestamptz)::integer as days`,
    );

    const moved = await moveDemoDatesForward(db, '2026-08-18');

    expect(moved).toEqual({ indicators: 1, days: expected[0]!.days });
    const { rows } = await db.query<{
      value: string;
      days_old: number;
      valid_days: number | null;
      report_days_old: number | null;
    }>(
      `select i.value, extract(day from now() - i.last_seen)::integer as days_old,
              extract(day from i.valid_until - now())::integer as valid_days,
              extract(day from now() - max(x.last_seen))::integer as report_days_old
         from public.indicators i left join public.indicator_sources x on x.indicator_id = i.id
        where i.id in ($1, $2) group by i.id order by i.value`,
      [older[0]!.id, added[0]!.id],
    );
    // As old today as on the snapshot day (one day), still valid for 30 more; the older one untouched.
    expect(rows).toEqual([
      {
        value: 'kept-as-it-was.example',
        days_old: rows[0]!.days_old,
        valid_days: null,
        report_days_old: null,
      },
      { value: 'moved-forward.example', days_old: 1, valid_days: 29, report_days_old: 1 },
    ]);
    expect(rows[0]!.days_old).toBeGreaterThan(100);
  });

  it('never moves a report into the future: one from later on the snapshot day lands at most now', async () => {
    await emptyKnowledgeBase(db);
    await db.query('delete from public.demo_dataset_load');
    await db.query(`insert into public.demo_dataset_load (steps_total) values (3)`);
    await db.query(
      `insert into public.indicators (type, value, tlp, last_seen) values ('domain', 'late-that-day.example', 'clear', '2026-08-18 23:30Z')`,
    );
    await moveDemoDatesForward(db, '2026-08-18');
    const { rows } = await db.query<{ future: boolean; seconds_ago: number }>(
      `select last_seen > now() as future, extract(epoch from now() - last_seen)::integer as seconds_ago
         from public.indicators where value = 'late-that-day.example'`,
    );
    expect(rows[0]!.future).toBe(false);
    expect(rows[0]!.seconds_ago).toBeLessThan(60);
  });
});
