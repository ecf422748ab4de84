import { copyFileSync, existsSync, mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { GEO_FILES, GeoDatabase, geoDirectory, type GeoFile } from './geo-database.js';

export class GeoUpdateRefused extends Error {}

/**
 * Takes newer ip-location-db CSV files from a folder (a download of the project's GitHub release,
 * or of the npm packages' files): every one of the four must be there under its upstream name and
 * parse cleanly before any replaces the installed copy, so a bad download changes nothing.
 */
export function installGeoFiles(from: string): Record<GeoFile, string> {
  const files = Object.keys(GEO_FILES) as GeoFile[];
  const sources = Object.fromEntries(files.map((f) => [f, path.join(from, GEO_FILES[f])])) as Record<
    GeoFile,
    string
  >;
  const missing = files.filter((f) => !existsSync(sources[f])).map((f) => GEO_FILES[f]);
  if (missing.length > 0)
    throw new GeoUpdateRefused(`${path.resolve(from)} lacks ${missing.join(', ')}: nothing was changed`);
  try {
    GeoDatabase.parseFiles(sources);
  } catch (error) {
    throw new GeoUpdateRefused(`${(error as Error).message}: nothing was changed`);
  }
  const target = geoDirectory();
  mkdirSync(target, { recursive: true });
  for (const f of files) {
    const temporary = path.join(target, `${GEO_FILES[f]}.${process.pid}.tmp`);
    copyFileSync(sources[f], temporary);
    renameSync(temporary, path.join(target, GEO_FILES[f]));
  }
  return Object.fromEntries(files.map((f) => [f, path.join(target, GEO_FILES[f])])) as Record<
    GeoFile,
    string
  >;
}
