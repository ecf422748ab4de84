import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { connect, REPO_ROOT, resolveDbUrl } from '../db/connect.js';
import type { FormatName } from '../formats/format.js';
import { ImportFailed, runImport } from '../pipeline/run-import.js';
import { WorkspaceImportFailed } from '../workspace-import/import-run.js';
import {
  addDemoDomainWatch,
  DEMO_DOMAIN_WATCHES,
  importDemoAssets,
  importDemoTelemetry,
} from './demo-workspace.js';
import { progressBar } from './progress.js';
import { formatTable } from './table.js';

/** The demo dataset shipped in the repository (data/demo), imported in this order. */
export const DEMO_DIR = path.join(REPO_ROOT, 'data', 'demo');

interface DemoImport {
  path: string;
  format: FormatName | 'assets';
}

/**
 * `intel demo [--if-empty]`: imports the bundled public dataset, one run per entry of
 * data/demo/manifest.json, with progress. `--if-empty` does nothing when the knowledge base has
 * already seen an import (what `npm start` uses, so a restart never re-imports).
 */
export async function demoCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      'if-empty': { type: 'boolean', default: false },
      'db-url': { type: 'string' },
      workdir: { type: 'string' },
    },
  });
  const manifest = JSON.parse(readFileSync(path.join(DEMO_DIR, 'manifest.json'), 'utf8')) as {
    imports: DemoImport[];
  };
  const db = await connect(resolveDbUrl({ dbUrl: values['db-url'], workdir: values.workdir }));
  try {
    if (values['if-empty']) {
      const { rows } = await db.query<{ seen: boolean }>(
        'select exists (select 1 from public.import_runs) as seen',
      );
      if (rows[0]!.seen) {
        process.stdout.write('the knowledge base already has data: demo dataset not imported\n');
        return 0;
      }
    }
    const rows: (string | number)[][] = [];
    const started = Date.now();
    for (const [i, entry] of manifest.imports.entries()) {
      const bar = progressBar(`[${i + 1}/${manifest.imports.length}] ${entry.path}`);
      try {
        const summary =
          entry.format === 'assets'
            ? await importDemoAssets(db, path.join(DEMO_DIR, entry.path))
            : await runImport(db, {
                inputs: [path.join(DEMO_DIR, entry.path)],
                format: entry.format,
                onProgress: bar.update,
              });
        bar.stop();
        rows.push([
          summary.source,
          summary.records,
          summary.inserted,
          summary.updated,
          summary.rejected,
          `${summary.seconds.toFixed(1)} s`,
        ]);
        if (!process.stderr.isTTY)
          process.stdout.write(`imported ${entry.path}: ${summary.records} records\n`);
      } catch (error) {
        bar.stop();
        if (!(error instanceof ImportFailed || error instanceof WorkspaceImportFailed)) throw error;
        process.stderr.write(`demo dataset: ${entry.path} was refused: ${error.summary.error}\n`);
        return 1;
      }
    }
    // After the imports, as an analyst would add them: the lookalikes are matched at once.
    const watches = [];
    for (const { domain, note } of DEMO_DOMAIN_WATCHES)
      watches.push(await addDemoDomainWatch(db, domain, note));
    const telemetry = await importDemoTelemetry(db);
    rows.push([
      `${telemetry.source} (generated)`,
      telemetry.records,
      telemetry.inserted,
      telemetry.updated,
      telemetry.rejected,
      `${telemetry.seconds.toFixed(1)} s`,
    ]);
    process.stdout.write(
      `${formatTable(['source', 'records', 'inserted', 'updated', 'rejected', 'time'], rows)}\n`,
    );
    for (const w of watches)
      process.stdout.write(
        `demo domain watch ${w.domain}: ${w.lookalikes.toLocaleString('en')} lookalikes, ${w.lookalikeAlerts} found in intelligence (alerts)\n`,
      );
    process.stdout.write(`demo dataset imported in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    return 0;
  } finally {
    await db.end();
  }
}
