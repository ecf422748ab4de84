/**
 * Makes the demo's EPSS file: the scores of every CVE the demo dataset mentions, plus every 40th
 * score of the full file (so percentiles and charts still see the whole range), in the full file's
 * row order. The full file (360k scores, 20 s to import) stays in data/epss as a documented import;
 * `npm start` loads this subset in about a second.
 *
 *   npx tsx scripts/demo/epss-subset.ts
 */
import { createReadStream, createWriteStream, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGunzip, createGzip, gunzipSync } from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FULL = path.join(ROOT, 'data/epss/epss_scores-full-2026-08-16-via-emba.csv.gz');
const DEMO = path.join(ROOT, 'data/demo');
// The date stays in the name: the file has no score_date line, and the importer dates scores by it.
const SUBSET = path.join(DEMO, 'epss/epss_scores-2026-08-16-demo-subset.csv.gz');
const SAMPLE_EVERY = 40;

function* filesUnder(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* filesUnder(file);
    else yield file;
  }
}

/** Every CVE id written anywhere in the demo's other files (KEV, CVE records, MISP events, …). */
function cvesTheDemoMentions(): Set<string> {
  const cves = new Set<string>();
  for (const file of filesUnder(DEMO)) {
    if (file.includes(`${path.sep}epss${path.sep}`)) continue;
    const bytes = readFileSync(file);
    const text = (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
    for (const match of text.matchAll(/CVE-\d{4}-\d{4,}/gi)) cves.add(match[0].toUpperCase());
  }
  return cves;
}

async function* subsetLines(wanted: Set<string>, counts: { kept: number; read: number }) {
  const lines = createInterface({ input: createReadStream(FULL).pipe(createGunzip()) });
  let index = 0;
  for await (const line of lines) {
    if (index++ === 0) {
      yield `${line}\n`; // the header
      continue;
    }
    counts.read++;
    const cve = line.slice(0, line.indexOf(','));
    if (wanted.has(cve) || counts.read % SAMPLE_EVERY === 0) {
      counts.kept++;
      yield `${line}\n`;
    }
  }
}

const wanted = cvesTheDemoMentions();
const counts = { kept: 0, read: 0 };
await pipeline(
  Readable.from(subsetLines(wanted, counts)),
  createGzip({ level: 9 }),
  createWriteStream(SUBSET),
);
console.log(
  `${path.relative(ROOT, SUBSET)}: ${counts.kept.toLocaleString('en')} of ${counts.read.toLocaleString('en')} scores ` +
    `(${wanted.size.toLocaleString('en')} CVEs the demo mentions, and every ${SAMPLE_EVERY}th), ` +
    `${statSync(SUBSET).size.toLocaleString('en')} bytes`,
);
