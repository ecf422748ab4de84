import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { connect, resolveDbUrl } from '../db/connect.js';
import { writeMispEvent } from '../export/misp-event.js';
import { writeBundle } from '../export/stix-bundle.js';
import { entityIds, stixObjectPages, TLP_LEVELS, type TlpLevel } from '../export/stix-pages.js';
import { isControlFormat } from '../export/controls/shared.js';
import {
  checkOut,
  CONTROL_FORMAT_LIST,
  controlRequest,
  describeExport,
  runControlRequest,
  type ControlRequest,
} from './export-controls.js';
import { UsageError } from './import-command.js';

export const EXPORT_USAGE = `npm run intel -- export stix|misp [--out FILE] [--type T]... [--id STIX_ID]... [--entity STIX_ID] [--collection ID] [--max-tlp LEVEL] [--limit N]
  npm run intel -- export ${CONTROL_FORMAT_LIST} [--out FILE] [--min-score N] [--max-tlp LEVEL] [--type T]... [--source NAME]... [--sid-base N] [--rpz-wildcard] [--limit N]`;

/**
 * Streams the knowledge base out as a STIX 2.1 bundle or a MISP event, a page of 1,000 at a time
 * (constant memory at any size), or, for security controls, as one of CONTROL_FORMATS holding only the
 * values the server judges actionable (export-controls.ts). Runs as the service role in a read-only
 * transaction; TLP:RED is left out unless `--max-tlp red` says otherwise (controls: above AMBER).
 */
export async function exportCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      type: { type: 'string', multiple: true },
      id: { type: 'string', multiple: true },
      entity: { type: 'string' },
      collection: { type: 'string' },
      limit: { type: 'string' },
      'max-tlp': { type: 'string' },
      'min-score': { type: 'string' },
      source: { type: 'string', multiple: true },
      'sid-base': { type: 'string' },
      'rpz-wildcard': { type: 'boolean' },
      'db-url': { type: 'string' },
      workdir: { type: 'string' },
    },
  });
  const format = positionals[0] ?? '';
  if (isControlFormat(format)) {
    if (values.id || values.entity || values.collection)
      throw new UsageError('--id, --entity and --collection select STIX objects: stix and misp only');
    return controlExport(controlRequest(format, values), values);
  }
  if (format !== 'stix' && format !== 'misp')
    throw new UsageError(
      `export: unknown format "${format}"; one of: stix, misp, ${CONTROL_FORMAT_LIST.replaceAll('|', ', ')}`,
    );
  for (const flag of ['min-score', 'source', 'sid-base', 'rpz-wildcard'] as const)
    if (values[flag] !== undefined)
      throw new UsageError(`--${flag} is for the exports for controls (${CONTROL_FORMAT_LIST})`);
  const maxTlp = (values['max-tlp'] ?? 'amber+strict') as TlpLevel;
  if (!TLP_LEVELS.includes(maxTlp)) throw new UsageError(`--max-tlp takes ${TLP_LEVELS.join(', ')}`);
  const db = await connect(resolveDbUrl({ dbUrl: values['db-url'], workdir: values.workdir }));
  const out: Writable = values.out ? createWriteStream(values.out) : process.stdout;
  try {
    await db.query('begin read only');
    await db.query('set local role service_role');
    const ids = values.entity ? await entityIds(db, values.entity) : values.id;
    const limit = values.limit === undefined ? undefined : Number(values.limit);
    if (limit !== undefined && !(Number.isInteger(limit) && limit > 0))
      throw new UsageError('--limit takes a positive whole number');
    const pages = stixObjectPages(db, {
      ids,
      types: values.type,
      collectionId: values.collection,
      maxTlp,
      limit,
    });
    const started = Date.now();
    const count = format === 'stix' ? await writeBundle(pages, out) : await writeMispEvent(pages, out);
    await db.query('commit');
    if (values.out) {
      out.end();
      await finished(out);
    }
    process.stderr.write(
      `exported ${count} ${format === 'stix' ? 'objects' : 'rows'} in ${Date.now() - started} ms\n`,
    );
    return 0;
  } finally {
    await db.end();
  }
}

async function controlExport(
  request: ControlRequest,
  values: { 'db-url'?: string; workdir?: string },
): Promise<number> {
  await checkOut(request);
  const db = await connect(resolveDbUrl({ dbUrl: values['db-url'], workdir: values.workdir }));
  try {
    await db.query('begin read only');
    await db.query('set local role service_role');
    const started = Date.now();
    const summary = await runControlRequest(db, request);
    await db.query('commit');
    process.stderr.write(`${describeExport(summary)} in ${Date.now() - started} ms\n`);
    return 0;
  } finally {
    await db.end();
  }
}
