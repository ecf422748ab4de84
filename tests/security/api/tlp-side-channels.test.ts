/**
 * TLP:RED through side channels (issue 36 §1, §3, §4): rows no persona may read are planted with
 * the service role (TLP:RED, no audience), and the analyst must learn nothing of them through the
 * threat feed's events, the public figures, or import runs. Everything planted is removed after.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { rpc } from '../lib/personas.js';
import { plant, remove, rest, rows } from '../lib/rest.js';
import { suite } from './context.js';

const { target, personas, runId } = suite();
const analyst = personas.analyst.accessToken;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const cve = () => `CVE-2099-${randomInt(1_000_000, 9_999_999)}`;
const today = new Date().toISOString().slice(0, 10);

async function source(tlp: 'red' | 'amber'): Promise<{ id: string; name: string }> {
  const name = `suite-${tlp}-${runId}-${randomBytes(3).toString('hex')}`;
  const [row] = await plant<{ id: string }>(target, 'sources', { name, kind: 'file', default_tlp: tlp });
  cleanups.push(() => remove(target, `sources?id=eq.${row!.id}`));
  return { id: row!.id, name };
}

/** A finished run of the source, written as the importer writes it: running, then its outcome. */
async function run(
  src: { id: string; name: string },
  outcome: { status: 'succeeded' | 'failed'; rejects?: unknown[]; error?: string },
  input: string,
  format = 'csv',
): Promise<number> {
  const [row] = await plant<{ id: number }>(target, 'import_runs', {
    source_id: src.id,
    source_name: src.name,
    format,
    input,
  });
  const id = row!.id;
  cleanups.push(async () => {
    await remove(target, `intel_events?import_run_id=eq.${id}`);
    await remove(target, `import_runs?id=eq.${id}`);
  });
  const res = await rest(target, `import_runs?id=eq.${id}`, {
    method: 'PATCH',
    body: {
      status: outcome.status,
      finished_at: new Date().toISOString(),
      records: 2,
      inserted: outcome.status === 'succeeded' ? 1 : 0,
      rejected: outcome.rejects?.length ?? 0,
      rejects: outcome.rejects ?? [],
      error: outcome.error ?? null,
    },
  });
  expect(res.status).toBe(204);
  return id;
}

describe('API · TLP:RED side channels', () => {
  it('a KEV addition of a TLP:RED CVE is absent from the analyst’s intel_events; a CLEAR one beside it is announced alone', async () => {
    const red = cve();
    const clear = cve();
    cleanups.push(async () => {
      await remove(target, `intel_events?cve_ids=ov.{${red},${clear}}`);
      await remove(target, `vulnerabilities?cve_id=in.(${red},${clear})`);
    });
    // One statement, as the KEV importer writes a catalogue.
    await plant(target, 'vulnerabilities', [
      { cve_id: red, kev_date_added: today, tlp: 'red' },
      { cve_id: clear, kev_date_added: today, tlp: 'clear' },
    ]);
    expect(await rows(target, `intel_events?kind=eq.kev_added&cve_ids=cs.{${red}}`, analyst)).toEqual([]);
    const seen = await rows<{ cve_ids: string[]; title: string; counts: unknown }>(
      target,
      `intel_events?kind=eq.kev_added&cve_ids=cs.{${clear}}`,
      analyst,
    );
    expect(seen).toHaveLength(1);
    expect(JSON.stringify(seen)).not.toContain(red);
    expect(seen[0]!.counts).toEqual({ kev_added: 1 });
  });

  it('an import of a TLP:RED source announces nothing to the analyst (every import event kind); an AMBER one does', async () => {
    const red = await source('red');
    const amber = await source('amber');
    // One run per kind: indicators_imported (csv), objects_imported (stix), import_succeeded (kev), import_failed.
    const redRuns: number[] = [];
    for (const format of ['csv', 'stix', 'kev'])
      redRuns.push(await run(red, { status: 'succeeded' }, 'red', format));
    redRuns.push(await run(red, { status: 'failed', error: 'secret 198.51.100.7' }, 'red.csv'));
    const amberDone = await run(amber, { status: 'succeeded' }, 'amber.csv');
    for (const id of redRuns)
      expect(await rows(target, `intel_events?import_run_id=eq.${id}`, analyst)).toEqual([]);
    const events = await rows<{ kind: string }>(
      target,
      `intel_events?import_run_id=eq.${amberDone}`,
      analyst,
    );
    expect(events.map((e) => e.kind)).toEqual(['indicators_imported']);
    const marked = await rows<{ kind: string; tlp: string }>(
      target,
      `intel_events?import_run_id=in.(${redRuns.join(',')})&select=kind,tlp&order=import_run_id`,
    );
    expect(marked).toEqual(
      ['indicators_imported', 'objects_imported', 'import_succeeded', 'import_failed'].map((kind) => ({
        kind,
        tlp: 'red',
      })),
    );
  });

  it('an alert’s event carries the TLP its metadata names', async () => {
    const [alert] = await plant<{ id: string }>(target, 'enhanced_security_alerts', {
      title: `suite ${runId} red alert`,
      metadata: { tlp: 'red' },
    });
    cleanups.push(() => remove(target, `enhanced_security_alerts?id=eq.${alert!.id}`));
    const events = await rows<{ tlp: string }>(target, `intel_events?alert_id=eq.${alert!.id}&select=tlp`);
    expect(events).toEqual([{ tlp: 'red' }]);
    expect(await rows(target, `intel_events?alert_id=eq.${alert!.id}`, analyst)).toEqual([]);
  });

  it('300 TLP:RED indicators leave the public indicator figure unchanged', async () => {
    const figure = async () => {
      const res = await rpc(target, 'public_site_figures', {});
      expect(res.status).toBe(200);
      return (res.json as { indicators_rounded: number }[])[0]!.indicators_rounded;
    };
    const before = await figure();
    const values = Array.from({ length: 300 }, () => randomBytes(32).toString('hex'));
    const name = `suite-figure-${runId}`;
    cleanups.push(() => remove(target, `indicators?name=eq.${name}`));
    await plant(
      target,
      'indicators',
      values.map((value) => ({ type: 'sha256', value, name, tlp: 'red' })),
    );
    expect(await figure()).toBe(before);
  });

  it('a TLP:RED run’s reject text is invisible to the analyst, counts included', async () => {
    const red = await source('red');
    const secret = `203.0.113.${randomInt(1, 254)}-red-${runId}`;
    const id = await run(
      red,
      { status: 'succeeded', rejects: [{ where: 'line 2', reason: `not an address: ${secret}` }] },
      'red.csv',
    );
    expect(await rows(target, `import_runs?id=eq.${id}`, analyst)).toEqual([]);
    const all = await rest(target, `import_runs?select=rejects,error&source_id=eq.${red.id}`, {
      as: analyst,
    });
    expect(all.text).not.toContain(secret);
  });

  it('import runs name no server path: input, error and rejects keep the file name only', async () => {
    const amber = await source('amber');
    const folder = `/srv/intel-${runId}/private`;
    const id = await run(
      amber,
      {
        status: 'failed',
        error: `could not read '${folder}/feed.csv' (see ${folder}/log.txt)`,
        rejects: [{ where: `${folder}/feed.csv line 3`, reason: 'not an address' }],
      },
      `${folder}/feed.csv`,
    );
    const [seen] = await rows<{ input: string; error: string }>(target, `import_runs?id=eq.${id}`, analyst);
    expect(seen).toBeDefined();
    expect(seen!.input).toBe('feed.csv');
    expect(seen!.error).toBe("could not read 'feed.csv' (see log.txt)");
    expect(JSON.stringify(seen)).not.toContain('/srv/');
  });
});
