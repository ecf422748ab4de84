import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { connect, resolveDbUrl } from '../db/connect.js';
import { writeIndicatorCsv } from '../export/csv.js';
import { writeMispEvent } from '../export/misp-event.js';
import { writeBundle } from '../export/stix-bundle.js';
import { entityIds, stixObjectPages, TLP_LEVELS, type TlpLevel } from '../export/stix-pages.js';
import { UsageError } from './import-command.js';

export const EXPORT_USAGE =
  'npm run intel -- export stix|misp|csv [--out FILE] [--type T]... [--id STIX_ID]... [--entity STIX_ID] [--collection ID] [--max-tlp LEVEL] [--limit N]';

/**
 * Streams the knowledge base out as a STIX 2.1 bundle, a MISP event or CSV, a page of 1,000 at a
 * time (constant memory at any size). Runs as the service role; TLP:RED is left out unless
 * `--max-tlp red` says otherwise.
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
      'max-tlp': { type: 'string', default: 'amber+strict' },
      'db-url': { type: 'string' },
      workdir: { type: 'string' },
    },
  });
  const format = positionals[0];
  if (format !== 'stix' && format !== 'misp' && format !== 'csv')
    throw new UsageError(`export: say stix, misp or csv\n  ${EXPORT_USAGE}`);
  const maxTlp = values['max-tlp'] as TlpLevel;
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
    const count =
      format === 'stix'
        ? await writeBundle(pages, out)
        : format === 'misp'
          ? await writeMispEvent(pages, out)
          : await writeIndicatorCsv(pages, out);
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
