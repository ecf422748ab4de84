import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedFile } from '../src/testing/shared-data.js';
import { WorkspaceImportFailed } from '../src/workspace-import/import-run.js';
import { runAssetsImport } from '../src/workspace-import/run-assets-import.js';
import { runLeaksImport } from '../src/workspace-import/run-leaks-import.js';
import { signedInAnalyst } from './helpers/analyst.js';
import { count, emptyKnowledgeBase, importFiles, openDb, tempFile } from './helpers/db.js';

let db: pg.Client;

beforeAll(async () => {
  db = await openDb();
  await emptyKnowledgeBase(db);
  await db.query('delete from public.assets');
  await db.query('delete from public.watches');
  await db.query('delete from public.leak_posts');
  await importFiles(db, [sharedFile('cisa-kev/known_exploited_vulnerabilities.json')]);
});
afterAll(async () => db.end());

const alerts = (rule: string) =>
  db.query<{
    title: string;
    status: string;
    hit_count: number;
    asset_id: string | null;
    metadata: { evidence: Record<string, unknown> };
  }>(`select * from public.enhanced_security_alerts where rule_key = $1 order by created_at`, [rule]);

describe('assets: a CSV inventory becomes exposures to KEV and alerts', () => {
  const csv = [
    'Hostname,IP,Owner,Criticality,Vendor,Product,Version,CPE',
    'vpn.acme.example,198.51.100.10,Network team,high,Palo Alto Networks,PAN-OS,10.2.3,',
    'vpn.acme.example,,Network team,high,,,,cpe:2.3:o:fortinet:fortios:7.0.1:*:*:*:*:*:*:*',
    'notes.acme.example,,=HYPERLINK("http://evil.example"),low,nginx,nginx,1.25.3,',
    'bad host,,x,low,,,,',
  ].join('\r\n');

  it('imports the rows, one asset per host, and rejects the bad row by line', async () => {
    const run = await runAssetsImport(db, { inputs: [tempFile('assets.csv', csv)] });
    expect(run).toMatchObject({ status: 'succeeded', records: 4, rejected: 1 });
    expect(run.rejects[0]!.where).toBe('line 5');
    expect(await count(db, 'select 1 from public.assets')).toBe(2);
    expect(await count(db, 'select 1 from public.asset_products')).toBe(3);
    // A formula in free text is kept as written; exports neutralise it.
    const { rows } = await db.query(`select owner from public.assets where hostname = 'notes.acme.example'`);
    expect(rows[0]).toEqual({ owner: '=HYPERLINK("http://evil.example")' });
  });

  it('lists the KEV exposures with due dates, matching vendor names however they are written', async () => {
    const { rows } = await db.query<{ hostname: string; vendor: string; cve_id: string; kev_due_date: Date }>(
      'select * from public.list_exposures()',
    );
    expect(rows.length).toBeGreaterThan(5);
    expect(new Set(rows.map((r) => r.hostname))).toEqual(new Set(['vpn.acme.example']));
    expect(rows.some((r) => r.vendor === 'fortinet')).toBe(true);
    expect(rows.every((r) => r.kev_due_date instanceof Date)).toBe(true);
  });

  it('raised one alert per exposure, tied to the asset, with the evidence', async () => {
    const { rows } = await alerts('kev-asset');
    expect(rows.length).toBe(await count(db, 'select 1 from public.list_exposures()'));
    expect(rows[0]!.asset_id).not.toBeNull();
    expect(rows[0]!.metadata.evidence).toMatchObject({ hostname: 'vpn.acme.example', criticality: 'high' });
  });

  it('importing the inventory again changes nothing and raises nothing new', async () => {
    const before = (await alerts('kev-asset')).rows.length;
    const run = await runAssetsImport(db, { inputs: [tempFile('assets.csv', csv)] });
    expect(run).toMatchObject({ inserted: 0, updated: 2 });
    expect((await alerts('kev-asset')).rows.length).toBe(before);
  });

  it('deleting an asset keeps its alerts', async () => {
    const before = (await alerts('kev-asset')).rows.length;
    await db.query(`delete from public.assets where hostname = 'vpn.acme.example'`);
    const { rows } = await alerts('kev-asset');
    expect(rows.length).toBe(before);
    expect(rows.every((r) => r.asset_id === null)).toBe(true);
    expect(await count(db, 'select 1 from public.list_exposures()')).toBe(0);
  });

  it('refuses a file that is not an inventory, writing nothing', async () => {
    await expect(runAssetsImport(db, { inputs: [tempFile('x.csv', 'a,b\n1,2\n')] })).rejects.toBeInstanceOf(
      WorkspaceImportFailed,
    );
  });
});

describe('dark web: leak posts naming a watched keyword become mentions and alerts', () => {
  const posts = JSON.stringify([
    { post_title: 'ACME Corp &amp; Sons', group_name: 'lockbit3', discovered: '2026-08-20 10:00:00.000000' },
    { post_title: 'acmegroup.com', group_name: 'play', discovered: '2026-08-21 10:00:00.000000' },
    { post_title: 'Other Ltd', group_name: 'akira', discovered: '2026-08-22 10:00:00.000000' },
    { post_title: ' ', group_name: 'akira', discovered: '2026-08-22 10:00:00.000000' },
  ]);

  it('matches a new keyword against the posts already there, on word boundaries', async () => {
    const run = await runLeaksImport(db, { inputs: [tempFile('posts.json', posts)] });
    expect(run).toMatchObject({ status: 'succeeded', inserted: 3, rejected: 1 });
    const analyst = await signedInAnalyst();
    // created_by is the analyst by default; nobody may write it.
    const added = await analyst
      .from('watches')
      .insert({ kind: 'keyword', value: 'ACME', value_ascii: 'acme' });
    expect(added.error).toBeNull();
    const { rows } = await alerts('leak-keyword');
    expect(rows.map((r) => r.title)).toEqual(['lockbit3 names "ACME" on 2026-08-20']);
  });

  it('the same posts again add nothing', async () => {
    const run = await runLeaksImport(db, { inputs: [tempFile('posts.json', posts)] });
    expect(run).toMatchObject({ inserted: 0 });
    expect((await alerts('leak-keyword')).rows).toHaveLength(1);
  });

  it('an analyst cannot add a domain watch without its lookalikes (only through add_domain_watch)', async () => {
    const analyst = await signedInAnalyst();
    const direct = await analyst
      .from('watches')
      .insert({ kind: 'domain', value: 'acme.example', value_ascii: 'acme.example' });
    expect(direct.error?.message).toMatch(/row-level security/);
  });
});

describe("brand protection: a watched domain's lookalike in intelligence raises an alert", () => {
  it('finds a URL indicator on a lookalike host', async () => {
    await db.query(
      `insert into public.indicators (type, value, confidence, tlp) values ('url', 'http://paypa1.com/login.php', 80, 'clear')`,
    );
    const analyst = await signedInAnalyst();
    const { data, error } = await analyst.rpc('add_domain_watch', {
      _domain: 'paypal.com',
      _ascii: 'paypal.com',
      _lookalikes: [
        { domain: 'paypa1.com', unicode: 'paypa1.com', family: 'replacement' },
        { domain: 'not a host', unicode: 'x', family: 'addition' },
      ],
    });
    expect(error).toBeNull();
    expect(data![0]).toMatchObject({ lookalikes: 1, lookalike_alerts: 1 });
    const { rows } = await alerts('lookalike-domain');
    expect(rows[0]!.metadata.evidence).toMatchObject({ lookalike: 'paypa1.com', family: 'replacement' });
  });

  it('reopening a closed alert while a newer one is open is refused in words', async () => {
    const [first] = (await alerts('lookalike-domain')).rows as unknown as { id: string }[];
    await db.query(`update public.enhanced_security_alerts set status = 'resolved' where id = $1`, [
      first!.id,
    ]);
    await db.query(
      `update public.enhanced_security_alerts set resolved_at = now() - interval '2 days' where id = $1`,
      [first!.id],
    );
    await db.query('select private.match_lookalikes(null)');
    await expect(
      db.query(`update public.enhanced_security_alerts set status = 'investigating' where id = $1`, [
        first!.id,
      ]),
    ).rejects.toThrow(/A newer alert for the same match is open/);
  });
});
