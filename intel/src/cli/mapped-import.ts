import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { InputRefused } from '../formats/format.js';
import { FeedMapError, parseFeedMap, type FeedMap } from '../formats/mapped/feed-map.js';
import { mappedFormat } from '../formats/mapped/mapped-format.js';
import { listInputFiles } from '../input/list-inputs.js';
import { openInput } from '../input/open-input.js';
import type { Draft } from '../model/drafts.js';
import { prepareIndicator } from '../pipeline/prepare/indicator.js';
import { RecordRejected } from '../pipeline/prepare/fields.js';
import type { SourceContext } from '../pipeline/prepare/source-context.js';
import { formatTable } from './table.js';

/** The map file named by --map, checked; --format csv|json must agree with the map's own format. */
export async function loadMapFile(file: string, format: string | undefined): Promise<FeedMap> {
  if (format !== undefined && format !== 'csv' && format !== 'json')
    throw new FeedMapError([`with --map, --format is csv or json (not "${format}")`]);
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new FeedMapError([`${path.basename(file)} cannot be read as JSON (${reason})`]);
  }
  const said = (json as { format?: unknown } | null)?.format;
  if (format && said !== undefined && said !== format)
    throw new FeedMapError([`the map says "format": "${String(said)}" but --format is ${format}`]);
  if (format && json !== null && typeof json === 'object' && !Array.isArray(json)) json = { ...json, format };
  return parseFeedMap(json);
}

/** Control characters shown, long values cut: the terminal renders hostile text inert. */
const inert = (text: string, max = 48): string => {
  // eslint-disable-next-line no-control-regex -- control characters are what is shown inert
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '�');
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
};

export interface DryRun {
  text: string;
  records: number;
  rejected: number;
}

/**
 * `--dry-run`: the first rows as the pipeline would store them (the importer's own mapping and
 * preparation, with the default source judgement), then totals over the whole file; nothing is
 * written and no database is needed.
 */
export async function dryRun(inputs: string[], map: FeedMap, shown = 20): Promise<DryRun> {
  const adapter = mappedFormat(map);
  const source: SourceContext = {
    id: '',
    name: 'dry run',
    tlp: adapter.defaults.tlp,
    confidence: adapter.defaults.confidence,
  };
  const rows: string[][] = [];
  const rejects: string[] = [];
  let records = 0;
  let rejected = 0;
  const files = (await Promise.all(inputs.map((i) => listInputFiles(i)))).flat();
  if (files.length === 0) throw new InputRefused('no file to import (the folder is empty)');
  for (const file of files) {
    const input = await openInput(file);
    const prefix = files.length > 1 ? `${path.basename(file)}: ` : '';
    for await (const draft of adapter.parse(input.stream, {
      fileName: path.basename(file),
      head: input.sample.head,
    })) {
      records++;
      const result = prepared(draft, source);
      if (typeof result === 'string') {
        rejected++;
        if (rows.length + rejects.length < shown)
          rejects.push(`  ✗ ${prefix}${draft.where}: ${inert(result, 200)}`);
      } else if (rows.length + rejects.length < shown)
        rows.push([inert(prefix + draft.where, 24), ...result]);
    }
  }
  const table = formatTable(
    ['where', 'type', 'value', 'first seen', 'last seen', 'tlp', 'conf.', 'labels', 'malware', 'description'],
    rows,
  );
  const text = [
    `dry run (${adapter.name}): nothing was written. The first rows as they would be stored:`,
    table,
    ...rejects,
    `${records.toLocaleString('en')} records: ${(records - rejected).toLocaleString('en')} would import, ${rejected.toLocaleString('en')} rejected`,
  ].join('\n');
  return { text, records, rejected };
}

/** The stored form of one draft as table cells, or the reason it is rejected. */
function prepared(draft: Draft, source: SourceContext): string[] | string {
  if (draft.kind === 'reject') return draft.reason;
  if (draft.kind !== 'indicator') return 'not an indicator';
  try {
    const s = prepareIndicator(draft, source);
    return [
      s.type,
      inert(s.value),
      s.firstSeen ?? '',
      s.lastSeen ?? '',
      s.tlp,
      String(s.confidence),
      inert(s.labels.join(', '), 30),
      inert(s.malware.join(', '), 30),
      inert(s.description, 30),
    ];
  } catch (error) {
    if (error instanceof RecordRejected) return error.message;
    throw error;
  }
}
