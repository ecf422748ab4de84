import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedFile } from '../src/testing/shared-data.js';
import { signedInAnalyst } from './helpers/analyst.js';
import { emptyKnowledgeBase, openDb, tempFile } from './helpers/db.js';
import { intelEnv } from './helpers/env.js';

/**
 * The lifecycle end to end, through the CLI as an operator runs it: real warninglists, a STIX feed
 * with a listed address, a listed host, an expired indicator, an address range and two reports of
 * different ages, then Suricata telemetry that hits every one of them. Only the valid, unlisted
 * values alert; the rest are sightings that say why not. Then the analyst's side: an exclusion takes
 * effect with the next batch, a false-positive verdict halves the score and is taken back.
 */

const BIN = path.resolve(import.meta.dirname, '../bin/intel.mjs');
const intel = (args: string[]) => {
  const result = spawnSync(process.execPath, [BIN, ...args, '--db-url', intelEnv().dbUrl], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`intel ${args.join(' ')} failed:\n${result.stderr}`);
  return result.stdout;
};

const DAY = 86_400_000;
const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
const V = {
  resolver: '8.8.8.8', // on "List of known IPv4 public DNS resolvers"
  resolverHost: 'dns.google', // on "List of known public DNS resolvers expressed as hostname"
  expired: '203.0.113.10',
  fresh: '203.0.113.20', // reported two days ago
  old: '203.0.113.30', // reported 20 days ago
  range: '198.51.100.0/24',
  inRange: '198.51.100.77',
  excluded: '203.0.113.40',
};

function indicator(id: number, pattern: string, modifiedAgo: number, extra: Record<string, unknown> = {}) {
  const at = iso(modifiedAgo);
  return {
    type: 'indicator',
    spec_version: '2.1',
    id: `indicator--00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    created: at,
    modified: at,
    valid_from: at,
    pattern,
    pattern_type: 'stix',
    confidence: 80,
    ...extra,
  };
}

const FEED = {
  type: 'bundle',
  id: 'bundle--00000000-0000-4000-8000-000000000001',
  objects: [
    indicator(1, `[ipv4-addr:value = '${V.resolver}']`, 2 * DAY),
    indicator(2, `[domain-name:value = '${V.resolverHost}']`, 2 * DAY),
    indicator(3, `[ipv4-addr:value = '${V.expired}']`, 2 * DAY, { valid_until: iso(DAY) }),
    indicator(4, `[ipv4-addr:value = '${V.fresh}']`, 2 * DAY),
    indicator(5, `[ipv4-addr:value = '${V.old}']`, 20 * DAY),
    indicator(6, `[ipv4-addr:value = '${V.range}']`, 2 * DAY),
    indicator(7, `[ipv4-addr:value = '${V.excluded}']`, 2 * DAY),
  ],
};

const eve = (destIp: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    timestamp: new Date().toISOString().replace('Z', '+0000'),
    event_type: 'flow',
    src_ip: '10.1.1.5',
    dest_ip: destIp,
    dest_port: 443,
    proto: 'TCP',
    ...extra,
  });

const TELEMETRY = [
  eve(V.resolver),
  eve('10.1.1.1', {
    event_type: 'dns',
    proto: 'UDP',
    dns: { type: 'query', rrname: V.resolverHost, rrtype: 'A' },
  }),
  eve(V.expired),
  eve(V.fresh),
  eve(V.old),
  eve(V.inRange),
  eve(V.excluded),
];

let db: pg.Client;
let analyst: SupabaseClient;

const alerted = async (sensor: string) =>
  (
    await db.query<{ value: string }>(
      `select i.value from public.enhanced_security_alerts a join public.indicators i on i.id = a.indicator_id
        where a.rule_key = 'telemetry-indicator' and a.metadata #>> '{evidence,sensor}' = $1 order by i.value`,
      [sensor],
    )
  ).rows.map((r) => r.value);

const reasons = async (sensor: string) =>
  Object.fromEntries(
    (
      await db.query<{ value: string; suppressed_reason: string | null }>(
        `select i.value, s.suppressed_reason from public.sightings s join public.indicators i on i.id = s.indicator_id
          where s.sensor = $1`,
        [sensor],
      )
    ).rows.map((r) => [r.value, r.suppressed_reason]),
  );

async function scores(): Promise<
  Record<string, { score: number; warninglists: string[]; exclusions: string[] }>
> {
  const { data, error } = await analyst
    .from('indicators')
    .select('value,score,lifecycle_state,warninglists,exclusions')
    .in('value', Object.values(V));
  if (error) throw error;
  return Object.fromEntries(data.map((r) => [r.value, r]));
}

function telemetry(sensor: string): void {
  intel([
    'import',
    tempFile(`${sensor}.json`, `${TELEMETRY.join('\n')}\n`),
    '--format',
    'suricata-eve',
    '--sensor',
    sensor,
  ]);
}

beforeAll(async () => {
  db = await openDb();
  await emptyKnowledgeBase(db);
  await db.query(`delete from public.enhanced_security_alerts where rule_key is not null`);
  await db.query('delete from public.warninglists');
  await db.query('delete from public.exclusion_entries');
  analyst = await signedInAnalyst();

  const lists = mkdtempSync(path.join(os.tmpdir(), 'lifecycle-lists-'));
  for (const name of ['public-dns-v4', 'public-dns-hostname', 'rfc1918', 'tranco10k']) {
    mkdirSync(path.join(lists, 'lists', name), { recursive: true });
    symlinkSync(
      sharedFile('misp-warninglists', 'lists', name, 'list.json'),
      path.join(lists, 'lists', name, 'list.json'),
    );
  }
  intel(['import', lists, '--format', 'misp-warninglist']);
  intel([
    'import',
    tempFile('lifecycle-feed.json', JSON.stringify(FEED)),
    '--format',
    'stix',
    '--source',
    'Lifecycle feed',
  ]);
}, 180_000);
afterAll(async () => db.end());

describe('the lifecycle, end to end through the CLI', () => {
  it('telemetry hitting every value alerts only on the valid, unlisted ones; the others say why not', async () => {
    // An address pattern with a prefix is kept as a range, which the address inside it matches.
    const range = await db.query(`select type from public.indicators where value = $1`, [V.range]);
    expect(range.rows).toEqual([{ type: 'ipv4-cidr' }]);
    telemetry('lifecycle-fw');
    expect(await alerted('lifecycle-fw')).toEqual([V.range, V.fresh, V.old, V.excluded].sort());
    const why = await reasons('lifecycle-fw');
    expect(why[V.resolver]).toMatch(/^on warninglist List of known IPv4 public DNS resolvers/);
    expect(why[V.resolverHost]).toMatch(/^on warninglist /);
    expect(why[V.expired]).toBe('expired');
    expect(why[V.fresh]).toBeNull();
    expect(why[V.range]).toBeNull();
  });

  it('scores the older report lower and shows the lists through the REST contract', async () => {
    const s = await scores();
    expect(s[V.fresh]!.score).toBeGreaterThan(s[V.old]!.score);
    expect(s[V.old]!.score).toBeGreaterThan(0);
    expect(s[V.expired]).toMatchObject({ score: 0, lifecycle_state: 'expired' });
    expect(s[V.resolver]!.warninglists).toContain('List of known IPv4 public DNS resolvers');
    expect(s[V.fresh]).toMatchObject({ warninglists: [], exclusions: [] });
  });

  it('an exclusion an analyst adds takes effect with the next batch, and its removal too', async () => {
    const { data: list } = await analyst
      .from('exclusion_lists')
      .select('id')
      .eq('name', 'Local exclusions')
      .single();
    const added = await analyst.rpc('add_exclusion', {
      _list_id: list!.id,
      _kind: 'cidr',
      _value: '203.0.113.41/29',
      _reason: 'Our own VPN concentrators',
    });
    expect(added.error).toBeNull();
    expect(added.data[0]).toMatchObject({
      value: '203.0.113.40/29',
      note: expect.stringMatching(/Host bits cleared/),
    });
    expect((await scores())[V.excluded]!.exclusions).toEqual(['Local exclusions']);

    telemetry('lifecycle-fw-2');
    expect(await alerted('lifecycle-fw-2')).toEqual([V.range, V.fresh, V.old].sort());
    expect((await reasons('lifecycle-fw-2'))[V.excluded]).toBe('on exclusion list Local exclusions');

    const removed = await analyst.rpc('remove_exclusion', { _id: added.data[0].id });
    expect(removed.error).toBeNull();
    telemetry('lifecycle-fw-3');
    expect(await alerted('lifecycle-fw-3')).toContain(V.excluded);

    const audited = await db.query<{ action: string }>(
      `select action from public.audit_trail where target_type = 'exclusion_entry' order by id`,
    );
    expect(audited.rows.map((r) => r.action)).toEqual(['exclusion_entry.created', 'exclusion_entry.deleted']);
  });

  it('a false-positive dismissal halves the score; reopening the alert takes it back', async () => {
    const before = (await scores())[V.fresh]!.score;
    const { data: alert } = await analyst
      .from('enhanced_security_alerts')
      .select('id,sighting_id')
      .eq('rule_key', 'telemetry-indicator')
      .eq('metadata->evidence->>value', V.fresh)
      .single();
    const dismissed = await analyst
      .from('enhanced_security_alerts')
      .update({ status: 'dismissed', dismissal_reason: 'Our scanner', false_positive: true })
      .eq('id', alert!.id);
    expect(dismissed.error).toBeNull();
    const marked = await db.query(`select false_positive from public.sightings where stix_id = $1`, [
      alert!.sighting_id,
    ]);
    expect(marked.rows[0]).toEqual({ false_positive: true });
    const after = (await scores())[V.fresh]!.score;
    expect(Math.abs(after - before / 2)).toBeLessThanOrEqual(1);

    const wrong = await analyst
      .from('enhanced_security_alerts')
      .update({ false_positive: true })
      .eq('id', alert!.id)
      .neq('status', 'dismissed');
    expect(wrong.error).toBeNull(); // nothing matched: the alert is dismissed
    const reopened = await analyst
      .from('enhanced_security_alerts')
      .update({ status: 'investigating' })
      .eq('id', alert!.id);
    expect(reopened.error).toBeNull();
    const cleared = await db.query(
      `select s.false_positive, a.false_positive as alert_fp from public.sightings s, public.enhanced_security_alerts a
        where s.stix_id = $1 and a.id = $2`,
      [alert!.sighting_id, alert!.id],
    );
    expect(cleared.rows[0]).toEqual({ false_positive: false, alert_fp: false });
    expect((await scores())[V.fresh]!.score).toBe(before);

    const refused = await analyst
      .from('enhanced_security_alerts')
      .update({ false_positive: true })
      .eq('id', alert!.id);
    expect(refused.error?.message).toMatch(/Only a dismissed alert is judged a false positive/);
    const history = await db.query<{ kind: string; to_value: string }>(
      `select kind, to_value from public.alert_events where alert_id = $1 and kind = 'false_positive' order by at`,
      [alert!.id],
    );
    expect(history.rows).toEqual([
      { kind: 'false_positive', to_value: 'true' },
      { kind: 'false_positive', to_value: 'false' },
    ]);
  });
});
