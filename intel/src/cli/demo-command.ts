import { parseArgs } from 'node:util';
import { connect, resolveDbUrl } from '../db/connect.js';
import { DemoStepFailed } from '../demo/demo-dataset.js';
import { loadDemoDataset } from '../demo/load-demo.js';
import { demoSummary } from './demo-summary.js';
import { progressBar } from './progress.js';

/**
 * `intel demo [--if-empty]`: imports the bundled public dataset (data/demo/manifest.json), a
 * progress bar per step. `--if-empty` loads only into a knowledge base that has seen no import, or
 * finishes a load that stopped part-way (what `npm start`'s worker does in the background).
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
  const db = await connect(resolveDbUrl({ dbUrl: values['db-url'], workdir: values.workdir }));
  try {
    const outcome = await loadDemoDataset(db, {
      ifEmpty: values['if-empty'],
      onStepStart: (index, total, step) => {
        const bar = progressBar(`[${index + 1}/${total}] ${step.label}`);
        return { onProgress: bar.update, stop: bar.stop };
      },
      onStepDone: (index, total, step) => {
        if (!process.stderr.isTTY) process.stdout.write(`[${index + 1}/${total}] ${step.label}: done\n`);
      },
    });
    if (!outcome.loaded) {
      process.stdout.write(`${outcome.reason}\n`);
      return 0;
    }
    process.stdout.write(`${demoSummary(outcome)}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof DemoStepFailed)) throw error;
    process.stderr.write(`demo dataset: ${error.message}\n`);
    return 1;
  } finally {
    await db.end();
  }
}
