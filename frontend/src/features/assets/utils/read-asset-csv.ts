/**
 * An asset inventory CSV read in the browser: a header naming the columns in any order and case
 * (unknown ones ignored), then one asset and at most one product per row. Rows with a problem are
 * rejected with their line and the reason; only a missing header or an unclosed quote refuses the
 * file, as the CLI does. Lines are counted in the file, so a quoted cell spanning lines is accounted.
 */
import type { ParseStepResult } from 'papaparse';
import { ASSET_COLUMNS, checkAssetFields, type AssetColumn, type AssetInput } from './asset-fields';

/** The page reads files up to this size; the CLI streams larger ones. */
export const MAX_ASSET_CSV_BYTES = 5 * 1024 * 1024;

export interface AssetCsvRow {
  line: number;
  asset: AssetInput;
}

export interface AssetCsvReject {
  line: number;
  reason: string;
}

export type AssetCsvRead =
  { ok: true; rows: AssetCsvRow[]; rejects: AssetCsvReject[] } | { ok: false; reason: string };

export const NO_HEADER = `The first line must be a header naming a hostname or ip column (${ASSET_COLUMNS.join(', ')}).`;

export function fileSizeProblem(file: { name: string; size: number }): string | null {
  if (file.size <= MAX_ASSET_CSV_BYTES) return null;
  const mb = (file.size / (1024 * 1024)).toFixed(1);
  return `${file.name} is ${mb} MB; the page imports files up to ${MAX_ASSET_CSV_BYTES / (1024 * 1024)} MB. Split it, or import it with the CLI.`;
}

type Indexes = Record<AssetColumn, number>;

function headerIndexes(cells: readonly string[]): Indexes | string {
  const names = cells.map((cell) => cell.trim().toLowerCase());
  if (!names.includes('hostname') && !names.includes('ip')) return NO_HEADER;
  // Which of two `ip` columns is meant cannot be guessed; importing either could be wrong.
  const twice = ASSET_COLUMNS.find((name) => names.indexOf(name) !== names.lastIndexOf(name));
  if (twice) return `The header names the ${twice} column twice.`;
  return Object.fromEntries(ASSET_COLUMNS.map((name) => [name, names.indexOf(name)])) as Indexes;
}

/** Reads the whole text (at most 5 MB, so at once); papaparse is loaded when a file is chosen. */
export async function readAssetCsv(text: string): Promise<AssetCsvRead> {
  const { parse } = await import('papaparse');
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: AssetCsvRow[] = [];
  const rejects: AssetCsvReject[] = [];
  let header: Indexes | undefined;
  let refusal: string | undefined;
  // papaparse's cursor after a record is where the next one starts (past its line break).
  let recordStart = 0;
  let newlinesBefore = 0;

  parse<string[]>(body, {
    delimiter: ',',
    step: (result: ParseStepResult<string[]>, parser) => {
      const line = newlinesBefore + 1;
      newlinesBefore += countNewlines(body, recordStart, result.meta.cursor);
      recordStart = result.meta.cursor;
      const cells = result.data;
      if (result.errors.some((error) => error.code === 'MissingQuotes')) {
        refusal = `Line ${line} opens a quote that is never closed; nothing was imported.`;
        parser.abort();
        return;
      }
      if (cells.every((cell) => cell.trim() === '')) return;
      if (!header) {
        const found = headerIndexes(cells);
        if (typeof found === 'string') {
          refusal = found;
          parser.abort();
        } else header = found;
        return;
      }
      const at = header;
      const check = checkAssetFields(
        Object.fromEntries(
          ASSET_COLUMNS.map((name) => [name, at[name] === -1 ? undefined : cells[at[name]]]),
        ),
      );
      if (check.ok) rows.push({ line, asset: check.asset });
      else rejects.push({ line, reason: check.reason });
    },
  });
  if (refusal) return { ok: false, reason: refusal };
  if (!header) return { ok: false, reason: `The file is empty. ${NO_HEADER}` };
  return { ok: true, rows, rejects };
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < Math.min(to, text.length); i++) if (text[i] === '\n') count++;
  return count;
}
