import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ClientBase } from 'pg';
import { generateLookalikes } from '../brand/lookalikes.js';
import { canonicalDomain } from '../normalise/index.js';
import { generateDemoEve } from '../telemetry/index.js';
import { runTelemetryImport } from '../telemetry-import/run-telemetry-import.js';
import { runAssetsImport } from '../workspace-import/run-assets-import.js';
import type { WorkspaceSummary } from '../workspace-import/import-run.js';

/**
 * The demo's own organisation: an asset inventory written for the demo (data/demo/assets) and a
 * week of network telemetry generated from the demo's indicators. Real captures of public
 * traffic are GPL-licensed test data, not ours to ship, and would not meet the demo's indicators;
 * generated events put real intelligence in front of the sensors, so the Hub opens with alerts.
 */
export const DEMO_SENSORS = ['edge-fw-01', 'dmz-ids-02', 'branch-gw-03'];
const DEMO_EVENTS = 40_000;

export async function importDemoAssets(db: ClientBase, file: string): Promise<WorkspaceSummary<'assets'>> {
  return runAssetsImport(db, { inputs: [file] });
}

export async function importDemoTelemetry(
  db: ClientBase,
  now = new Date(),
): Promise<WorkspaceSummary<string>> {
  // The most confident network indicators, in a stable order: the same demo on every machine.
  const { rows } = await db.query<{ type: 'ipv4' | 'domain' | 'url' | 'sha256' | 'md5'; value: string }>(
    `select type, value from public.indicators
      where type in ('ipv4', 'domain', 'url', 'sha256', 'md5') and not revoked and tlp <= 'amber' and confidence >= 50
      order by confidence desc, id limit 300`,
  );
  const end = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
  const start = new Date(end.getTime() - 7 * 24 * 3_600_000);
  const lines = generateDemoEve(rows, {
    seed: 20261125,
    events: DEMO_EVENTS,
    start: start.toISOString(),
    end: end.toISOString(),
    sensors: DEMO_SENSORS,
    hitRate: 0.004,
  });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'demo-telemetry-'));
  const file = path.join(dir, 'demo-eve.json');
  try {
    writeFileSync(file, `${lines.join('\n')}\n`);
    return await runTelemetryImport(db, { inputs: [file], format: 'suricata-eve' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The domains the demo organisation watches on Brand Protection. A demo owns no brand: these are
 * demo watches of two public projects' domains that the bundled polkadot-js phishing list imitates
 * (it exists to protect that ecosystem's users), chosen because their lookalikes are in it — 31 for
 * polkadot.network in eleven families, 15 for uniswap.org with an IDN homoglyph (üniswap.org). The
 * well-known brands the Evilginx trails target (outlook.com, okta.com, microsoft.com) have none:
 * those trails list attacker subdomains, not single-edit lookalikes. Nothing here claims the demo
 * organisation is either project.
 */
export const DEMO_DOMAIN_WATCHES = [
  { domain: 'polkadot.network', note: 'Demo watch: a public brand the bundled phishing lists imitate.' },
  { domain: 'uniswap.org', note: 'Demo watch: a public brand the bundled phishing lists imitate.' },
] as const;

export interface DemoWatchAdded {
  domain: string;
  lookalikes: number;
  lookalikeAlerts: number;
}

/**
 * Adds a demo domain watch as the Brand Protection page does: the lookalikes generated with the
 * same library (the page runs it in the browser), stored with the watch, then matched against
 * domain and URL intelligence. add_domain_watch itself wants a signed-in user, which the demo
 * loader is not, so its statements run here as the service role; the matching is its function.
 */
export async function addDemoDomainWatch(
  db: ClientBase,
  domain: string,
  note: string,
): Promise<DemoWatchAdded> {
  const ascii = canonicalDomain(domain);
  if (!ascii.ok) throw new Error(`demo watch ${domain}: ${ascii.reason}`);
  const lookalikes = generateLookalikes(domain).map(({ domain: name, unicode, family }) => ({
    domain: name,
    unicode,
    family,
  }));
  await db.query('begin');
  try {
    await db.query('set local role service_role');
    const { rows } = await db.query<{ id: string }>(
      `insert into public.watches (kind, value, value_ascii, note) values ('domain', $1, $2, $3)
       on conflict (kind, value_ascii) do update set enabled = true returning id`,
      [domain, ascii.value, note],
    );
    const id = rows[0]!.id;
    const stored = await db.query(
      `insert into public.lookalike_domains (watch_id, domain, unicode, family)
       select $1, x.domain, left(x.unicode, 253), x.family
         from jsonb_to_recordset($2::jsonb) as x (domain text, unicode text, family text)
       on conflict do nothing`,
      [id, JSON.stringify(lookalikes)],
    );
    const { rows: matched } = await db.query<{ alerts: number }>(
      `select private.match_lookalikes(array[$1::uuid]) as alerts, private.match_leak_mentions(null, array[$1::uuid])`,
      [id],
    );
    await db.query('commit');
    return { domain, lookalikes: stored.rowCount ?? 0, lookalikeAlerts: matched[0]!.alerts };
  } catch (error) {
    await db.query('rollback').catch(() => undefined);
    throw error;
  }
}
