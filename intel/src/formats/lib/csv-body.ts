import type { Readable } from 'node:stream';
import type { RejectDraft } from '../../model/drafts.js';
import { InputRefused } from '../format.js';
import { csvBatches, type CsvRecord } from './csv.js';
import { isHeaderRecord, type CsvHeader } from './csv-header.js';

/**
 * The records of a CSV after its header, in batches (one per parsed chunk: the per-record await
 * is what made CSV slow): malformed records already turned into rejects with their line, and the
 * header record skipped, or, with `headerRequired`, its absence refusing the input.
 */
export async function* csvBody(
  input: Readable,
  header: CsvHeader,
  options: { separator?: ',' | ', '; headerRequired?: string } = {},
): AsyncGenerator<(CsvRecord | RejectDraft)[]> {
  let first = true;
  for await (const batch of csvBatches(input, { separator: options.separator ?? ',' })) {
    const out: (CsvRecord | RejectDraft)[] = [];
    for (const item of batch) {
      if ('problem' in item) {
        out.push({ kind: 'reject', where: `line ${item.line}`, reason: item.problem });
        continue;
      }
      if (first) {
        first = false;
        if (isHeaderRecord(header, item.fields)) continue;
        if (options.headerRequired) throw new InputRefused(`${options.headerRequired} (line ${item.line})`);
      }
      out.push(item);
    }
    yield out;
  }
}
