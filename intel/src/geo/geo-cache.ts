import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import {
  GEO_FILES,
  GeoDatabase,
  geoDirectory,
  geoFilePath,
  type GeoFile,
  type NameLookup,
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
const FORMAT = 2;
const FILES = Object.keys(GEO_FILES) as GeoFile[];
const TABLES = ['asn4', 'asn6', 'country4', 'country6'] as const;

interface Header {
  format: number;
  fingerprint: string;
  countries: string[];
  /** `<table>.<array>` → [byte offset, element count, 8 | 32 | 64]. */
  arrays: Record<string, [number, number, 8 | 32 | 64]>;
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

/** AS names as sorted numbers, offsets and one UTF-8 blob: a few MB, no per-name objects. */
function packNames(names: Map<number, string>): {
  asns: Uint32Array;
  offsets: Uint32Array;
  bytes: Uint8Array;
} {
  const sorted = [...names].sort((a, b) => a[0] - b[0]);
  const encoded = sorted.map(([, name]) => Buffer.from(name, 'utf8'));
  const offsets = new Uint32Array(sorted.length + 1);
  encoded.forEach((bytes, i) => (offsets[i + 1] = offsets[i]! + bytes.length));
  return {
    asns: Uint32Array.from(sorted, ([asn]) => asn),
    offsets,
    bytes: new Uint8Array(Buffer.concat(encoded)),
  };
}

class PackedNames implements NameLookup {
  private readonly decoder = new TextDecoder();
  constructor(
    private readonly asns: Uint32Array,
    private readonly offsets: Uint32Array,
    private readonly bytes: Uint8Array,
  ) {}

  get(asn: number): string | undefined {
    let low = 0;
    let high = this.asns.length - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const at = this.asns[mid]!;
      if (at === asn)
        return this.decoder.decode(this.bytes.subarray(this.offsets[mid]!, this.offsets[mid + 1]!));
      if (at < asn) low = mid + 1;
      else high = mid - 1;
    }
    return undefined;
  }
}

export function writeCompiled(db: GeoDatabase, file: string, fingerprint: string): void {
  const parts: Buffer[] = [];
  const header: Header = {
    format: FORMAT,
    fingerprint,
    countries: db.countries,
    arrays: {},
  };
  let offset = 0;
  const sections: (readonly [string, Uint8Array | Uint32Array | BigUint64Array | undefined])[] = [
    ...TABLES.flatMap((name) =>
      Object.entries(arraysOf(db[name])).map(([key, array]) => [`${name}.${key}`, array] as const),
    ),
    ...Object.entries(packNames(db.asNames as Map<number, string>)).map(
      ([key, array]) => [`names.${key}`, array] as const,
    ),
  ];
  for (const [key, array] of sections) {
    {
      if (!array) continue;
      header.arrays[key] = [
        offset,
        array.length,
        array instanceof BigUint64Array ? 64 : array instanceof Uint8Array ? 8 : 32,
      ];
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
  // One allocation, read straight into memory the typed arrays can view (8-byte aligned): no copy.
  let data: ArrayBuffer;
  try {
    const fd = openSync(file, 'r');
    try {
      data = new ArrayBuffer(fstatSync(fd).size);
      const bytes = new Uint8Array(data);
      for (let at = 0; at < bytes.length;) {
        const read = readSync(fd, bytes, at, bytes.length - at, at);
        if (read === 0) return undefined;
        at += read;
      }
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
  const view = Buffer.from(data);
  const length = view.readUInt32LE(0);
  const header = JSON.parse(view.toString('utf8', 4, 4 + length)) as Header;
  if (header.format !== FORMAT || header.fingerprint !== fingerprint) return undefined;
  const base = Math.ceil((4 + length) / 8) * 8;
  const array = (key: string) => {
    const entry = header.arrays[key];
    if (!entry) return undefined;
    const [at, count, bits] = entry;
    if (bits === 8) return new Uint8Array(data, base + at, count);
    return bits === 64 ? new BigUint64Array(data, base + at, count) : new Uint32Array(data, base + at, count);
  };
  const table = (name: (typeof TABLES)[number]): Table => ({
    ranges: new RangeTable(
      array(`${name}.startHi`) as Uint32Array | BigUint64Array,
      array(`${name}.startLo`) as BigUint64Array | undefined,
      array(`${name}.endHi`) as Uint32Array | BigUint64Array,
      array(`${name}.endLo`) as BigUint64Array | undefined,
    ),
    values: array(`${name}.values`) as Uint32Array,
  });
  return new GeoDatabase(
    table('asn4'),
    table('asn6'),
    table('country4'),
    table('country6'),
    new PackedNames(
      array('names.asns') as Uint32Array,
      array('names.offsets') as Uint32Array,
      array('names.bytes') as Uint8Array,
    ),
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
