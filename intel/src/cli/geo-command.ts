import { parseArgs } from 'node:util';
import { connect, resolveDbUrl } from '../db/connect.js';
import { annotateIndicators } from '../geo/annotate-indicators.js';
import { geoDatabase, reloadGeoDatabase, sourcePaths } from '../geo/geo-cache.js';
import { GeoUpdateRefused, installGeoFiles } from '../geo/install-files.js';
import { UsageError } from './import-command.js';

export const GEO_USAGE = `npm run intel -- geo update [--from DIR] [--json]   (offline ASN and country: take newer files, re-annotate indicators)
  npm run intel -- geo lookup ADDRESS…`;

/**
 * `geo update`: takes the newer ip-location-db CSV files in --from (if given), then writes the AS
 * and country of every address and ASN indicator again, in batches, with progress on stderr.
 * `geo lookup`: what the offline database says of addresses (no database connection).
 */
export async function geoCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      from: { type: 'string' },
      json: { type: 'boolean', default: false },
      'batch-size': { type: 'string' },
      'db-url': { type: 'string' },
      workdir: { type: 'string' },
    },
  });
  const [action, ...rest] = positionals;
  if (action === 'lookup') {
    if (rest.length === 0) throw new UsageError(`name an address\n${GEO_USAGE}`);
    const answers = rest.map((address) => ({ address, ...geoDatabase().lookup(address) }));
    process.stdout.write(`${values.json ? JSON.stringify(answers) : JSON.stringify(answers, null, 2)}\n`);
    return 0;
  }
  if (action !== 'update') throw new UsageError(GEO_USAGE);
  const started = Date.now();
  try {
    if (values.from) installGeoFiles(values.from);
  } catch (error) {
    if (!(error instanceof GeoUpdateRefused)) throw error;
    process.stderr.write(`geo update refused: ${error.message}\n`);
    return 1;
  }
  const geo = reloadGeoDatabase();
  const db = await connect(resolveDbUrl({ dbUrl: values['db-url'], workdir: values.workdir }));
  try {
    const done = await annotateIndicators(db, {
      batchSize: values['batch-size'] ? Number(values['batch-size']) : undefined,
      onProgress: (p) =>
        process.stderr.write(
          `\rgeo update: ${p.read.toLocaleString('en')} indicators read, ${p.changed.toLocaleString('en')} changed`,
        ),
    });
    process.stderr.write('\n');
    const summary = {
      ...done,
      seconds: (Date.now() - started) / 1000,
      files: sourcePaths(),
      ranges: geo.sizes,
    };
    process.stdout.write(
      values.json
        ? `${JSON.stringify(summary)}\n`
        : `${done.read.toLocaleString('en')} address and ASN indicators checked, ${done.changed.toLocaleString('en')} re-annotated in ${summary.seconds.toFixed(1)} s\n`,
    );
    return 0;
  } finally {
    await db.end();
  }
}
