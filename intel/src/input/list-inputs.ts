import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Files that travel with data folders but are not data: notes, licences, manifests and indexes
 * (`cve-records/index.csv` would otherwise be read as a CSV feed), and hidden files.
 */
const NOT_DATA = /^(\.|licen[cs]e|provenance|readme)|\.(md|tsv)$|^index\.csv$/i;

export const isDataFileName = (name: string): boolean => !NOT_DATA.test(name);

async function collect(folder: string, files: string[]): Promise<void> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    if (!isDataFileName(entry.name)) continue;
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) await collect(full, files);
    // A link to a file is followed; a link to a folder is not (it could loop).
    else if (
      entry.isFile() ||
      (entry.isSymbolicLink() && (await stat(full).catch(() => undefined))?.isFile())
    )
      files.push(full);
  }
}

/**
 * The file itself, or every data file below a folder (recursively, sorted by path), so a folder
 * of CVE records imports as one run. A file named explicitly is taken whatever its name.
 */
export async function listInputFiles(input: string): Promise<string[]> {
  if (!(await stat(input)).isDirectory()) return [input];
  const files: string[] = [];
  await collect(input, files);
  return files.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
