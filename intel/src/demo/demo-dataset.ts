import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ClientBase } from 'pg';
import { REPO_ROOT } from '../db/connect.js';
import type { FormatName } from '../formats/format.js';
import { adapterFor } from '../formats/registry.js';
import { ImportFailed, runImport, type ImportProgress } from '../pipeline/run-import.js';
import { WorkspaceImportFailed } from '../workspace-import/import-run.js';
import { runWarninglistsImport } from '../workspace-import/run-warninglists-import.js';
import { moveDemoDatesForward, type DemoDatesMoved } from './demo-dates.js';
import {
  addDemoDomainWatch,
  DEMO_DOMAIN_WATCHES,
  importDemoAssets,
  importDemoTelemetry,
  type DemoWatchAdded,
} from './demo-workspace.js';

/** The demo dataset shipped in the repository (data/demo), imported in its manifest's order. */
export const DEMO_DIR = path.join(REPO_ROOT, 'data', 'demo');

interface ManifestEntry {
  path: string;
  format: FormatName | 'assets' | 'misp-warninglist';
}

/** The steps that are not knowledge-base formats: the workspace's own importers. */
const WORKSPACE_STEPS = {
  assets: { name: 'Asset inventory', run: (db: ClientBase, file: string) => importDemoAssets(db, file) },
  'misp-warninglist': {
    name: 'MISP warninglists',
    run: (db: ClientBase, file: string) => runWarninglistsImport(db, { inputs: [file] }),
  },
} as const;

/** What one import step reports (the columns of the CLI's summary table). */
export interface DemoImportCounts {
  source: string;
  records: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
  seconds: number;
}

export type DemoStepResult =
  { import: DemoImportCounts } | { watch: DemoWatchAdded } | { datesMoved: DemoDatesMoved };

export interface DemoStep {
  /** In words, for the progress shown in the app and on the terminal. */
  label: string;
  run(options: { onProgress?: (p: ImportProgress) => void; signal?: AbortSignal }): Promise<DemoStepResult>;
}

/** A step that failed as a whole: nothing of it was kept; the reason is in words. */
export class DemoStepFailed extends Error {
  override name = 'DemoStepFailed';
}

function importStep(db: ClientBase, entry: ManifestEntry): DemoStep {
  const file = path.join(DEMO_DIR, entry.path);
  const workspace =
    entry.format === 'assets' || entry.format === 'misp-warninglist' ? WORKSPACE_STEPS[entry.format] : null;
  const what = workspace ? workspace.name : adapterFor(entry.format as FormatName).defaults.name;
  return {
    label: `${what} (${entry.path})`,
    run: async ({ onProgress, signal }) => {
      try {
        const summary = workspace
          ? await workspace.run(db, file)
          : await runImport(db, { inputs: [file], format: entry.format as FormatName, onProgress, signal });
        return { import: summary };
      } catch (error) {
        if (error instanceof ImportFailed || error instanceof WorkspaceImportFailed)
          throw new DemoStepFailed(`${entry.path} was refused: ${error.summary.error}`);
        throw error;
      }
    },
  };
}

/**
 * Every step of the demo, in order: one import per manifest entry, its dates moved forward to today
 * (so it decays from the day it is loaded), then the demo's domain watches
 * (their lookalikes matched against the lists just imported, as an analyst adding them would), then
 * a week of sensor telemetry generated from the imported indicators.
 */
export function demoSteps(db: ClientBase): DemoStep[] {
  const manifest = JSON.parse(readFileSync(path.join(DEMO_DIR, 'manifest.json'), 'utf8')) as {
    as_of: string;
    imports: ManifestEntry[];
  };
  return [
    ...manifest.imports.map((entry) => importStep(db, entry)),
    {
      label: `The demo's dates, moved forward from ${manifest.as_of} to today`,
      run: async () => ({ datesMoved: await moveDemoDatesForward(db, manifest.as_of) }),
    },
    ...DEMO_DOMAIN_WATCHES.map(({ domain, note }): DemoStep => ({
      label: `Domain watch ${domain} and its lookalikes`,
      run: async () => ({ watch: await addDemoDomainWatch(db, domain, note) }),
    })),
    {
      label: 'A week of generated sensor telemetry',
      run: async () => {
        const summary = await importDemoTelemetry(db);
        return { import: { ...summary, source: `${summary.source} (generated)` } };
      },
    },
  ];
}
