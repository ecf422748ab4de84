import type { DemoLoadOutcome } from '../demo/load-demo.js';
import { formatTable } from './table.js';

/** The demo load's outcome as the terminal shows it: a table of the imports, then the watches. */
export function demoSummary(outcome: Extract<DemoLoadOutcome, { loaded: true }>): string {
  const rows: (string | number)[][] = [];
  const notes: string[] = [];
  for (const result of outcome.results) {
    if ('import' in result) {
      const r = result.import;
      rows.push([
        r.source,
        r.records,
        r.inserted,
        r.updated,
        r.unchanged,
        r.rejected,
        `${r.seconds.toFixed(1)} s`,
      ]);
    } else if ('datesMoved' in result) {
      const { indicators, days } = result.datesMoved;
      notes.push(
        `demo dates moved forward by ${days} days (${indicators.toLocaleString('en')} indicators), so they are as old today as on the day the files were taken`,
      );
    } else {
      const w = result.watch;
      notes.push(
        `demo domain watch ${w.domain}: ${w.lookalikes.toLocaleString('en')} lookalikes, ${w.lookalikeAlerts} found in intelligence (alerts)`,
      );
    }
  }
  const resumed = outcome.resumedAt > 0 ? ` (resumed at step ${outcome.resumedAt + 1})` : '';
  return [
    formatTable(['source', 'records', 'inserted', 'updated', 'unchanged', 'rejected', 'time'], rows),
    ...notes,
    `demo dataset imported in ${outcome.seconds.toFixed(1)} s${resumed}`,
  ].join('\n');
}
