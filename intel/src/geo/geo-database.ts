import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isIPv4, isIPv6 } from '../normalise/hosts.js';
import { csvFields, lines } from './csv-lines.js';
import { ipv4Number, ipv6Number, RangeTable } from './ip-ranges.js';

/**
 * Offline ASN and country of an address, from the ip-location-db CSV files installed with the
 * project (`@ip-location-db/asn`: RouteViews, the five RIRs and DB-IP, CC BY 4.0;
 * `@ip-location-db/geo-whois-asn-country`: CC0) or newer copies put in CTI_GEO_DIR by
 * `intel geo update --from <dir>`. Loaded once per process on first use (about a second), then
 * each lookup is a binary search of typed arrays: no network, no database.
 * Format: https://github.com/sapics/ip-location-db#csv-format (inclusive ranges, one a line,
 * ascending; `-num` files give the addresses as decimal numbers).
 */

export interface GeoAnswer {
  asn: number | null;
  asName: string | null;
  country: string | null;
}

export const GEO_FILES = {
  asnIpv4: 'asn-ipv4-num.csv',
  asnIpv6: 'asn-ipv6-num.csv',
  countryIpv4: 'geo-whois-asn-country-ipv4-num.csv',
  countryIpv6: 'geo-whois-asn-country-ipv6-num.csv',
} as const;
export type GeoFile = keyof typeof GEO_FILES;

const PACKAGES: Record<GeoFile, string> = {
  asnIpv4: '@ip-location-db/asn',
  asnIpv6: '@ip-location-db/asn',
  countryIpv4: '@ip-location-db/geo-whois-asn-country',
  countryIpv6: '@ip-location-db/geo-whois-asn-country',
};

/** Where `geo update` keeps newer files (they win over the installed packages'). */
export function geoDirectory(): string {
  return process.env.CTI_GEO_DIR ?? path.resolve(import.meta.dirname, '../../.geo');
}

/** The file a table loads: the update directory's copy, else the installed package's. */
export function geoFilePath(file: GeoFile): string {
  const updated = path.join(geoDirectory(), GEO_FILES[file]);
  if (existsSync(updated)) return updated;
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve(`${PACKAGES[file]}/package.json`)), GEO_FILES[file]);
}

export class GeoFileError extends Error {}

/** AS names by number: a Map when parsed, a packed table when read from the compiled file. */
export interface NameLookup {
  get(asn: number): string | undefined;
}

export interface Table {
  ranges: RangeTable;
  /** One value per range: the ASN, or a country code's index in `countries`. */
  values: Uint32Array;
}

export class GeoDatabase {
  constructor(
    readonly asn4: Table,
    readonly asn6: Table,
    readonly country4: Table,
    readonly country6: Table,
    readonly asNames: NameLookup,
    readonly countries: string[],
  ) {}

  /** Reads the four files (their text: tests pass their own). */
  static fromText(texts: Record<GeoFile, string>, names: Partial<Record<GeoFile, string>> = {}): GeoDatabase {
    const asNames = new Map<number, string>();
    const countries: string[] = [];
    const countryIndex = new Map<string, number>();
    const asn = (fields: string[], where: string): number => {
      const number = Number(fields[2]);
      if (!Number.isInteger(number) || number < 0 || number > 4294967295)
        throw new GeoFileError(`${where}: not an AS number: ${JSON.stringify(fields[2])}`);
      if (fields[3] && !asNames.has(number)) asNames.set(number, fields[3]);
      return number;
    };
    const country = (fields: string[], where: string): number => {
      const code = fields[2] ?? '';
      if (!/^[A-Z]{2}$/.test(code))
        throw new GeoFileError(`${where}: not a country code: ${JSON.stringify(code)}`);
      let index = countryIndex.get(code);
      if (index === undefined) {
        index = countries.push(code) - 1;
        countryIndex.set(code, index);
      }
      return index;
    };
    const table = (file: GeoFile, family: 4 | 6, value: (f: string[], where: string) => number): Table =>
      parseTable(texts[file], names[file] ?? GEO_FILES[file], family, value);
    return new GeoDatabase(
      table('asnIpv4', 4, asn),
      table('asnIpv6', 6, asn),
      table('countryIpv4', 4, country),
      table('countryIpv6', 6, country),
      asNames,
      countries,
    );
  }

  /** Parses the CSV files (seconds: `loadGeoDatabase` reads the compiled copy instead). */
  static parseFiles(paths: Record<GeoFile, string>): GeoDatabase {
    const files = Object.keys(GEO_FILES) as GeoFile[];
    const texts = Object.fromEntries(files.map((f) => [f, readFileSync(paths[f], 'latin1')]));
    // latin1 keeps the bytes; names are UTF-8, decoded once per distinct name below.
    const db = GeoDatabase.fromText(texts as Record<GeoFile, string>, paths);
    const names = db.asNames as Map<number, string>;
    for (const [number, name] of names) names.set(number, Buffer.from(name, 'latin1').toString('utf8'));
    return db;
  }

  /** Ranges held per file (for the update command's summary). */
  get sizes(): Record<GeoFile, number> {
    return {
      asnIpv4: this.asn4.ranges.size,
      asnIpv6: this.asn6.ranges.size,
      countryIpv4: this.country4.ranges.size,
      countryIpv6: this.country6.ranges.size,
    };
  }

  /** The ASN, AS name and country of an address; undefined for a value that is not an address. */
  lookup(address: string): GeoAnswer | undefined {
    if (isIPv4(address)) return this.lookupIpv4(address);
    if (isIPv6(address)) return this.lookupIpv6(address);
    return undefined;
  }

  /** For a value already checked to be a dotted quad (a canonical ipv4 indicator). */
  lookupIpv4(address: string): GeoAnswer {
    const n = ipv4Number(address);
    return this.answer(
      this.asn4,
      this.asn4.ranges.findIpv4(n),
      this.country4,
      this.country4.ranges.findIpv4(n),
    );
  }

  /** For a value already checked to be an IPv6 address. */
  lookupIpv6(address: string): GeoAnswer {
    const n = ipv6Number(address);
    return this.answer(
      this.asn6,
      this.asn6.ranges.findIpv6(n),
      this.country6,
      this.country6.ranges.findIpv6(n),
    );
  }

  private answer(asnTable: Table, asnAt: number, countryTable: Table, countryAt: number): GeoAnswer {
    // AS0 marks unrouted space in the RIR data: no AS, not "AS0".
    const asn = asnAt === -1 || asnTable.values[asnAt] === 0 ? null : asnTable.values[asnAt]!;
    return {
      asn,
      asName: asn === null ? null : (this.asNames.get(asn) ?? null),
      country: countryAt === -1 ? null : this.countries[countryTable.values[countryAt]!]!,
    };
  }

  /** The name of an AS (for an `asn` indicator), when any range names it. */
  asName(asn: number): string | null {
    return this.asNames.get(asn) ?? null;
  }
}

function parseTable(
  text: string,
  name: string,
  family: 4 | 6,
  value: (fields: string[], where: string) => number,
): Table {
  const starts: (number | bigint)[] = [];
  const ends: (number | bigint)[] = [];
  const values: number[] = [];
  const where = (line: number) => `${path.basename(name)} line ${line}`;
  const number = (text: string, line: number): number | bigint => {
    if (!/^[0-9]{1,39}$/.test(text))
      throw new GeoFileError(`${where(line)}: not an address number: ${JSON.stringify(text.slice(0, 60))}`);
    return family === 4 ? Number(text) : BigInt(text);
  };
  for (const [line, at] of lines(text)) {
    const fields = csvFields(line);
    const start = number(fields[0] ?? '', at);
    const end = number(fields[1] ?? '', at);
    if (end < start) throw new GeoFileError(`${where(at)}: the range ends before it starts`);
    const previousStart = starts[starts.length - 1];
    const last = ends[ends.length - 1];
    if (previousStart !== undefined && start < previousStart)
      throw new GeoFileError(`${where(at)}: ranges out of order (the file must be sorted by start)`);
    let from = start;
    if (last !== undefined && from <= last) {
      // The upstream files have the odd overlap (one in 411,960 IPv4 rows of 2026-06-17): the
      // earlier range keeps its addresses, this one keeps the rest of its own, if any.
      if (end <= last) continue;
      from = typeof last === 'bigint' ? last + 1n : last + 1;
    }
    starts.push(from);
    ends.push(end);
    values.push(value(fields, where(at)));
  }
  if (starts.length === 0) throw new GeoFileError(`${path.basename(name)} holds no range`);
  return {
    ranges:
      family === 4
        ? RangeTable.ipv4(starts as number[], ends as number[])
        : RangeTable.ipv6(starts as bigint[], ends as bigint[]),
    values: Uint32Array.from(values),
  };
}
