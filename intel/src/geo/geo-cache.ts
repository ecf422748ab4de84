import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  GEO_FILES,
  GeoDatabase,
  geoDirectory,
  geoFilePath,
  type GeoFile,
  type Table,
} from './geo-database.js';
import { RangeTable } from './ip-ranges.js';

/**
 * The parsed database kept as one binary file beside the update directory, so a process loads it
 * in milliseconds instead of parsing 60 MB of CSV (seconds). Layout: a little-endian u32 header
 * length, the header (JSON: the source files' fingerprint, AS names, country codes, each array's
 * offset and length), then the typed arrays, each at an 8-byte boundary. Rebuilt whenever a
 * source file's path, size or modification time differs from the fingerprint.
 */

const CACHE_FILE = 'geo-compiled.bin';
const FORMAT = 1;
const FILES = Object.keys(GEO_FILES) as GeoFile[];
const TABLES = ['asn4', 'asn6', 'country4', 'country6'] as const;

interface Header {
  format: number;
  fingerprint: string;
  asNames: [number, string][];
  countries: string[];
  /** `<table>.<array>` → [byte offset, element count, 32 | 64]. */
  arrays: Record<string, [number, number, 32 | 64]>;
}

export function sourcePaths(): Record<GeoFile, string> {
  return Object.fromEntries(FILES.map((f) => [f, geoFilePath(f)])) as Record<GeoFile, string>;
}

function fingerprintOf(paths: Record<GeoFile, string>): string {
  return JSON.stringify(
    FILES.map((f) => {
      const s = statSync(paths[f]);
      return [paths[f], s.size, Math.trunc(s.mtimeMs)];
    }),
  );
}

function arraysOf(
  table: Table,
): Record<'startHi' | 'startLo' | 'endHi' | 'endLo' | 'values', Uint32Array | BigUint64Array | undefined> {
  const r = table.ranges;
  return { startHi: r.startHi, startLo: r.startLo, endHi: r.endHi, endLo: r.endLo, values: table.values };
}

export function writeCompiled(db: GeoDatabase, file: string, fingerprint: string): void {
  const parts: Buffer[] = [];
  const header: Header = {
    format: FORMAT,
    fingerprint,
    asNames: [...db.asNames],
    countries: db.countries,
    arrays: {},
  };
  let offset = 0;
  for (const name of TABLES) {
    for (const [key, array] of Object.entries(arraysOf(db[name]))) {
      if (!array) continue;
      header.arrays[`${name}.${key}`] = [offset, array.length, array instanceof BigUint64Array ? 64 : 32];
      const bytes = Buffer.from(array.buffer, array.byteOffset, array.byteLength);
      const padded = Buffer.alloc(Math.ceil(bytes.length / 8) * 8);
      bytes.copy(padded);
      parts.push(padded);
      offset += padded.length;
    }
  }
  const json = Buffer.from(JSON.stringify(header));
  const lead = Buffer.alloc(Math.ceil((4 + json.length) / 8) * 8);
  lead.writeUInt32LE(json.length, 0);
  json.copy(lead, 4);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, Buffer.concat([lead, ...parts]));
  renameSync(temporary, file);
}

export function readCompiled(file: string, fingerprint: string): GeoDatabase | undefined {
  let buffer: Buffer;
  try {
    buffer = readFileSync(file);
  } catch {
    return undefined;
  }
  const length = buffer.readUInt32LE(0);
  const header = JSON.parse(buffer.toString('utf8', 4, 4 + length)) as Header;
  if (header.format !== FORMAT || header.fingerprint !== fingerprint) return undefined;
  const base = Math.ceil((4 + length) / 8) * 8;
  // A copy aligned for the typed arrays (readFileSync's buffer may start anywhere in its pool).
  const data = new ArrayBuffer(buffer.length - base);
  new Uint8Array(data).set(buffer.subarray(base));
  const array = (key: string) => {
    const entry = header.arrays[key];
    if (!entry) return undefined;
    const [at, count, bits] = entry;
    return bits === 64 ? new BigUint64Array(data, at, count) : new Uint32Array(data, at, count);
  };
  const table = (name: (typeof TABLES)[number]): Table => ({
    ranges: new RangeTable(
      array(`${name}.startHi`)!,
      array(`${name}.startLo`) as BigUint64Array | undefined,
      array(`${name}.endHi`)!,
      array(`${name}.endLo`) as BigUint64Array | undefined,
    ),
    values: array(`${name}.values`) as Uint32Array,
  });
  return new GeoDatabase(
    table('asn4'),
    table('asn6'),
    table('country4'),
    table('country6'),
    new Map(header.asNames),
    header.countries,
  );
}

/** The compiled copy when current, else the CSV files parsed (and compiled for next time). */
export function loadGeoDatabase(): GeoDatabase {
  const paths = sourcePaths();
  const fingerprint = fingerprintOf(paths);
  const file = path.join(geoDirectory(), CACHE_FILE);
  const cached = readCompiled(file, fingerprint);
  if (cached) return cached;
  const db = GeoDatabase.parseFiles(paths);
  try {
    mkdirSync(geoDirectory(), { recursive: true });
    writeCompiled(db, file, fingerprint);
  } catch {
    // A read-only install parses each time: slower to start, same answers.
  }
  return db;
}

let loaded: GeoDatabase | undefined;

/** The process's database, loaded on first use. */
export function geoDatabase(): GeoDatabase {
  loaded ??= loadGeoDatabase();
  return loaded;
}

/** Loads again (after `geo update` changed the files). */
export function reloadGeoDatabase(): GeoDatabase {
  loaded = loadGeoDatabase();
  return loaded;
}
