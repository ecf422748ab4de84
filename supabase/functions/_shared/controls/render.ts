import type { ControlRow } from './control-row.ts';
import { PageOutput, type ControlWriter } from './control-writer.ts';
import type { IndicatorType } from './model.ts';
import { tally, type ExportSummary } from './summary.ts';

/**
 * The loop every export for controls runs, whatever reads the pages (the CLI from pg, the feeds
 * function from postgres.js) and wherever the output goes: each page's rows are judged (the server's
 * verdict, then whether the format can carry the value), counted into the summary and written.
 * Callers walk `typesOf(...)` in order, hand each type's pages to `page`, then call `endType`,
 * and `end` after the last type.
 */
export class ControlRenderer {
  private left: number;
  private count = 0;
  constructor(
    private readonly writer: ControlWriter,
    readonly summary: ExportSummary,
    limit?: number,
  ) {
    this.left = limit ?? Number.POSITIVE_INFINITY;
  }

  /** The writer's types the selection keeps, in the writer's order. */
  types(): IndicatorType[] {
    const wanted = this.summary.selection.types;
    return this.writer.types.filter((t) => wanted === null || wanted.includes(t));
  }

  page(rows: readonly ControlRow[]): PageOutput {
    const output = new PageOutput();
    for (const row of rows) {
      const why = row.verdict ? null : (this.writer.unwritable?.(row) ?? null);
      if (!row.verdict && !why && this.left <= 0) {
        this.summary.overLimit += 1;
        continue;
      }
      tally(this.summary, row, why);
      if (row.verdict || why) continue;
      this.writer.row(row, output);
      this.left -= 1;
      this.count += 1;
    }
    return output;
  }

  endType(type: IndicatorType): PageOutput {
    const output = new PageOutput();
    this.writer.endType?.(type, this.count, output);
    this.count = 0;
    return output;
  }

  end(): PageOutput {
    const output = new PageOutput();
    this.writer.end?.(output);
    return output;
  }
}
