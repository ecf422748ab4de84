import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ClientBase } from 'pg';
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
